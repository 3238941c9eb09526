//! The Discord layer over the wire: the real serenity client (REST through
//! `HttpBuilder::proxy`, gateway from `GET /gateway`) against a stand-in Discord on loopback,
//! playing scripted scenarios. The stand-in checks every payload against Discord's limits.
//!
//! One room per concern, each a module of this folder: `whole_game` (a whole game, lobby to
//! rematch, every click's one answer), `failures` (writes Discord fails or refuses),
//! `rate_limits` (the channel budget and Retry-After, timed), `repost` (an ageing board moves
//! to a new message), `lifecycle` (start, restart, Ctrl-C), `settings` (house rules and server
//! defaults), `gateway` (shards, IDENTIFY slots, events to their shard), `after_game`
//! (replays, analyses, history), `challenge` and `threads`. The bot and game helpers they
//! share are here.

mod activity;
mod after_game;
mod challenge;
mod entry_point;
mod event_scenarios;
mod events;
mod failures;
mod gateway;
mod lifecycle;
mod rate_limits;
mod repost;
mod settings;
mod threads;
mod whole_game;

use crate::standin;

use standin::board::{board_version, find, play_button, turn_of};

use serde_json::json;
use standin::{Msg, StandIn, StandInOptions};
use std::time::{Duration, Instant};
use yut_service::Config;
use yutbot::bot::{start, Bot};
use yutbot::discord::Options;

pub(crate) const ALICE: (u64, &str, u64) = (111, "Alice", 0x400 | 0x800);
pub(crate) const BOB: (u64, &str, u64) = (222, "Bob", 0x400 | 0x800);
pub(crate) const CAROL: (u64, &str, u64) = (333, "Carol", 0x400 | 0x800);

pub(crate) fn db_url(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("yutbot-wire-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("yut.db").display())
}

pub(crate) async fn bot(s: &StandIn, name: &str, turn_seconds: u32) -> Bot {
    bot_paced(s, name, turn_seconds, 20).await
}

/// A bot whose bots act every `bot_delay_ms` (the default pace is 1,200 ms).
async fn bot_paced(s: &StandIn, name: &str, turn_seconds: u32, bot_delay_ms: u32) -> Bot {
    let life = Config::default().interaction_token_life;
    bot_tokens(s, name, turn_seconds, bot_delay_ms, life).await
}

/// The settings of a test bot against the stand-in (commands registered in its guild).
pub(crate) fn options(s: &StandIn, name: &str, turn_seconds: u32) -> Options {
    Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: Some(standin::GUILD),
        database_url: db_url(name),
        turn_seconds,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 7,
        config: Config {
            min_update_gap: Duration::from_millis(30),
            repost_after: Duration::from_secs(3600),
            ..Config::default()
        },
        web: None,
    }
}

/// The same, with interaction tokens that live `token_life` (Discord: 15 minutes).
pub(crate) async fn bot_tokens(
    s: &StandIn,
    name: &str,
    turn_seconds: u32,
    bot_delay_ms: u32,
    token_life: Duration,
) -> Bot {
    let mut options = self::options(s, name, turn_seconds);
    options.bot_delay_ms = bot_delay_ms;
    options.config.interaction_token_life = token_life;
    let b = start(options).await.expect("the bot starts");
    s.wait_ready().await;
    b
}

/// Wait (up to 30 s) until the latest board of the channel satisfies `f`.
async fn wait_board(s: &StandIn, ch: u64, what: &str, f: impl Fn(&Msg) -> bool) -> Msg {
    standin::board::wait_board_for(s, ch, what, Duration::from_secs(30), f).await
}

async fn play_until(s: &StandIn, ch: u64, limit: Duration, done: impl Fn(&Msg) -> bool) -> Msg {
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < limit,
            "timed out; violations {:?}",
            s.violations()
        );
        let m = s.latest_board(ch).unwrap();
        if done(&m) {
            return m;
        }
        if turn_of(&m).as_deref() == Some("Alice") {
            if let Some(b) = play_button(&m) {
                let tok = s.click(m.id, &b, ALICE, "en-US");
                s.wait_acked(&tok).await;
                let v = board_version(&m);
                let t = Instant::now();
                while s.latest_board(ch).is_some_and(|x| board_version(&x) == v)
                    && s.followups(&tok).is_empty()
                    && t.elapsed() < Duration::from_secs(5)
                {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The game a board's buttons belong to.
fn game_of(m: &Msg) -> Option<String> {
    m.custom_ids()
        .first()
        .map(|c| c.split(':').nth(1).unwrap().to_string())
}

/// A new game of Alice and one bot in `ch` (after any earlier game there), started.
pub(crate) async fn new_game_with_a_bot(s: &StandIn, ch: u64) -> Msg {
    let previous = s.latest_board(ch).and_then(|m| game_of(&m));
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "bots", "type": 4, "value": 1}, {"name": "pieces", "type": 4, "value": 0}]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(s, ch, "the lobby", |m| {
        m.content.contains("Alice") && find(m, ":start").is_some() && game_of(m) != previous
    })
    .await;
    let start = find(&lobby, ":start").unwrap();
    let tok = s.click(lobby.id, &start, ALICE, "en-US");
    s.wait_acked(&tok).await;
    wait_board(s, ch, "the board", |m| {
        m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await
}

/// The reply to a slash command (its original response, once it has content).
pub(crate) async fn reply(s: &StandIn, tok: String) -> Msg {
    s.wait_for("a reply", Duration::from_secs(5), |st| {
        let id = st.interactions.get(&tok)?.original?;
        let m = st.messages.get(&id)?;
        (!m.content.is_empty()).then(|| m.clone())
    })
    .await
}

/// The answer to an interaction: its first message, or its latest follow-up.
pub(crate) async fn answer(s: &StandIn, tok: &str) -> Msg {
    s.wait_for("an answer", Duration::from_secs(5), |st| {
        let i = st.interactions.get(tok)?;
        i.acked?;
        let id = match i.callback_type {
            Some(4) => i.original?,
            _ => *i.followups.last()?,
        };
        let m = st.messages.get(&id)?;
        (!m.content.is_empty()).then(|| m.clone())
    })
    .await
}
