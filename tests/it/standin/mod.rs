//! A stand-in for Discord on loopback: the REST routes and the gateway the bot uses, checking
//! every payload against Discord's documented limits. Violations are collected and fail the
//! test. Payloads sent to the bot are first parsed with serenity's own types, since serenity
//! drops a gateway event it cannot parse with only a debug log.

#![allow(dead_code)]

pub mod board;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub const APP: u64 = 900_000_000_000_000_001;
pub const BOT: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 800_000_000_000_000_001;
pub const CMD_ID: u64 = 900_000_000_000_000_100;
/// A user who is not a member of the server (named in a command's options).
pub const STRANGER: u64 = 999;
/// Another application's bot account, a member of the server.
pub const OTHER_BOT: u64 = 998;

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

/// How the stand-in behaves as Discord's gateway. `Default` is Discord's own behaviour for
/// a small bot: one recommended shard, one IDENTIFY per 5 seconds.
#[derive(Debug, Clone)]
pub struct StandInOptions {
    /// The shard count `GET /gateway/bot` recommends (`shards`).
    pub shards: u32,
    /// `session_start_limit.max_concurrency`: shards in different buckets
    /// (`shard_id % max_concurrency`) may identify at the same time.
    pub max_concurrency: u32,
    /// Two IDENTIFYs in one bucket closer than this are turned down by Discord (5 s).
    pub identify_window: Duration,
    /// What to do with an IDENTIFY inside the window: `false` records a violation and still
    /// answers READY; `true` answers as Discord does, with op 9 Invalid Session (`d: false`)
    /// and no READY, and records it only in `State_::identify_log` (`session_id: None`).
    pub invalid_session_on_early_identify: bool,
    /// Discord's per-channel budget, when set: at most this many writes (POST, PATCH and
    /// DELETE of `/channels/{id}/messages...`, counted together, stricter than Discord's
    /// per-route buckets) per window of this length from the first write of the window, with
    /// `X-RateLimit-*` headers on every write and a 429 with `Retry-After` above it.
    pub channel_budget: Option<(u32, Duration)>,
    /// How long an interaction's token works on the webhook routes (Discord: 15 minutes);
    /// past it they answer 401, code 50027 (Invalid Webhook Token).
    pub token_life: Duration,
}

impl Default for StandInOptions {
    fn default() -> Self {
        StandInOptions {
            shards: 1,
            max_concurrency: 1,
            identify_window: Duration::from_secs(5),
            invalid_session_on_early_identify: false,
            channel_budget: None,
            token_life: Duration::from_secs(15 * 60),
        }
    }
}

/// The shard Discord sends a guild's events to: `(guild_id >> 22) % shards`.
pub fn shard_of(guild: u64, shards: u32) -> u32 {
    ((guild >> 22) % u64::from(shards)) as u32
}

/// Guild ids (snowflakes) whose events go to `shard` of `shards`, in increasing order; never
/// `GUILD` itself, so their per-server state starts empty.
pub fn guilds_on_shard(shard: u32, shards: u32) -> impl Iterator<Item = u64> {
    assert!(shard < shards, "shard {shard} of {shards}");
    let low = GUILD & ((1 << 22) - 1);
    ((GUILD >> 22) + 1..)
        .map(move |t| (t << 22) | low)
        .filter(move |g| shard_of(*g, shards) == shard)
}

/// The first guild id of `guilds_on_shard`.
pub fn guild_on_shard(shard: u32, shards: u32) -> u64 {
    guilds_on_shard(shard, shards).next().unwrap()
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
    tx: mpsc::UnboundedSender<String>,
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
    next_conn: u64,
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

fn thread_json(t: &ThreadChannel, guild: u64) -> Value {
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

/// How the stand-in answers an IDENTIFY.
enum Answer {
    Ready,
    InvalidSession,
    Close(u16, &'static str),
}

impl Session {
    /// Send dispatch `t` with the session's next sequence number; false if it is gone.
    fn send(&mut self, t: &str, d: &Value) -> bool {
        self.seq += 1;
        let payload = json!({"op": 0, "t": t, "s": self.seq, "d": d});
        self.tx.send(payload.to_string()).is_ok()
    }
}

#[derive(Clone)]
pub struct StandIn {
    pub state: Arc<Mutex<State_>>,
    pub http_url: String,
    pub ws_url: String,
    pub options: StandInOptions,
}

fn violation_in(st: &mut State_, v: String) {
    eprintln!("VIOLATION: {v}");
    st.violations.push(v);
}

/// A dispatch must parse as serenity's gateway event, which drops what it cannot parse.
fn check_dispatch(st: &mut State_, t: &str, d: &Value) {
    let payload = json!({"op": 0, "t": t, "s": 1, "d": d});
    match serde_json::from_value::<serenity::model::event::GatewayEvent>(payload) {
        Ok(serenity::model::event::GatewayEvent::Dispatch(_, e)) => {
            if let serenity::model::event::Event::Unknown(_) = e {
                violation_in(st, format!("dispatch {t} reads as an unknown event"));
            }
        }
        Ok(other) => violation_in(st, format!("dispatch {t} reads as {other:?}")),
        Err(e) => violation_in(st, format!("dispatch {t} does not parse: {e}")),
    }
}

fn snowflake_str(v: u64) -> String {
    v.to_string()
}

pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": snowflake_str(id),
        "username": name.to_lowercase(),
        "discriminator": "0",
        "global_name": name,
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
    })
}

/// A user as a DM channel lists them (names the stand-in makes up from the id).
fn user_json(id: u64) -> Value {
    user(id, &format!("User{id}"), false)
}

pub fn member(id: u64, name: &str, permissions: u64) -> Value {
    json!({
        "user": user(id, name, false),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": "2025-01-01T00:00:00.000000+00:00",
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions.to_string(),
        "communication_disabled_until": null,
    })
}

/// The descriptions of the attachments a payload lists.
fn alts(v: &Value) -> Vec<String> {
    v.get("attachments")
        .and_then(|a| a.as_array())
        .into_iter()
        .flatten()
        .filter_map(|a| a.get("description").and_then(|d| d.as_str()))
        .map(str::to_string)
        .collect()
}

fn message_json(m: &Msg) -> Value {
    let attachments: Vec<Value> = m
        .files
        .iter()
        .enumerate()
        .map(|(i, (name, bytes))| {
            json!({
                "id": (m.id * 10 + i as u64).to_string(),
                "filename": name,
                "size": bytes.len(),
                "url": format!("https://cdn.invalid/{name}"),
                "proxy_url": format!("https://cdn.invalid/{name}"),
                "content_type": "image/png",
            })
        })
        .collect();
    json!({
        "id": m.id.to_string(),
        "channel_id": m.channel.to_string(),
        "author": user(BOT, "Yutbot", true),
        "content": m.content,
        "timestamp": "2026-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": [],
        "pinned": false,
        "type": 0,
        "components": m.components,
        "flags": if m.ephemeral { 64 } else { 0 },
    })
}

/// A string select against Discord's limits: a custom_id of 1-100 characters, 1-25 options
/// with labels and values of 1-100 characters, values unique, no more defaults than
/// `max_values` allows, `min_values` <= `max_values` <= the options, a placeholder of at most
/// 150.
fn check_select(m: &Value, what: &str, out: &mut Vec<String>) {
    let id = m["custom_id"].as_str().unwrap_or("");
    if id.is_empty() || id.chars().count() > 100 {
        out.push(format!("{what}: select custom_id {id:?}"));
    }
    let options = m["options"].as_array().cloned().unwrap_or_default();
    if options.is_empty() || options.len() > 25 {
        out.push(format!("{what}: a select of {} options", options.len()));
    }
    let min = m["min_values"].as_u64().unwrap_or(1);
    let max = m["max_values"].as_u64().unwrap_or(1);
    if min > max || max > options.len() as u64 || max > 25 {
        out.push(format!(
            "{what}: select min {min} max {max} of {} options",
            options.len()
        ));
    }
    let mut values = std::collections::HashSet::new();
    let mut defaults = 0;
    for o in &options {
        let (label, value) = (
            o["label"].as_str().unwrap_or(""),
            o["value"].as_str().unwrap_or(""),
        );
        if label.is_empty()
            || label.chars().count() > 100
            || value.is_empty()
            || value.chars().count() > 100
        {
            out.push(format!("{what}: select option {label:?} = {value:?}"));
        }
        if o["description"]
            .as_str()
            .is_some_and(|d| d.chars().count() > 100)
        {
            out.push(format!(
                "{what}: select option {label:?}: description over 100"
            ));
        }
        if !values.insert(value.to_string()) {
            out.push(format!("{what}: select value {value:?} twice"));
        }
        defaults += usize::from(o["default"] == true);
    }
    if defaults as u64 > max {
        out.push(format!(
            "{what}: {defaults} default options for at most {max} values"
        ));
    }
    if m["placeholder"]
        .as_str()
        .is_some_and(|p| p.chars().count() > 150)
    {
        out.push(format!("{what}: placeholder over 150"));
    }
}

/// Check a message payload against Discord's limits.
fn check_payload(v: &Value, files: &[(String, Vec<u8>)], what: &str, out: &mut Vec<String>) {
    if let Some(c) = v.get("content").and_then(|c| c.as_str()) {
        let n = c.chars().count();
        if n > 2000 {
            out.push(format!("{what}: content of {n} characters (> 2000)"));
        }
    }
    let mut board = false;
    if let Some(rows) = v.get("components").and_then(|c| c.as_array()) {
        if rows.len() > 5 {
            out.push(format!("{what}: {} action rows (> 5)", rows.len()));
        }
        for row in rows {
            if row["type"] != 1 {
                out.push(format!(
                    "{what}: a top-level component of type {}",
                    row["type"]
                ));
            }
            let buttons = row["components"].as_array().cloned().unwrap_or_default();
            // A string select (type 3) fills its row alone.
            if buttons.iter().any(|b| b["type"] == 3) {
                if buttons.len() != 1 {
                    out.push(format!(
                        "{what}: a select menu beside {} others",
                        buttons.len() - 1
                    ));
                }
                check_select(&buttons[0], what, out);
                continue;
            }
            if buttons.is_empty() || buttons.len() > 5 {
                out.push(format!("{what}: a row of {} buttons", buttons.len()));
            }
            for b in buttons {
                if b["type"] != 2 {
                    out.push(format!(
                        "{what}: a component of type {} in a row",
                        b["type"]
                    ));
                }
                let id = b["custom_id"].as_str().unwrap_or("");
                let label = b["label"].as_str().unwrap_or("");
                if label.chars().count() > 80 {
                    out.push(format!("{what}: label {label:?} longer than 80"));
                }
                // A link button (style 5) has a url (at most 512 characters) and no
                // custom_id; every other button a custom_id and no url.
                if b["style"].as_u64() == Some(5) {
                    let url = b["url"].as_str().unwrap_or("");
                    if !b["custom_id"].is_null()
                        || !(url.starts_with("http://") || url.starts_with("https://"))
                        || url.len() > 512
                    {
                        out.push(format!(
                            "{what}: a link button with url {url:?} and custom_id {id:?}"
                        ));
                    }
                    continue;
                }
                if id.is_empty() || id.chars().count() > 100 {
                    out.push(format!(
                        "{what}: custom_id {id:?} of {} characters",
                        id.len()
                    ));
                }
                if !(1..=4).contains(&b["style"].as_u64().unwrap_or(0)) {
                    out.push(format!("{what}: button style {}", b["style"]));
                }
                if !b["url"].is_null() {
                    out.push(format!("{what}: a url on a button of style {}", b["style"]));
                }
                if id.ends_with(":auto") {
                    board = true;
                }
            }
        }
    }
    let content = v.get("content").and_then(|c| c.as_str()).unwrap_or("");
    // Boards never mention anyone (player names may contain @everyone); pings are their own.
    let ours = v["components"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|r| r.to_string().contains("\"yut:"));
    let am = v.get("allowed_mentions");
    if ours && am.is_none() {
        out.push(format!("{what}: a board without allowed_mentions"));
    }
    if let Some(parse) = am.and_then(|a| a["parse"].as_array()) {
        if parse.iter().any(|p| p == "everyone" || p == "roles") {
            out.push(format!("{what}: allowed_mentions parses {parse:?}"));
        }
    }
    if content.contains("Final ranking") || content.contains("최종 순위") {
        board = true;
    }
    if board && !files.iter().any(|(_, b)| b.starts_with(b"\x89PNG")) {
        out.push(format!("{what}: a board without its PNG attached"));
    }
    // An attachment's description (alt text) is at most 1,024 characters.
    for a in v
        .get("attachments")
        .and_then(|a| a.as_array())
        .into_iter()
        .flatten()
    {
        if let Some(d) = a.get("description").and_then(|d| d.as_str()) {
            if d.chars().count() > 1024 {
                out.push(format!(
                    "{what}: attachment description of {} characters",
                    d.chars().count()
                ));
            }
        }
    }
    // Every uploaded file is listed in `attachments`.
    if !files.is_empty() {
        let listed = v
            .get("attachments")
            .and_then(|a| a.as_array())
            .map_or(0, |a| a.len());
        if listed < files.len() {
            out.push(format!(
                "{what}: {} files uploaded but {listed} listed in attachments",
                files.len()
            ));
        }
    }
}

struct Body_ {
    json: Value,
    files: Vec<(String, Vec<u8>)>,
}

async fn read_body(req: Request) -> Result<Body_, String> {
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if multipart {
        let mut mp = Multipart::from_request(req, &())
            .await
            .map_err(|e| e.to_string())?;
        let mut json = Value::Null;
        let mut files = Vec::new();
        while let Some(field) = mp.next_field().await.map_err(|e| e.to_string())? {
            let name = field.name().unwrap_or("").to_string();
            let filename = field.file_name().map(|s| s.to_string());
            let bytes = field.bytes().await.map_err(|e| e.to_string())?;
            if name == "payload_json" {
                json = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
            } else if name.starts_with("files[") {
                files.push((filename.unwrap_or_default(), bytes.to_vec()));
            } else {
                return Err(format!("unexpected multipart field {name}"));
            }
        }
        Ok(Body_ { json, files })
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 8 << 20)
            .await
            .map_err(|e| e.to_string())?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).map_err(|e| e.to_string())?
        };
        Ok(Body_ {
            json,
            files: Vec::new(),
        })
    }
}

fn json_response(status: StatusCode, v: Value) -> Response {
    (
        status,
        [("content-type", "application/json")],
        v.to_string(),
    )
        .into_response()
}

/// A 429 as Discord sends it: `retry_after` in the body (seconds, with decimals) and
/// `Retry-After` (whole seconds, rounded up) in the headers.
fn limited_response(retry_after: f64, bucket: &str) -> Response {
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": (retry_after * 1000.0).ceil() / 1000.0,
        "global": false,
    });
    let mut r = json_response(StatusCode::TOO_MANY_REQUESTS, body);
    let h = r.headers_mut();
    h.insert(
        "retry-after",
        (retry_after.ceil() as u64).to_string().parse().unwrap(),
    );
    h.insert("x-ratelimit-limit", "5".parse().unwrap());
    h.insert("x-ratelimit-remaining", "0".parse().unwrap());
    h.insert(
        "x-ratelimit-reset-after",
        format!("{retry_after:.3}").parse().unwrap(),
    );
    h.insert("x-ratelimit-bucket", bucket.parse().unwrap());
    h.insert("x-ratelimit-scope", "user".parse().unwrap());
    r
}

/// Discord's refusal with its own error code.
fn coded_response(status: u16, code: u64, message: &str) -> Response {
    json_response(
        StatusCode::from_u16(status).unwrap(),
        json!({"code": code, "message": message}),
    )
}

fn error_response(status: u16) -> Response {
    let (code, message) = match status {
        429 => (0, "You are being rate limited."),
        404 => (10008, "Unknown Message"),
        403 => (50013, "Missing Permissions"),
        _ => (0, "500: Internal Server Error"),
    };
    let mut body = json!({"code": code, "message": message});
    if status == 429 {
        body["retry_after"] = json!(0.3);
        body["global"] = json!(false);
    }
    let mut r = json_response(StatusCode::from_u16(status).unwrap(), body);
    if status == 429 {
        r.headers_mut().insert("retry-after", "1".parse().unwrap());
    }
    r
}

impl StandIn {
    /// A stand-in with Discord's defaults (`StandInOptions::default()`).
    pub async fn start() -> StandIn {
        StandIn::start_with(StandInOptions::default()).await
    }

    pub async fn start_with(options: StandInOptions) -> StandIn {
        assert!(options.shards >= 1 && options.max_concurrency >= 1);
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let s = StandIn {
            state: Arc::new(Mutex::new(State_ {
                next_id: 1_000_000_000_000_000_000,
                ..State_::default()
            })),
            http_url: format!("http://{}", http.local_addr().unwrap()),
            ws_url: format!("ws://{}", ws.local_addr().unwrap()),
            options,
        };
        let app = axum::Router::new().fallback(handle).with_state(s.clone());
        tokio::spawn(async move {
            axum::serve(http, app).await.unwrap();
        });
        let g = s.clone();
        tokio::spawn(async move {
            while let Ok((tcp, _)) = ws.accept().await {
                let g = g.clone();
                tokio::spawn(async move { g.gateway_session(tcp).await });
            }
        });
        s
    }

    fn violation(&self, v: String) {
        eprintln!("VIOLATION: {v}");
        self.state.lock().unwrap().violations.push(v);
    }

    /// What happened, for a failing test's message.
    pub fn dump(&self) -> String {
        let st = self.state.lock().unwrap();
        let requests: Vec<String> = st
            .requests
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.status))
            .collect();
        let interactions: Vec<String> = st
            .interactions
            .values()
            .map(|i| {
                format!(
                    "{} ch {} acked {:?} type {:?}",
                    i.token, i.channel, i.acked, i.callback_type
                )
            })
            .collect();
        format!("requests: {requests:?}; interactions: {interactions:?}")
    }

    pub fn violations(&self) -> Vec<String> {
        self.state.lock().unwrap().violations.clone()
    }

    pub fn next_id(&self) -> u64 {
        let mut st = self.state.lock().unwrap();
        st.next_id += 1;
        st.next_id
    }

    async fn gateway_session(&self, tcp: tokio::net::TcpStream) {
        let ws = match tokio_tungstenite::accept_async(tcp).await {
            Ok(ws) => ws,
            Err(e) => {
                self.violation(format!("gateway handshake failed: {e}"));
                return;
            }
        };
        let conn = {
            let mut st = self.state.lock().unwrap();
            st.next_conn += 1;
            st.next_conn
        };
        let (mut sink, mut stream) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<String>();
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
        if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
            return;
        }
        let mut identified = false;
        let mut close_code = None;
        loop {
            tokio::select! {
                out = rx.recv() => match out {
                    Some(text) => { if sink.send(WsMessage::Text(text)).await.is_err() { break; } }
                    None => break,
                },
                msg = stream.next() => {
                    // The end of the stream or an error: the peer went away without a close
                    // frame (a killed process).
                    let Some(Ok(msg)) = msg else { break };
                    let text = match msg {
                        WsMessage::Text(t) => t,
                        WsMessage::Close(frame) => {
                            // 1005: a close frame without a code.
                            close_code = Some(frame.map_or(1005, |f| u16::from(f.code)));
                            // Send the closing handshake's answer, which tungstenite queued.
                            let _ = sink.flush().await;
                            break;
                        }
                        _ => continue,
                    };
                    let v: Value = match serde_json::from_str(&text) {
                        Ok(v) => v,
                        Err(e) => { self.violation(format!("gateway: bad JSON {e}")); continue; }
                    };
                    match v["op"].as_u64() {
                        Some(1) => {
                            self.state.lock().unwrap().heartbeats += 1;
                            let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                            if sink.send(WsMessage::Text(ack.to_string())).await.is_err() { break; }
                        }
                        Some(2) => {
                            if identified {
                                self.violation(format!("gateway connection {conn}: a second IDENTIFY"));
                                continue;
                            }
                            match self.identify(conn, &v["d"], &tx) {
                                Answer::Ready => identified = true,
                                Answer::InvalidSession => {
                                    let op9 = json!({"op": 9, "d": false, "s": null, "t": null});
                                    if sink.send(WsMessage::Text(op9.to_string())).await.is_err() { break; }
                                }
                                Answer::Close(code, reason) => {
                                    let frame = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                        code: code.into(),
                                        reason: reason.into(),
                                    };
                                    let _ = sink.send(WsMessage::Close(Some(frame))).await;
                                    break;
                                }
                            }
                        }
                        Some(6) => {
                            // The stand-in keeps no session history: not resumable.
                            self.state.lock().unwrap().resumes += 1;
                            let op9 = json!({"op": 9, "d": false, "s": null, "t": null});
                            if sink.send(WsMessage::Text(op9.to_string())).await.is_err() { break; }
                        }
                        Some(op) => {
                            // Presence updates and the like: accepted, ignored.
                            let _ = op;
                        }
                        None => self.violation(format!("gateway: payload without op: {text}")),
                    }
                }
            }
        }
        let mut st = self.state.lock().unwrap();
        if let Some(i) = st.sessions.iter().position(|s| s.conn == conn) {
            let s = st.sessions.remove(i);
            st.disconnects.push(Disconnect {
                at: Instant::now(),
                session_id: s.session_id,
                shard: s.shard,
                shards: s.shards,
                close_code,
            });
        }
    }

    /// An IDENTIFY on connection `conn`: check it, and answer READY on `tx` unless it is
    /// turned down.
    fn identify(&self, conn: u64, d: &Value, tx: &mpsc::UnboundedSender<String>) -> Answer {
        let mut st = self.state.lock().unwrap();
        let st = &mut *st;
        if d["token"].as_str().is_none() {
            violation_in(st, "IDENTIFY without a token".into());
        }
        let intents = d["intents"].as_u64().unwrap_or(0);
        // GUILD_MEMBERS (1<<1), GUILD_PRESENCES (1<<8), MESSAGE_CONTENT (1<<15)
        if intents & ((1 << 1) | (1 << 8) | (1 << 15)) != 0 {
            violation_in(st, format!("privileged intents requested: {intents}"));
        }
        let now = Instant::now();
        let pair = match d.get("shard") {
            None | Some(Value::Null) => Some((0, 1)),
            Some(v) => match v.as_array().map(Vec::as_slice) {
                Some([a, b]) => a
                    .as_u64()
                    .zip(b.as_u64())
                    .and_then(|(a, b)| Some((u32::try_from(a).ok()?, u32::try_from(b).ok()?))),
                _ => None,
            },
        };
        let Some((shard, shards)) = pair else {
            violation_in(st, format!("IDENTIFY with shard {}", d["shard"]));
            return Answer::Close(4010, "Invalid shard.");
        };
        let log = |st: &mut State_, session_id: Option<String>| {
            st.identify_log.push(Identify {
                at: now,
                shard,
                shards,
                session_id,
            })
        };
        if shard >= shards {
            violation_in(st, format!("IDENTIFY as shard [{shard}, {shards}]"));
            log(st, None);
            return Answer::Close(4010, "Invalid shard.");
        }
        let disagree: Vec<String> = st
            .sessions
            .iter()
            .filter(|s| s.shards != shards)
            .map(|s| format!("{} is shard [{}, {}]", s.session_id, s.shard, s.shards))
            .collect();
        if !disagree.is_empty() {
            violation_in(
                st,
                format!("IDENTIFY as shard [{shard}, {shards}] while {disagree:?}"),
            );
        }
        let mc = self.options.max_concurrency;
        let last = st
            .identify_log
            .iter()
            .rev()
            .find(|i| i.session_id.is_some() && i.shard % mc == shard % mc);
        if let Some(last) = last {
            let gap = now - last.at;
            if gap < self.options.identify_window {
                if self.options.invalid_session_on_early_identify {
                    log(st, None);
                    return Answer::InvalidSession;
                }
                let (l, n) = (last.shard, last.shards);
                violation_in(
                    st,
                    format!(
                        "IDENTIFY as shard [{shard}, {shards}] {gap:?} after shard [{l}, {n}]'s, \
                         in rate limit bucket {} of {mc} (< {:?})",
                        shard % mc,
                        self.options.identify_window
                    ),
                );
            }
        }
        let session_id = format!("standin-session-{conn}");
        if let Some(old) = st.session(shard, shards) {
            let older = old.session_id.clone();
            st.duplicate_shards.push(DuplicateShard {
                at: now,
                shard,
                shards,
                older,
                newer: session_id.clone(),
            });
        }
        let ready = json!({
            "v": 10,
            "user": {
                "id": BOT.to_string(), "username": "yutbot", "discriminator": "0",
                "global_name": "Yutbot", "avatar": null, "bot": true,
                "verified": true, "mfa_enabled": false, "flags": 0,
            },
            "guilds": [],
            "session_id": session_id,
            "resume_gateway_url": self.ws_url,
            "shard": [shard, shards],
            "application": {"id": APP.to_string(), "flags": 0},
        });
        match serde_json::from_value::<serenity::model::gateway::Ready>(ready.clone()) {
            Ok(r) => {
                let got = r.shard.map(|s| (s.id.0, s.total));
                if got != Some((shard, shards)) {
                    violation_in(st, format!("stand-in READY's shard reads as {got:?}"));
                }
            }
            Err(e) => violation_in(st, format!("stand-in READY does not parse: {e}")),
        }
        check_dispatch(st, "READY", &ready);
        log(st, Some(session_id.clone()));
        st.identified = true;
        st.identifies += 1;
        st.seq += 1;
        let mut session = Session {
            conn,
            session_id,
            shard,
            shards,
            identified: now,
            seq: 0,
            tx: tx.clone(),
        };
        session.send("READY", &ready);
        st.sessions.push(session);
        Answer::Ready
    }

    /// Send a dispatch to the session Discord would send it to: the newest live session whose
    /// shard is `(guild_id >> 22) % shards`, or shard 0 for an event without a guild. With no
    /// such session it is recorded in `undelivered`.
    fn dispatch(&self, t: &str, d: Value) {
        let mut st = self.state.lock().unwrap();
        st.seq += 1;
        check_dispatch(&mut st, t, &d);
        if st.identifies == 0 {
            violation_in(&mut st, format!("dispatch {t} before the bot identified"));
            return;
        }
        let guild = d
            .get("guild_id")
            .and_then(|g| g.as_str())
            .and_then(|g| g.parse::<u64>().ok());
        let target = |shards: u32| guild.map_or(0, |g| shard_of(g, shards));
        let to = st
            .sessions
            .iter_mut()
            .rev()
            .find(|s| s.shard == target(s.shards));
        if let Some(session) = to {
            if session.send(t, &d) {
                return;
            }
        }
        let shards = st
            .sessions
            .last()
            .map(|s| s.shards)
            .or_else(|| {
                st.identify_log
                    .iter()
                    .rev()
                    .find(|i| i.session_id.is_some())
                    .map(|i| i.shards)
            })
            .unwrap_or(self.options.shards);
        st.undelivered.push(Undelivered {
            at: Instant::now(),
            t: t.to_string(),
            guild,
            shard: target(shards),
            shards,
            d,
        });
    }

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
    fn channel_json(&self, channel: u64) -> Value {
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

    /// Wait until a live session holds `shard` of `shards`; the newest such.
    pub async fn wait_session(&self, shard: u32, shards: u32, limit: Duration) -> Session {
        self.wait_for(
            &format!("a session of shard [{shard}, {shards}]"),
            limit,
            |st| st.session(shard, shards).cloned(),
        )
        .await
    }

    /// Sleep until an IDENTIFY of `shard` would come after the identify window of its bucket.
    pub async fn wait_identify_window(&self, shard: u32) {
        let mc = self.options.max_concurrency;
        let last = {
            let st = self.state.lock().unwrap();
            st.identify_log
                .iter()
                .rev()
                .find(|i| i.session_id.is_some() && i.shard % mc == shard % mc)
                .map(|i| i.at)
        };
        if let Some(at) = last {
            let until = at + self.options.identify_window + Duration::from_millis(20);
            tokio::time::sleep_until(until.into()).await;
        }
    }

    /// Wait until `f` holds, up to `limit`.
    pub async fn wait_for<T>(
        &self,
        what: &str,
        limit: Duration,
        f: impl Fn(&State_) -> Option<T>,
    ) -> T {
        let start = Instant::now();
        loop {
            if let Some(v) = f(&self.state.lock().unwrap()) {
                return v;
            }
            assert!(
                start.elapsed() < limit,
                "timed out after {limit:?} waiting for {what}; violations: {:?}",
                self.violations()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    pub async fn wait_ready(&self) {
        self.wait_for(
            "READY and command registration",
            Duration::from_secs(20),
            |s| (s.identified && !s.commands.is_empty()).then_some(()),
        )
        .await;
    }

    /// An interaction in `channel`, from the channel's guild (`guild_of`) or a DM.
    fn interaction_base(
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

    fn send_interaction(
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

    pub fn message(&self, id: u64) -> Msg {
        self.state.lock().unwrap().messages[&id].clone()
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
    fn dm_closed(&self, channel: &str) -> bool {
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

    pub fn fail_next_edits(&self, statuses: &[u16]) {
        self.state.lock().unwrap().fail_edits.extend(statuses);
    }

    /// Answer the next message deletions with these statuses (then normal service).
    pub fn fail_next_deletes(&self, statuses: &[u16]) {
        self.state.lock().unwrap().fail_deletes.extend(statuses);
    }

    fn new_message(&self, channel: u64, body: &Body_, ephemeral: bool) -> Msg {
        let id = self.next_id();
        let flags = body.json["flags"].as_u64().unwrap_or(0);
        let m = Msg {
            id,
            channel,
            content: body.json["content"].as_str().unwrap_or("").to_string(),
            components: body.json.get("components").cloned().unwrap_or(json!([])),
            files: body.files.clone(),
            ephemeral: ephemeral || flags & 64 != 0,
            edits: 0,
            deleted: false,
            allowed_mentions: body
                .json
                .get("allowed_mentions")
                .cloned()
                .unwrap_or(Value::Null),
            alts: alts(&body.json),
        };
        let mut st = self.state.lock().unwrap();
        st.messages.insert(id, m.clone());
        st.order.push(id);
        // Turn pings in view in this channel (a mention alone, no buttons), at most.
        let live = st
            .messages
            .values()
            .filter(|x| {
                x.channel == channel
                    && !x.deleted
                    && x.content.starts_with("<@")
                    && x.custom_ids().is_empty()
            })
            .count();
        let most = st.most_pings_in_view.entry(channel).or_insert(0);
        *most = (*most).max(live);
        m
    }

    fn edit_message(&self, id: u64, body: &Body_) -> Option<Msg> {
        let mut st = self.state.lock().unwrap();
        let m = st.messages.get_mut(&id)?;
        if m.deleted {
            return None;
        }
        if let Some(c) = body.json.get("content").and_then(|c| c.as_str()) {
            m.content = c.to_string();
        }
        if let Some(c) = body.json.get("components") {
            m.components = c.clone();
        }
        // An edit replaces attachments with the ones it lists (new uploads); no list keeps them.
        if let Some(list) = body.json.get("attachments").and_then(|a| a.as_array()) {
            if list.is_empty() || !body.files.is_empty() {
                m.files = body.files.clone();
                m.alts = alts(&body.json);
            }
        }
        m.edits += 1;
        Some(m.clone())
    }
}

async fn handle(State(s): State<StandIn>, req: Request) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let auth = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let at = Instant::now();
    let resp = match s.channel_write(&method, &path, at) {
        Ok(headers) => {
            let mut resp = route(&s, method.clone(), &path, auth, req).await;
            if let Some(h) = headers {
                resp.headers_mut().extend(h);
            }
            resp
        }
        Err(refused) => *refused,
    };
    s.state.lock().unwrap().requests.push(Req {
        method,
        path,
        status: resp.status().as_u16(),
        at,
    });
    resp
}

impl StandIn {
    /// A write to a channel's messages: injected failures, then the budget (if enforced).
    /// `Ok(headers)` to answer it (with these rate-limit headers), `Err(answer)` to refuse.
    fn channel_write(
        &self,
        method: &Method,
        path: &str,
        at: Instant,
    ) -> Result<Option<axum::http::HeaderMap>, Box<Response>> {
        let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let channel = match (method.clone(), parts.as_slice()) {
            (Method::POST, ["channels", ch, "messages"])
            | (Method::PATCH, ["channels", ch, "messages", _])
            | (Method::DELETE, ["channels", ch, "messages", _]) => ch.parse::<u64>().unwrap_or(0),
            _ => return Ok(None),
        };
        let what = format!("{method} {path}");
        let bucket = format!("channel-{channel}");
        let mut st = self.state.lock().unwrap();
        st.writes.push((channel, at, what.clone()));
        if let Some((status, retry_after)) = st.fail_writes.pop_front() {
            st.failed.push((what, status));
            return Err(Box::new(if status == 429 {
                limited_response(retry_after, &bucket)
            } else {
                error_response(status)
            }));
        }
        let Some((limit, per)) = self.options.channel_budget else {
            return Ok(None);
        };
        let window = st.budget.entry(channel).or_insert((at, 0));
        if at >= window.0 + per {
            *window = (at, 0);
        }
        let reset_after = (window.0 + per - at).as_secs_f64();
        if window.1 >= limit {
            st.limited.push((what.clone(), at));
            st.failed.push((what, 429));
            return Err(Box::new(limited_response(reset_after, &bucket)));
        }
        window.1 += 1;
        let mut h = axum::http::HeaderMap::new();
        h.insert("x-ratelimit-limit", limit.to_string().parse().unwrap());
        h.insert(
            "x-ratelimit-remaining",
            (limit - window.1).to_string().parse().unwrap(),
        );
        h.insert(
            "x-ratelimit-reset-after",
            format!("{reset_after:.3}").parse().unwrap(),
        );
        h.insert("x-ratelimit-bucket", bucket.parse().unwrap());
        Ok(Some(h))
    }

    /// Answer the next `n` channel writes with 429, `retry_after` seconds.
    pub fn limit_next_writes(&self, n: usize, retry_after: f64) {
        let mut st = self.state.lock().unwrap();
        for _ in 0..n {
            st.fail_writes.push_back((429, retry_after));
        }
    }

    /// The most writes to `channel` that arrived within any `window`.
    pub fn max_writes_within(&self, channel: u64, window: Duration) -> usize {
        let st = self.state.lock().unwrap();
        let times: Vec<Instant> = st
            .writes
            .iter()
            .filter(|w| w.0 == channel)
            .map(|w| w.1)
            .collect();
        let mut best = 0;
        let mut j = 0;
        for i in 0..times.len() {
            while times[i].duration_since(times[j]) >= window {
                j += 1;
            }
            best = best.max(i - j + 1);
        }
        best
    }
}

async fn route(s: &StandIn, method: Method, path: &str, auth: String, req: Request) -> Response {
    // Discord's CDN: an attached file, fetched without a token.
    if let (true, Some(file)) = (
        method == Method::GET,
        path.strip_prefix("/cdn/attachments/"),
    ) {
        let id: Option<u64> = file.split('/').next().and_then(|i| i.parse().ok());
        let bytes = id.and_then(|i| s.state.lock().unwrap().attachments.get(&i).cloned());
        return match bytes {
            Some(b) => (StatusCode::OK, b).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        };
    }
    let Some(rest) = path.strip_prefix("/api/v10/") else {
        s.violation(format!("{method} {path}: not under /api/v10"));
        return StatusCode::NOT_FOUND.into_response();
    };
    let parts: Vec<&str> = rest.split('/').collect();
    let webhook = parts.first() == Some(&"webhooks") || parts.first() == Some(&"interactions");
    if !webhook && !auth.starts_with("Bot ") {
        s.violation(format!(
            "{method} {path}: no bot token (authorization {auth:?})"
        ));
    }
    let body = match read_body(req).await {
        Ok(b) => b,
        Err(e) => {
            s.violation(format!("{method} {path}: unreadable body: {e}"));
            return StatusCode::BAD_REQUEST.into_response();
        }
    };
    let what = format!("{method} /{rest}");
    // A channel the bot is not in (a group DM, a server without the bot): every channel
    // route is refused; only interactions reach it.
    if let ["channels", ch, ..] = parts.as_slice() {
        let outside = ch
            .parse::<u64>()
            .is_ok_and(|c| s.state.lock().unwrap().user_installed.contains(&c));
        if outside {
            s.state.lock().unwrap().failed.push((what.clone(), 403));
            return coded_response(403, 50001, "Missing Access");
        }
    }
    // A webhook route with a token past its life.
    if let ["webhooks", _, token, ..] = parts.as_slice() {
        let lapsed = s
            .state
            .lock()
            .unwrap()
            .interactions
            .get(*token)
            .is_some_and(|i| i.dispatched.elapsed() > s.options.token_life);
        if lapsed {
            s.state.lock().unwrap().failed.push((what.clone(), 401));
            return coded_response(401, 50027, "Invalid Webhook Token");
        }
    }
    let broken = s.state.lock().unwrap().broken_channel;
    if let (Some(b), ["channels", ch, ..]) = (broken, parts.as_slice()) {
        if *ch == b.to_string() {
            s.state.lock().unwrap().failed.push((what.clone(), 500));
            return error_response(500);
        }
    }
    // An edit: a PATCH, or a click answered with UPDATE_MESSAGE (callback type 7).
    let is_edit = method == Method::PATCH
        || (method == Method::POST
            && parts.first() == Some(&"interactions")
            && parts.last() == Some(&"callback")
            && body.json["type"].as_u64() == Some(7));
    if is_edit {
        let fail = s.state.lock().unwrap().fail_edits.pop_front();
        if let Some(status) = fail {
            s.state.lock().unwrap().failed.push((what.clone(), status));
            return error_response(status);
        }
    }
    match (method.clone(), parts.as_slice()) {
        (Method::GET, ["gateway"]) => json_response(StatusCode::OK, json!({"url": s.ws_url})),
        (Method::GET, ["gateway", "bot"]) => {
            let started = s.state.lock().unwrap().identify_log.len() as u64;
            let v = json!({
                "url": s.ws_url,
                "shards": s.options.shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000u64.saturating_sub(started),
                    "reset_after": 86_400_000,
                    "max_concurrency": s.options.max_concurrency,
                },
            });
            if let Err(e) =
                serde_json::from_value::<serenity::model::gateway::BotGateway>(v.clone())
            {
                s.violation(format!("stand-in GET /gateway/bot does not parse: {e}"));
            }
            json_response(StatusCode::OK, v)
        }
        (Method::PUT, ["applications", app, "guilds", _, "commands"])
        | (Method::PUT, ["applications", app, "commands"]) => {
            if *app != APP.to_string() {
                s.violation(format!("{what}: wrong application id"));
            }
            let mut out = Vec::new();
            let guild = parts.get(2) == Some(&"guilds");
            for c in body.json.as_array().cloned().unwrap_or_default() {
                let mut v = Vec::new();
                check_top_level(&c, guild, &mut v);
                for x in v {
                    s.violation(format!("{what}: {x}"));
                }
                let mut c = c.clone();
                c["id"] = json!(CMD_ID.to_string());
                c["application_id"] = json!(APP.to_string());
                c["version"] = json!("1");
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
                // Discord answers a context menu with an empty description.
                if c.get("description").is_none() {
                    c["description"] = json!("");
                }
                out.push(c);
            }
            s.state.lock().unwrap().commands = out.clone();
            json_response(StatusCode::OK, Value::Array(out))
        }
        (Method::POST, ["interactions", _, token, "callback"]) => {
            let inter = s.state.lock().unwrap().interactions.get(*token).cloned();
            let Some(inter) = inter else {
                s.violation(format!("{what}: unknown interaction"));
                return StatusCode::NOT_FOUND.into_response();
            };
            if inter.acked.is_some() {
                s.violation(format!("{what}: interaction answered twice"));
                return error_response(400);
            }
            let elapsed = inter.dispatched.elapsed();
            if elapsed > Duration::from_secs(3) {
                s.violation(format!("{what}: acknowledged after {elapsed:?} (> 3 s)"));
            }
            let kind = body.json["type"].as_u64().unwrap_or(0);
            let mut original = inter.original;
            match kind {
                4 => {
                    let d = Body_ {
                        json: body.json["data"].clone(),
                        files: body.files.clone(),
                    };
                    let mut v = Vec::new();
                    check_payload(&d.json, &d.files, &what, &mut v);
                    for x in v {
                        s.violation(x);
                    }
                    let id = s.new_message(inter.channel, &d, false).id;
                    original = Some(id);
                    if inter.component {
                        // A click answered with a message of its own (a private refusal):
                        // tests read it with the click's follow-ups.
                        s.state
                            .lock()
                            .unwrap()
                            .interactions
                            .get_mut(*token)
                            .unwrap()
                            .followups
                            .push(id);
                    }
                }
                5 => {
                    let d = Body_ {
                        json: json!({"content": "", "flags": body.json["data"]["flags"]}),
                        files: vec![],
                    };
                    original = Some(s.new_message(inter.channel, &d, false).id);
                }
                6 if inter.component => {}
                8 => {
                    let choices = body.json["data"]["choices"].clone();
                    let list = choices.as_array().cloned().unwrap_or_default();
                    if list.len() > 25 {
                        s.violation(format!("{what}: {} autocomplete choices", list.len()));
                    }
                    for c in &list {
                        for key in ["name", "value"] {
                            let n = c[key].as_str().map_or(0, |x| x.chars().count());
                            if n == 0 || n > 100 {
                                s.violation(format!(
                                    "{what}: autocomplete choice {key} of {n} characters"
                                ));
                            }
                        }
                    }
                    let mut st = s.state.lock().unwrap();
                    st.interactions.get_mut(*token).unwrap().choices = Some(choices);
                }
                7 if inter.component => {
                    // UPDATE_MESSAGE: the click's answer edits the message the button is on.
                    let d = Body_ {
                        json: body.json["data"].clone(),
                        files: body.files.clone(),
                    };
                    let mut v = Vec::new();
                    check_payload(&d.json, &d.files, &what, &mut v);
                    for x in v {
                        s.violation(x);
                    }
                    let edited = original.and_then(|id| s.edit_message(id, &d));
                    if edited.is_none() {
                        // The message is gone: Discord refuses (the interaction stays open).
                        s.state.lock().unwrap().failed.push((what.clone(), 404));
                        return error_response(404);
                    }
                    let mut st = s.state.lock().unwrap();
                    st.interactions
                        .get_mut(*token)
                        .unwrap()
                        .edited
                        .get_or_insert(elapsed);
                }
                k => s.violation(format!("{what}: callback type {k} for this interaction")),
            }
            let mut st = s.state.lock().unwrap();
            let i = st.interactions.get_mut(*token).unwrap();
            i.acked = Some(elapsed);
            i.callback_type = Some(kind);
            i.original = original;
            StatusCode::NO_CONTENT.into_response()
        }
        (m, ["webhooks", app, token, "messages", which]) => {
            if *app != APP.to_string() {
                s.violation(format!("{what}: wrong application id"));
            }
            let inter = s.state.lock().unwrap().interactions.get(*token).cloned();
            let Some(inter) = inter else {
                s.violation(format!("{what}: unknown token"));
                return error_response(404);
            };
            if inter.acked.is_none() {
                s.violation(format!(
                    "{what}: webhook call before the interaction was acknowledged"
                ));
            }
            let id = if *which == "@original" {
                inter.original
            } else {
                which.parse().ok()
            };
            let Some(id) = id else {
                return error_response(404);
            };
            match m {
                Method::GET => match s.state.lock().unwrap().messages.get(&id) {
                    Some(msg) => json_response(StatusCode::OK, message_json(msg)),
                    None => error_response(404),
                },
                Method::PATCH => {
                    if let Some(i) = s.state.lock().unwrap().interactions.get_mut(*token) {
                        i.edited.get_or_insert(i.dispatched.elapsed());
                    }
                    let mut v = Vec::new();
                    check_payload(&body.json, &body.files, &what, &mut v);
                    for x in v {
                        s.violation(x);
                    }
                    match s.edit_message(id, &body) {
                        Some(msg) => json_response(StatusCode::OK, message_json(&msg)),
                        None => error_response(404),
                    }
                }
                Method::DELETE => {
                    if let Some(m) = s.state.lock().unwrap().messages.get_mut(&id) {
                        m.deleted = true;
                    }
                    StatusCode::NO_CONTENT.into_response()
                }
                _ => {
                    s.violation(format!("{what}: unexpected"));
                    StatusCode::METHOD_NOT_ALLOWED.into_response()
                }
            }
        }
        (Method::POST, ["webhooks", _, token]) => {
            let inter = s.state.lock().unwrap().interactions.get(*token).cloned();
            let Some(inter) = inter else {
                s.violation(format!("{what}: unknown token"));
                return error_response(404);
            };
            if inter.acked.is_none() {
                s.violation(format!("{what}: follow-up before the acknowledgement"));
            }
            if inter.user_only && inter.posted_followups >= 5 {
                s.state.lock().unwrap().failed.push((what.clone(), 400));
                return coded_response(
                    400,
                    40094,
                    "This interaction has hit the maximum number of follow up messages",
                );
            }
            if let Some(i) = s.state.lock().unwrap().interactions.get_mut(*token) {
                i.posted_followups += 1;
            }
            let mut v = Vec::new();
            check_payload(&body.json, &body.files, &what, &mut v);
            for x in v {
                s.violation(x);
            }
            let msg = s.new_message(inter.channel, &body, false);
            s.state
                .lock()
                .unwrap()
                .interactions
                .get_mut(*token)
                .unwrap()
                .followups
                .push(msg.id);
            json_response(StatusCode::OK, message_json(&msg))
        }
        (Method::POST, ["channels", ch, "messages", msg, "threads"]) => {
            let ch: u64 = ch.parse().unwrap_or(0);
            let msg: u64 = msg.parse().unwrap_or(0);
            let name = body.json["name"].as_str().unwrap_or("").to_string();
            let n = name.chars().count();
            if !(1..=100).contains(&n) {
                s.violation(format!("{what}: a thread name of {n} characters"));
                return error_response(400);
            }
            if let Some(d) = body.json.get("auto_archive_duration") {
                if ![60, 1440, 4320, 10080].contains(&d.as_u64().unwrap_or(0)) {
                    s.violation(format!("{what}: auto_archive_duration {d}"));
                }
            }
            let perms = s.app_permissions_in(ch);
            let mut st = s.state.lock().unwrap();
            if st.threads.contains_key(&ch) {
                // Threads do not nest.
                s.violation(format!("{what}: a thread opened inside a thread"));
                drop(st);
                return error_response(400);
            }
            if perms & THREAD_PERMISSIONS != THREAD_PERMISSIONS {
                st.failed.push((what.clone(), 403));
                drop(st);
                return error_response(403);
            }
            if st.messages.get(&msg).is_none_or(|m| m.channel != ch) {
                drop(st);
                return error_response(404);
            }
            if st.threads.contains_key(&msg) {
                drop(st);
                return error_response(400);
            }
            let t = ThreadChannel {
                id: msg,
                parent: ch,
                name,
                archived: false,
                archives: 0,
                unarchives: 0,
            };
            st.threads.insert(msg, t.clone());
            let guild = st
                .channel_guilds
                .get(&ch)
                .copied()
                .unwrap_or(Some(GUILD))
                .unwrap_or(GUILD);
            st.channel_guilds.insert(msg, Some(guild));
            drop(st);
            let v = thread_json(&t, guild);
            if let Err(e) = serde_json::from_value::<serenity::all::GuildChannel>(v.clone()) {
                s.violation(format!("stand-in thread does not parse: {e}"));
            }
            json_response(StatusCode::CREATED, v)
        }
        (Method::PATCH, ["channels", ch]) => {
            let ch: u64 = ch.parse().unwrap_or(0);
            let guild = s.guild_of(ch).unwrap_or(GUILD);
            let mut st = s.state.lock().unwrap();
            let Some(t) = st.threads.get_mut(&ch) else {
                s.violation(format!("{what}: not a thread the bot opened"));
                drop(st);
                return error_response(404);
            };
            match body.json["archived"].as_bool() {
                Some(true) if !t.archived => {
                    t.archived = true;
                    t.archives += 1;
                }
                Some(false) if t.archived => {
                    t.archived = false;
                    t.unarchives += 1;
                }
                _ => {}
            }
            let v = thread_json(t, guild);
            drop(st);
            json_response(StatusCode::OK, v)
        }
        (Method::POST, ["users", "@me", "channels"]) => {
            let Some(user) = body.json["recipient_id"]
                .as_str()
                .and_then(|u| u.parse::<u64>().ok())
                .or_else(|| body.json["recipient_id"].as_u64())
            else {
                s.violation(format!("{what}: no recipient_id in {}", body.json));
                return error_response(400);
            };
            let known = s.state.lock().unwrap().dm_channels.get(&user).copied();
            let id = match known {
                Some(id) => id,
                None => {
                    let id = s.next_id();
                    let mut st = s.state.lock().unwrap();
                    st.dm_channels.insert(user, id);
                    st.channel_guilds.insert(id, None);
                    id
                }
            };
            json_response(
                StatusCode::OK,
                json!({
                    "id": id.to_string(),
                    "type": 1,
                    "last_message_id": null,
                    "flags": 0,
                    "recipients": [user_json(user)],
                }),
            )
        }
        (Method::POST, ["channels", ch, "messages"]) if s.dm_closed(ch) => {
            s.state.lock().unwrap().failed.push((what.clone(), 50007));
            json_response(
                StatusCode::FORBIDDEN,
                json!({"code": 50007, "message": "Cannot send messages to this user"}),
            )
        }
        (Method::POST, ["channels", ch, "messages"]) => {
            let mut v = Vec::new();
            check_payload(&body.json, &body.files, &what, &mut v);
            for x in v {
                s.violation(x);
            }
            let ch: u64 = ch.parse().unwrap_or(0);
            // A message in an archived thread opens it again (as on Discord).
            if let Some(t) = s.state.lock().unwrap().threads.get_mut(&ch) {
                if t.archived {
                    t.archived = false;
                    t.unarchives += 1;
                }
            }
            let msg = s.new_message(ch, &body, false);
            json_response(StatusCode::OK, message_json(&msg))
        }
        (Method::PATCH, ["channels", ch, "messages", id]) => {
            let mut v = Vec::new();
            check_payload(&body.json, &body.files, &what, &mut v);
            for x in v {
                s.violation(x);
            }
            let id: u64 = id.parse().unwrap_or(0);
            let ok = s
                .state
                .lock()
                .unwrap()
                .messages
                .get(&id)
                .is_some_and(|m| m.channel.to_string() == *ch);
            if !ok {
                return error_response(404);
            }
            let archived = ch
                .parse::<u64>()
                .ok()
                .and_then(|c| s.thread(c))
                .is_some_and(|t| t.archived);
            if archived {
                // Discord: 50083, "Thread is archived".
                s.state.lock().unwrap().failed.push((what.clone(), 50083));
                return json_response(
                    StatusCode::BAD_REQUEST,
                    json!({"code": 50083, "message": "Thread is archived"}),
                );
            }
            match s.edit_message(id, &body) {
                Some(msg) => json_response(StatusCode::OK, message_json(&msg)),
                None => error_response(404),
            }
        }
        (Method::DELETE, ["channels", _, "messages", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let fail = s.state.lock().unwrap().fail_deletes.pop_front();
            if let Some(status) = fail {
                s.state.lock().unwrap().failed.push((what.clone(), status));
                return error_response(status);
            }
            if let Some(m) = s.state.lock().unwrap().messages.get_mut(&id) {
                m.deleted = true;
            }
            StatusCode::NO_CONTENT.into_response()
        }
        _ => {
            s.violation(format!("{what}: a route the stand-in does not know"));
            Response::builder()
                .status(404)
                .body(Body::from("{\"code\":0,\"message\":\"404: Not Found\"}"))
                .unwrap()
        }
    }
}

/// Discord's rules for a top-level command: where it may be installed (`integration_types`:
/// 0 server, 1 user) and used (`contexts`: 0 server, 1 the bot's DM, 2 group DMs and DMs
/// between users, which only a user install reaches); a user or message command (types 2
/// and 3) has a name of 1-32 characters (spaces and capitals allowed, localized the same
/// way), no description and no options; a slash command (type 1) the rules of
/// [`check_command`]. A guild's commands (`guild`) carry neither `integration_types` nor
/// `contexts`: Discord documents them for global commands only.
fn check_top_level(c: &Value, guild: bool, out: &mut Vec<String>) {
    let name = c["name"].as_str().unwrap_or("");
    if guild {
        for key in ["integration_types", "contexts"] {
            if c.get(key).is_some() {
                out.push(format!("{name}: {key} on a guild command"));
            }
        }
    }
    let types: Vec<u64> = c["integration_types"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_else(|| vec![0]);
    let contexts: Vec<u64> = c["contexts"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_else(|| vec![0, 1, 2]);
    if types.is_empty() || types.iter().any(|t| *t > 1) {
        out.push(format!("{name}: integration_types {types:?}"));
    }
    if contexts.is_empty() || contexts.iter().any(|t| *t > 2) {
        out.push(format!("{name}: contexts {contexts:?}"));
    }
    if !guild && contexts.contains(&2) && !types.contains(&1) {
        out.push(format!(
            "{name}: context 2 (private channels) without a user install"
        ));
    }
    match c["type"].as_u64().unwrap_or(1) {
        1 => check_command(c, out),
        2 | 3 => {
            let ok = |n: &str| (1..=32).contains(&n.chars().count()) && n.trim() == n;
            if !ok(name) {
                out.push(format!("context menu name {name:?} is not valid"));
            }
            for (loc, n) in c["name_localizations"].as_object().into_iter().flatten() {
                if !ok(n.as_str().unwrap_or("")) {
                    out.push(format!("{name}: {loc} name {n} is not valid"));
                }
            }
            if c["description"].as_str().is_some_and(|d| !d.is_empty())
                || c["options"].as_array().is_some_and(|o| !o.is_empty())
            {
                out.push(format!(
                    "{name}: a context menu with a description or options"
                ));
            }
        }
        t => out.push(format!("{name}: command type {t}")),
    }
}

/// Discord's rules for an application command (names, descriptions, options, choices).
fn check_command(c: &Value, out: &mut Vec<String>) {
    fn name_ok(n: &str) -> bool {
        let len = n.chars().count();
        (1..=32).contains(&len)
            && n.chars()
                .all(|ch| ch == '-' || ch == '_' || ch.is_alphanumeric())
            && n.to_lowercase() == n
    }
    let name = c["name"].as_str().unwrap_or("");
    if !name_ok(name) {
        out.push(format!("command name {name:?} is not valid"));
    }
    let desc = c["description"].as_str().unwrap_or("");

    if !(1..=100).contains(&desc.chars().count()) {
        out.push(format!(
            "{name}: description of {} characters",
            desc.chars().count()
        ));
    }
    for (loc, n) in c["name_localizations"].as_object().into_iter().flatten() {
        if !name_ok(n.as_str().unwrap_or("")) {
            out.push(format!("{name}: {loc} name {n} is not valid"));
        }
    }
    for (loc, d) in c["description_localizations"]
        .as_object()
        .into_iter()
        .flatten()
    {
        if !(1..=100).contains(&d.as_str().unwrap_or("").chars().count()) {
            out.push(format!(
                "{name}: {loc} description {d} is not 1 to 100 characters"
            ));
        }
    }
    let options = c["options"].as_array().cloned().unwrap_or_default();
    if options.len() > 25 {
        out.push(format!("{name}: {} options (> 25)", options.len()));
    }
    let mut seen_optional = false;
    for o in &options {
        if o.get("integration_types").is_some() || o.get("contexts").is_some() {
            out.push(format!(
                "{name}: an option or subcommand with integration_types or contexts"
            ));
        }
        check_command(o, out);
        if o["required"].as_bool().unwrap_or(false) && seen_optional {
            out.push(format!("{name}: a required option after an optional one"));
        }
        if !o["required"].as_bool().unwrap_or(false) {
            seen_optional = true;
        }
        let choices = o["choices"].as_array().cloned().unwrap_or_default();
        if choices.len() > 25 {
            out.push(format!("{name}: {} choices (> 25)", choices.len()));
        }
        for ch in choices {
            let n = ch["name"].as_str().unwrap_or("");
            if !(1..=100).contains(&n.chars().count()) {
                out.push(format!("{name}: choice name {n:?}"));
            }
        }
    }
}
