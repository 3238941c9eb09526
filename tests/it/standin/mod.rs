//! A stand-in for Discord on loopback: the REST routes and the gateway the bot uses, checking
//! every payload against Discord's documented limits. Violations are collected and fail the
//! test. Payloads sent to the bot are first parsed with serenity's own types, since serenity
//! drops a gateway event it cannot parse with only a debug log.

#![allow(dead_code)]

pub mod activity;
pub mod board;

mod channels;
mod checks;
mod gateway;
mod interactions;
mod messages;
mod rest;
mod state;

pub use state::*;

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

use checks::{check_dispatch, check_payload, check_top_level};
use messages::{coded_response, error_response, json_response, message_json, read_body, Body_};
use rest::handle;

pub const APP: u64 = 900_000_000_000_000_001;
pub const BOT: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 800_000_000_000_000_001;
pub const CMD_ID: u64 = 900_000_000_000_000_100;
/// A user who is not a member of the server (named in a command's options).
pub const STRANGER: u64 = 999;
/// Another application's bot account, a member of the server.
pub const OTHER_BOT: u64 = 998;

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
}
