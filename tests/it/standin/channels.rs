//! Channels as tests set them up and read them back: guilds, DMs, permissions, threads,
//! the messages a channel holds.

use super::*;

impl StandIn {
    /// Where channel `channel` is: `Some(guild)` (by default `GUILD`), or `None` for a DM.
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        let st = self.state.lock().unwrap();
        st.channel_guilds
            .get(&channel)
            .copied()
            .unwrap_or(Some(GUILD))
    }

    /// Interactions in `channel` (slash commands, autocomplete, clicks on its messages) come
    /// from guild `guild`.
    /// Activities enabled in the developer portal: Discord made the application's default
    /// Entry Point command ("launch", handled by Discord itself), which a global bulk
    /// overwrite must keep.
    pub fn enable_activities(&self) {
        self.state.lock().unwrap().entry_point = Some(json!({
            "id": (CMD_ID + 1).to_string(),
            "application_id": APP.to_string(),
            "version": "1",
            "type": 4,
            "name": "launch",
            "description": "",
            "handler": 2,
            "integration_types": [0, 1],
            "contexts": [0, 1, 2],
            "nsfw": false,
        }));
    }

    pub fn set_channel_guild(&self, channel: u64, guild: u64) {
        let mut st = self.state.lock().unwrap();
        st.channel_guilds.insert(channel, Some(guild));
    }

    /// The bot's permissions in `channel` (a thread has its parent's).
    pub fn app_permissions_in(&self, channel: u64) -> u64 {
        let st = self.state.lock().unwrap();
        let ch = st.threads.get(&channel).map_or(channel, |t| t.parent);
        st.app_permissions
            .get(&ch)
            .copied()
            .unwrap_or(APP_PERMISSIONS)
    }

    /// The bot has these permissions in `channel` (and its threads).
    pub fn set_app_permissions(&self, channel: u64, bits: u64) {
        self.state
            .lock()
            .unwrap()
            .app_permissions
            .insert(channel, bits);
    }

    /// A thread the bot opened.
    pub fn thread(&self, id: u64) -> Option<ThreadChannel> {
        self.state.lock().unwrap().threads.get(&id).cloned()
    }

    /// The threads opened from messages of `channel`.
    pub fn threads_of(&self, channel: u64) -> Vec<ThreadChannel> {
        let st = self.state.lock().unwrap();
        let mut v: Vec<ThreadChannel> = st
            .threads
            .values()
            .filter(|t| t.parent == channel)
            .cloned()
            .collect();
        v.sort_by_key(|t| t.id);
        v
    }

    /// The partial channel an interaction carries: a text channel, or a thread with its
    /// parent and whether it is archived.
    pub(super) fn channel_json(&self, channel: u64) -> Value {
        let st = self.state.lock().unwrap();
        match st.threads.get(&channel) {
            Some(t) => json!({
                "id": channel.to_string(),
                "type": 11,
                "name": t.name,
                "parent_id": t.parent.to_string(),
                "thread_metadata": {
                    "archived": t.archived,
                    "auto_archive_duration": 60,
                    "archive_timestamp": "2026-12-02T00:00:00.000000+00:00",
                    "locked": false,
                },
            }),
            None => json!({"id": channel.to_string(), "type": 0, "name": "yut"}),
        }
    }

    /// `channel` is a DM with the bot: its interactions carry no guild (and go to shard 0).
    pub fn set_channel_dm(&self, channel: u64) {
        let mut st = self.state.lock().unwrap();
        st.channel_guilds.insert(channel, None);
    }

    /// Interactions in `channel` come through the person's own install of the app only: in a
    /// server that has not added the bot, or (with [`set_channel_dm`](Self::set_channel_dm))
    /// in a group DM.
    pub fn set_user_installed(&self, channel: u64) {
        self.state.lock().unwrap().user_installed.insert(channel);
    }

    pub fn message(&self, id: u64) -> Msg {
        self.state.lock().unwrap().messages[&id].clone()
    }

    /// The most recent message that is a game board (has yut buttons), by posting order.
    pub fn latest_board(&self, channel: u64) -> Option<Msg> {
        let st = self.state.lock().unwrap();
        st.order
            .iter()
            .rev()
            .map(|id| &st.messages[id])
            .find(|m| {
                m.channel == channel
                    && !m.ephemeral
                    && !m.deleted
                    && m.custom_ids().iter().any(|c| c.starts_with("yut:"))
            })
            .cloned()
    }

    /// What a channel holds and what the bot asked, for a failing test's message: each
    /// message (id, deleted, buttons' version, first line) and each request with its status.
    pub fn dump_channel(&self, channel: u64) -> String {
        let st = self.state.lock().unwrap();
        let mut out = String::new();
        for id in &st.order {
            let m = &st.messages[id];
            if m.channel != channel {
                continue;
            }
            let version = m
                .custom_ids()
                .first()
                .and_then(|c| c.split(':').nth(2).map(str::to_string));
            out += &format!(
                "\n  msg {} deleted={} ephemeral={} edits={} buttons={:?} {:?}",
                m.id,
                m.deleted,
                m.ephemeral,
                m.edits,
                version,
                m.content.lines().next().unwrap_or("")
            );
        }
        let t0 = st.requests.first().map(|r| r.at);
        for r in &st.requests {
            let ms = t0.map_or(0, |t| r.at.duration_since(t).as_millis());
            out += &format!("\n  +{ms} ms {} {} -> {}", r.method, r.path, r.status);
        }
        out
    }

    /// Is `channel` the DM channel of someone whose DMs are closed?
    pub(super) fn dm_closed(&self, channel: &str) -> bool {
        let st = self.state.lock().unwrap();
        st.dm_channels
            .iter()
            .any(|(u, c)| c.to_string() == channel && st.closed_dms.contains(u))
    }

    /// `user` does not take DMs from the bot.
    pub fn set_dms_closed(&self, user: u64) {
        self.state.lock().unwrap().closed_dms.insert(user);
    }

    /// The messages the bot sent `user` in their DM channel, oldest first.
    pub fn dms_to(&self, user: u64) -> Vec<Msg> {
        let st = self.state.lock().unwrap();
        let Some(&ch) = st.dm_channels.get(&user) else {
            return Vec::new();
        };
        st.order
            .iter()
            .map(|id| &st.messages[id])
            .filter(|m| m.channel == ch)
            .cloned()
            .collect()
    }

    /// Turn pings: messages that mention someone, with their mention rules.
    pub fn pings(&self, channel: u64) -> Vec<Msg> {
        let st = self.state.lock().unwrap();
        st.order
            .iter()
            .map(|id| &st.messages[id])
            .filter(|m| {
                m.channel == channel && m.content.starts_with("<@") && m.custom_ids().is_empty()
            })
            .cloned()
            .collect()
    }

    /// The turn pings of a channel still in view (not deleted).
    pub fn live_pings(&self, channel: u64) -> Vec<Msg> {
        self.pings(channel)
            .into_iter()
            .filter(|m| !m.deleted)
            .collect()
    }

    /// Wait (up to 10 s) until the newest turn ping of `channel` mentions `user` and is in view.
    pub async fn wait_ping_for(&self, channel: u64, user: u64) -> Msg {
        let mention = format!("<@{user}>");
        self.wait_for("the turn's ping", Duration::from_secs(10), |st| {
            st.order
                .iter()
                .rev()
                .map(|i| &st.messages[i])
                .find(|m| {
                    m.channel == channel && m.content.starts_with("<@") && m.custom_ids().is_empty()
                })
                .filter(|m| !m.deleted && m.content.starts_with(&mention))
                .cloned()
        })
        .await
    }

    /// Wait (up to `limit`) until no turn ping of `channel` is in view.
    pub async fn wait_no_ping(&self, channel: u64, limit: Duration) {
        self.wait_for("no turn ping in view", limit, |st| {
            let live = st
                .messages
                .values()
                .filter(|m| {
                    m.channel == channel
                        && m.content.starts_with("<@")
                        && m.custom_ids().is_empty()
                        && !m.deleted
                })
                .count();
            (live == 0).then_some(())
        })
        .await
    }
}
