//! Interactions a person makes (slash commands, autocomplete, user commands, clicks, choices)
//! and the waits for the bot's answers.

use super::*;

impl StandIn {
    /// An interaction in `channel`, from the channel's guild (`guild_of`) or a DM.
    pub(super) fn interaction_base(
        &self,
        kind: u8,
        channel: u64,
        who: (u64, &str, u64),
        locale: &str,
    ) -> (Value, String) {
        let id = self.next_id();
        let token = format!("tok{id}");
        let mut v = json!({
            "id": id.to_string(),
            "application_id": APP.to_string(),
            "type": kind,
            "channel_id": channel.to_string(),
            "token": token,
            "version": 1,
            "app_permissions": self.app_permissions_in(channel).to_string(),
            "channel": self.channel_json(channel),
            "locale": locale,
            "entitlements": [],
            "attachment_size_limit": 26214400,
        });
        let user_installed = self.state.lock().unwrap().user_installed.contains(&channel);
        match self.guild_of(channel) {
            Some(guild) => {
                v["guild_id"] = json!(guild.to_string());
                v["member"] = member(who.0, who.1, who.2);
                v["guild_locale"] = json!("en-US");
                v["authorizing_integration_owners"] = if user_installed {
                    json!({"1": who.0.to_string()})
                } else {
                    json!({"0": guild.to_string()})
                };
                v["context"] = json!(0);
            }
            None if user_installed => {
                // A group DM: the user, context PRIVATE_CHANNEL, the user's install.
                v["user"] = user(who.0, who.1, false);
                v["authorizing_integration_owners"] = json!({"1": who.0.to_string()});
                v["context"] = json!(2);
            }
            None => {
                // A DM with the bot: the user instead of a member, context BOT_DM, and "0"
                // for the guild install.
                v["user"] = user(who.0, who.1, false);
                v["authorizing_integration_owners"] = json!({"0": "0"});
                v["context"] = json!(1);
            }
        }
        (v, token)
    }

    pub(super) fn send_interaction(
        &self,
        v: Value,
        token: String,
        channel: u64,
        component: bool,
        original: Option<u64>,
    ) -> String {
        if let Err(e) =
            serde_json::from_value::<serenity::model::application::Interaction>(v.clone())
        {
            panic!("stand-in interaction does not parse as serenity's Interaction: {e}\n{v:#}");
        }
        let id = v["id"].as_str().unwrap().parse().unwrap();
        let user_only = v["authorizing_integration_owners"].get("0").is_none()
            && v["authorizing_integration_owners"].get("1").is_some();
        self.state.lock().unwrap().interactions.insert(
            token.clone(),
            Inter {
                id,
                token: token.clone(),
                channel,
                component,
                dispatched: Instant::now(),
                acked: None,
                callback_type: None,
                original,
                followups: Vec::new(),
                edited: None,
                choices: None,
                user_only,
                posted_followups: 0,
            },
        );
        self.dispatch("INTERACTION_CREATE", v);
        token
    }

    /// `/yut <sub> [options]` from a user (`permissions` is their permission integer).
    pub fn slash(
        &self,
        channel: u64,
        who: (u64, &str, u64),
        locale: &str,
        sub: &str,
        options: Value,
    ) -> String {
        let (mut v, token) = self.interaction_base(2, channel, who, locale);
        // User options come with the user in `resolved`, as Discord sends them, and with
        // their partial member when they are in the server.
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        for o in options.as_array().into_iter().flatten() {
            if o["type"] == 6 {
                let id = o["value"].as_str().unwrap().to_string();
                let n: u64 = id.parse().unwrap();
                users.insert(id.clone(), user(n, &format!("User{id}"), n == OTHER_BOT));
                if n != STRANGER {
                    let mut m = member(n, &format!("User{id}"), 0);
                    m.as_object_mut().unwrap().remove("user");
                    members.insert(id.clone(), m);
                }
            }
        }
        v["data"] = json!({
            "id": CMD_ID.to_string(),
            "name": "yut",
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": options}],
            "resolved": {"users": users, "members": members},
        });
        self.send_interaction(v, token, channel, false, None)
    }

    /// `/yut <sub>` with a file attached as option `option` (type 11), the file in `resolved`
    /// as Discord sends it, its URL on the stand-in's CDN.
    #[allow(clippy::too_many_arguments)]
    pub fn slash_with_file(
        &self,
        channel: u64,
        who: (u64, &str, u64),
        locale: &str,
        sub: &str,
        option: &str,
        name: &str,
        bytes: Vec<u8>,
    ) -> String {
        let (mut v, token) = self.interaction_base(2, channel, who, locale);
        let id = {
            let mut st = self.state.lock().unwrap();
            st.next_id += 1;
            let id = st.next_id;
            st.attachments.insert(id, bytes.clone());
            id
        };
        let url = format!("{}/cdn/attachments/{id}/{name}", self.http_url);
        v["data"] = json!({
            "id": CMD_ID.to_string(),
            "name": "yut",
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": [
                {"name": option, "type": 11, "value": id.to_string()}
            ]}],
            "resolved": {"attachments": {id.to_string(): {
                "id": id.to_string(),
                "filename": name,
                "size": bytes.len(),
                "url": url,
                "proxy_url": url,
                "content_type": "application/json",
            }}},
        });
        self.send_interaction(v, token, channel, false, None)
    }

    /// Typing into option `focused` of `/yut <sub>`: an autocomplete interaction. The options
    /// given are what the user has typed so far; the focused one is marked as Discord does.
    pub fn autocomplete(
        &self,
        channel: u64,
        who: (u64, &str, u64),
        sub: &str,
        focused: &str,
        typed: &str,
    ) -> String {
        let (mut v, token) = self.interaction_base(4, channel, who, "en-US");
        v["data"] = json!({
            "id": CMD_ID.to_string(),
            "name": "yut",
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": [
                {"name": focused, "type": 3, "value": typed, "focused": true}
            ]}],
        });
        self.send_interaction(v, token, channel, false, None)
    }

    /// A user command (`name`, a member's context menu) on `target`, a member of the server.
    pub fn user_command(
        &self,
        channel: u64,
        who: (u64, &str, u64),
        locale: &str,
        name: &str,
        target: u64,
    ) -> String {
        let (mut v, token) = self.interaction_base(2, channel, who, locale);
        let id = target.to_string();
        let mut m = member(target, &format!("User{id}"), 0);
        m.as_object_mut().unwrap().remove("user");
        v["data"] = json!({
            "id": (CMD_ID + 1).to_string(),
            "name": name,
            "type": 2,
            "target_id": id,
            "resolved": {
                "users": {id.clone(): user(target, &format!("User{id}"), target == OTHER_BOT)},
                "members": {id: m},
            },
        });
        self.send_interaction(v, token, channel, false, None)
    }

    /// A click on button `custom_id` of message `message`.
    pub fn click(
        &self,
        message: u64,
        custom_id: &str,
        who: (u64, &str, u64),
        locale: &str,
    ) -> String {
        let m = self.state.lock().unwrap().messages[&message].clone();
        let (mut v, token) = self.interaction_base(3, m.channel, who, locale);
        v["data"] = json!({"custom_id": custom_id, "component_type": 2});
        v["message"] = message_json(&m);
        self.send_interaction(v, token, m.channel, true, Some(message))
    }

    /// A choice of `value` in select menu `custom_id` of message `message` (refused here, as
    /// Discord would, when the message has no such menu or the menu no such option).
    pub fn choose(
        &self,
        message: u64,
        custom_id: &str,
        value: &str,
        who: (u64, &str, u64),
        locale: &str,
    ) -> String {
        let m = self.state.lock().unwrap().messages[&message].clone();
        let offered = m
            .components
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
            .any(|c| {
                c["type"] == 3
                    && c["custom_id"] == custom_id
                    && c["options"]
                        .as_array()
                        .is_some_and(|o| o.iter().any(|o| o["value"] == value))
            });
        assert!(
            offered,
            "message {message} has no menu {custom_id} with {value}"
        );
        self.choose_stale(message, custom_id, value, who, locale)
    }

    /// A choice made on an older copy of message `message` (a client that has not seen its
    /// last edit): sent whatever the message shows now.
    pub fn choose_stale(
        &self,
        message: u64,
        custom_id: &str,
        value: &str,
        who: (u64, &str, u64),
        locale: &str,
    ) -> String {
        let m = self.state.lock().unwrap().messages[&message].clone();
        let (mut v, token) = self.interaction_base(3, m.channel, who, locale);
        v["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        v["message"] = message_json(&m);
        self.send_interaction(v, token, m.channel, true, Some(message))
    }

    /// Wait until the interaction is acknowledged and the bot is done answering it (a quiet
    /// period without requests for it).
    pub async fn wait_acked(&self, token: &str) -> Inter {
        self.wait_for("an acknowledgement", Duration::from_secs(5), |s| {
            s.interactions
                .get(token)
                .filter(|i| i.acked.is_some())
                .cloned()
        })
        .await
    }

    /// Ephemeral follow-ups of an interaction.
    pub fn followups(&self, token: &str) -> Vec<Msg> {
        let st = self.state.lock().unwrap();
        st.interactions[token]
            .followups
            .iter()
            .map(|id| st.messages[id].clone())
            .collect()
    }

    pub async fn wait_followup(&self, token: &str) -> Msg {
        self.wait_for("a follow-up", Duration::from_secs(5), |s| {
            let f = s.interactions.get(token)?.followups.last()?;
            Some(s.messages[f].clone())
        })
        .await
    }
}
