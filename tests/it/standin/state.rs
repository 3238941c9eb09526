//! What the stand-in records: messages, interactions, requests, gateway sessions, threads.

use super::*;

/// A message as the stand-in stores it.
#[derive(Debug, Clone)]
pub struct Msg {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub components: Value,
    /// File names and bytes of the attachments it shows.
    pub files: Vec<(String, Vec<u8>)>,
    pub ephemeral: bool,
    pub edits: u32,
    pub deleted: bool,
    /// The `allowed_mentions` it was sent with.
    pub allowed_mentions: Value,
    /// The descriptions (alt text) of the attachments it lists.
    pub alts: Vec<String>,
}

impl Msg {
    pub fn custom_ids(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(rows) = self.components.as_array() {
            for r in rows {
                for b in r["components"].as_array().into_iter().flatten() {
                    if let Some(id) = b["custom_id"].as_str() {
                        out.push(id.to_string());
                    }
                }
            }
        }
        out
    }

    pub fn labels(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for r in self.components.as_array().into_iter().flatten() {
            for b in r["components"].as_array().into_iter().flatten() {
                out.push((
                    b["label"].as_str().unwrap_or("").to_string(),
                    b["custom_id"].as_str().unwrap_or("").to_string(),
                ));
            }
        }
        out
    }

    pub fn has_png(&self) -> bool {
        self.files
            .iter()
            .any(|(_, b)| b.starts_with(b"\x89PNG\r\n\x1a\n"))
    }
}

#[derive(Debug, Clone)]
pub struct Inter {
    pub id: u64,
    pub token: String,
    pub channel: u64,
    pub component: bool,
    pub dispatched: Instant,
    pub acked: Option<Duration>,
    pub callback_type: Option<u64>,
    /// The message @original refers to.
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    /// When the first edit of @original arrived, after the dispatch.
    pub edited: Option<Duration>,
    /// The choices of an autocomplete answer (callback type 8).
    pub choices: Option<Value>,
    /// Through the person's own install only (`authorizing_integration_owners` {"1"}): at most
    /// 5 follow-up messages (then 400, code 40094).
    pub user_only: bool,
    /// Follow-up messages created through the token (`POST /webhooks/{app}/{token}`).
    pub posted_followups: u32,
}

/// One request the bot made.
#[derive(Debug, Clone)]
pub struct Req {
    pub method: Method,
    pub path: String,
    pub status: u16,
    /// When the request arrived.
    pub at: Instant,
}

/// One IDENTIFY as the stand-in saw it.
#[derive(Debug, Clone)]
pub struct Identify {
    pub at: Instant,
    pub shard: u32,
    pub shards: u32,
    /// The session it opened; `None` when it was turned down (op 9, or close 4010).
    pub session_id: Option<String>,
}

/// A live gateway session: a connection that identified and has not gone away.
#[derive(Debug, Clone)]
pub struct Session {
    /// The connection's serial number.
    pub conn: u64,
    pub session_id: String,
    pub shard: u32,
    pub shards: u32,
    pub identified: Instant,
    /// The sequence number of the last dispatch sent on it (its own `s`, as on Discord).
    pub seq: u64,
    pub(super) tx: mpsc::UnboundedSender<String>,
}

/// A dispatch that no live session could take, as Discord would not deliver it either.
#[derive(Debug, Clone)]
pub struct Undelivered {
    pub at: Instant,
    pub t: String,
    pub guild: Option<u64>,
    /// The shard it was for, of `shards` (the shard count of the newest live session, else of
    /// the last IDENTIFY).
    pub shard: u32,
    pub shards: u32,
    pub d: Value,
}

/// Two live sessions identified as the same shard; events go to the newer one.
#[derive(Debug, Clone)]
pub struct DuplicateShard {
    pub at: Instant,
    pub shard: u32,
    pub shards: u32,
    pub older: String,
    pub newer: String,
}

/// A session that ended.
#[derive(Debug, Clone)]
pub struct Disconnect {
    pub at: Instant,
    pub session_id: String,
    pub shard: u32,
    pub shards: u32,
    /// The close frame's code; `None` when the connection just ended (a killed process).
    pub close_code: Option<u16>,
}

#[derive(Default)]
pub struct State_ {
    /// The Activities' codes, tokens and instances.
    pub activities: super::activity::Activities,
    pub next_id: u64,
    /// Files people attached to commands, served as Discord's CDN serves them
    /// (`GET /cdn/attachments/<id>/<name>`).
    pub attachments: HashMap<u64, Vec<u8>>,
    /// Per channel: the most turn pings in view at once.
    pub most_pings_in_view: HashMap<u64, usize>,
    pub messages: HashMap<u64, Msg>,
    /// Message ids in posting order.
    pub order: Vec<u64>,
    pub interactions: HashMap<String, Inter>,
    pub violations: Vec<String>,
    pub requests: Vec<Req>,
    pub commands: Vec<Value>,
    /// The application's Entry Point command (type 4), as Discord makes one when Activities
    /// are enabled in the developer portal ([`StandIn::enable_activities`]): a global bulk
    /// overwrite that leaves it out is refused (400, code 50240).
    pub entry_point: Option<Value>,
    /// Global bulk overwrites refused for leaving the Entry Point command out.
    pub entry_point_refusals: u32,
    /// Some session was answered READY.
    pub identified: bool,
    /// IDENTIFYs answered with READY.
    pub identifies: u32,
    /// Every IDENTIFY, answered or turned down, in order.
    pub identify_log: Vec<Identify>,
    /// RESUMEs (op 6); the stand-in cannot resume and answers op 9 (`d: false`).
    pub resumes: u32,
    /// Live sessions, oldest first.
    pub sessions: Vec<Session>,
    pub disconnects: Vec<Disconnect>,
    pub undelivered: Vec<Undelivered>,
    pub duplicate_shards: Vec<DuplicateShard>,
    pub heartbeats: u32,
    /// Statuses to answer the next edits with (500, 429, 404, 403), then normal service.
    pub fail_edits: VecDeque<u16>,
    /// Statuses to answer the next message deletions with, then normal service.
    pub fail_deletes: VecDeque<u16>,
    /// Every channel-message call in this channel answers 500 (a Discord outage there).
    pub broken_channel: Option<u64>,
    pub failed: Vec<(String, u16)>,
    /// Statuses (and a 429's `retry_after`, seconds) to answer the next channel writes with.
    pub fail_writes: VecDeque<(u16, f64)>,
    /// Per channel: the budget window's start and the writes in it.
    pub budget: HashMap<u64, (Instant, u32)>,
    /// Every channel write that arrived (channel, when, what), answered or not.
    pub writes: Vec<(u64, Instant, String)>,
    /// The 429s the budget answered (what, when).
    pub limited: Vec<(String, Instant)>,
    /// Dispatches made, delivered or not.
    pub seq: u64,
    /// Where each channel is: `Some(guild)`, or `None` for a DM. Unlisted: `GUILD`.
    pub channel_guilds: HashMap<u64, Option<u64>>,
    /// Channels whose interactions come only through the person's own install of the app
    /// (`authorizing_integration_owners` {"1": user}): a server that has not added the bot,
    /// or, for a DM channel, a group DM (context 2).
    pub user_installed: std::collections::HashSet<u64>,
    /// The bot's permissions per channel, as interactions carry them (`app_permissions`).
    /// Unlisted: [`APP_PERMISSIONS`].
    pub app_permissions: HashMap<u64, u64>,
    /// Threads opened, by id (a thread opened from a message has the message's id).
    pub threads: HashMap<u64, ThreadChannel>,
    /// Each person's DM channel with the bot (`POST /users/@me/channels`).
    pub dm_channels: HashMap<u64, u64>,
    /// People whose DMs are closed to the bot: a message to their DM channel is refused with
    /// 403, code 50007 ("Cannot send messages to this user").
    pub closed_dms: std::collections::HashSet<u64>,
    pub(super) next_conn: u64,
}

/// The bot's permissions in a channel unless a test says otherwise: View Channel, Send
/// Messages, Embed Links, Attach Files, Read Message History, Use Application Commands.
pub const APP_PERMISSIONS: u64 = 2_147_601_408;
/// Create Public Threads and Send Messages in Threads.
pub const THREAD_PERMISSIONS: u64 = (1 << 35) | (1 << 38);

/// A thread the bot opened.
#[derive(Debug, Clone)]
pub struct ThreadChannel {
    pub id: u64,
    pub parent: u64,
    pub name: String,
    pub archived: bool,
    /// How often it was archived, and unarchived.
    pub archives: u32,
    pub unarchives: u32,
}

pub(super) fn thread_json(t: &ThreadChannel, guild: u64) -> Value {
    json!({
        "id": t.id.to_string(),
        "type": 11,
        "guild_id": guild.to_string(),
        "parent_id": t.parent.to_string(),
        "owner_id": BOT.to_string(),
        "name": t.name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "nsfw": false,
        "position": 0,
        "permission_overwrites": [],
        "thread_metadata": {
            "archived": t.archived,
            "auto_archive_duration": 60,
            "archive_timestamp": "2026-12-02T00:00:00.000000+00:00",
            "locked": false,
            "create_timestamp": "2026-12-02T00:00:00.000000+00:00",
        },
    })
}

impl State_ {
    /// The (shard, shards) pairs of the live sessions, oldest first.
    pub fn live_shards(&self) -> Vec<(u32, u32)> {
        self.sessions.iter().map(|s| (s.shard, s.shards)).collect()
    }

    /// The newest live session holding `shard` of `shards`.
    pub fn session(&self, shard: u32, shards: u32) -> Option<&Session> {
        self.sessions
            .iter()
            .rev()
            .find(|s| s.shard == shard && s.shards == shards)
    }
}
