//! Several `yutbot run` processes (the built binary) on one PostgreSQL database against a
//! stand-in Discord with two shards: each process drives only its shard's servers, a process
//! killed with SIGKILL comes back with its games as they were, and a process whose range
//! overlaps live ones waits, drives nothing, and takes over what a clean shutdown gives up.

#[macro_use]
#[path = "../it/common/mod.rs"]
mod common;
#[path = "../it/standin/mod.rs"]
mod standin;

mod follow;

use standin::board::{board_version, find, play_button, turn_of, wait_board_for as wait_board};

use common::TestDb;
use serde_json::json;
use standin::{Msg, StandIn, StandInOptions};
use std::fs::File;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use yut_store::{Backend, GameRow, ShardSet, Store};

const ALICE: (u64, &str, u64) = (111, "Alice", 0x400 | 0x800);
const BOB: (u64, &str, u64) = (222, "Bob", 0x400 | 0x800);
const SHARDS: u32 = 2;
/// The games' channels: one in a server on shard 0, one in a server on shard 1.
const CH0: u64 = 41_000;
const CH1: u64 = 41_001;
/// How long a wait may take when it spans a bot's turn: at 1.2 s per action, a turn of
/// several throws (a yut or a mo throws again) and their moves takes 7 s and more.
const BOT_TURN: Duration = Duration::from_secs(30);

/// The tests of this file run one at a time: their timings assume a machine not busy with
/// another set of bot processes.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// One `yutbot run` process, its output in a file.
struct Proc {
    label: String,
    range: String,
    child: Option<Child>,
    log: PathBuf,
}

/// Every process the test started: killed when the test ends, their logs printed when it
/// fails.
struct Procs {
    bin: PathBuf,
    dir: PathBuf,
    api: String,
    db: String,
    list: Vec<Proc>,
}

impl Procs {
    fn new(name: &str, api: &str, db: &str) -> Procs {
        let dir =
            std::env::temp_dir().join(format!("yutbot-processes-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A link (or a copy), so every process of the test runs the same build even if the shared
        // target directory's binary is rebuilt meanwhile.
        let bin = dir.join("yutbot");
        if std::fs::hard_link(env!("CARGO_BIN_EXE_yutbot"), &bin).is_err() {
            std::fs::copy(env!("CARGO_BIN_EXE_yutbot"), &bin).unwrap();
        }
        Procs {
            bin,
            dir,
            api: api.to_string(),
            db: db.to_string(),
            list: Vec::new(),
        }
    }

    /// Start `yutbot run --shards RANGE --shard-count 2`, with the default INSTANCE_ID
    /// (host and range). Returns its index.
    fn spawn(&mut self, label: &str, range: &str) -> usize {
        self.spawn_with(label, range, &[])
    }

    /// The same, with more settings (`env`).
    fn spawn_with(&mut self, label: &str, range: &str, env: &[(&str, &str)]) -> usize {
        let log = self.dir.join(format!("{label}.log"));
        let out = File::create(&log).unwrap();
        let err = out.try_clone().unwrap();
        let child = Command::new(&self.bin)
            .args([
                "run",
                "--shards",
                range,
                "--shard-count",
                &SHARDS.to_string(),
            ])
            .current_dir(&self.dir)
            .env_remove("DEV_GUILD_ID")
            .env_remove("INSTANCE_ID")
            .env_remove("SHARDS")
            .env_remove("SHARD_COUNT")
            .env("DISCORD_TOKEN", "standin-token")
            .env("DISCORD_API_URL", &self.api)
            .env("DATABASE_URL", &self.db)
            .env("TURN_SECONDS", "30")
            .env("RUST_LOG", "info,yutbot=debug,yut_service=debug")
            .env("NO_COLOR", "1")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::from(out))
            .stderr(Stdio::from(err))
            .spawn()
            .unwrap();
        self.list.push(Proc {
            label: label.to_string(),
            range: range.to_string(),
            child: Some(child),
            log,
        });
        self.list.len() - 1
    }

    fn log(&self, i: usize) -> String {
        std::fs::read_to_string(&self.list[i].log).unwrap_or_default()
    }

    /// Log lines of process `i` that contain every one of `parts`.
    fn lines(&self, i: usize, parts: &[&str]) -> Vec<String> {
        self.log(i)
            .lines()
            .filter(|l| parts.iter().all(|p| l.contains(p)))
            .map(str::to_string)
            .collect()
    }

    /// Wait until process `i` logs a line with every one of `parts`.
    async fn wait_log(&self, i: usize, parts: &[&str], limit: Duration) -> String {
        let start = Instant::now();
        loop {
            if let Some(l) = self.lines(i, parts).into_iter().next() {
                return l;
            }
            assert!(
                start.elapsed() < limit,
                "timed out after {limit:?} waiting for {} to log {parts:?}",
                self.list[i].label
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    fn pid(&self, i: usize) -> u32 {
        self.list[i].child.as_ref().unwrap().id()
    }

    /// SIGKILL: no shutdown at all.
    fn kill9(&mut self, i: usize) {
        let mut c = self.list[i].child.take().unwrap();
        c.kill().unwrap();
        c.wait().unwrap();
    }

    /// SIGTERM, then wait (up to `limit`) for the process to exit.
    async fn terminate(&mut self, i: usize, limit: Duration) -> ExitStatus {
        let pid = self.pid(i);
        let sent = Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let start = Instant::now();
        loop {
            let c = self.list[i].child.as_mut().unwrap();
            if let Some(status) = c.try_wait().unwrap() {
                self.list[i].child = None;
                return status;
            }
            assert!(
                start.elapsed() < limit,
                "{} did not stop within {limit:?} of SIGTERM",
                self.list[i].label
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Still running (not exited by itself).
    fn alive(&mut self, i: usize) -> bool {
        match self.list[i].child.as_mut() {
            Some(c) => c.try_wait().unwrap().is_none(),
            None => false,
        }
    }
}

impl Drop for Procs {
    fn drop(&mut self) {
        for p in &mut self.list {
            if let Some(mut c) = p.child.take() {
                let _ = c.kill();
                let _ = c.wait();
            }
        }
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        } else {
            for p in &self.list {
                let log = std::fs::read_to_string(&p.log).unwrap_or_default();
                eprintln!(
                    "===== {} (--shards {}) log, {} =====\n{log}",
                    p.label,
                    p.range,
                    p.log.display()
                );
            }
        }
    }
}

/// `/yut new` with one bot, then Start, by `who`; the first board.
async fn new_game_with_a_bot(s: &StandIn, ch: u64, who: (u64, &str, u64)) -> Msg {
    new_game_with_pieces(s, ch, who, 2).await
}

/// `new_game_with_a_bot` with `pieces` pieces a side (2, 3 or 4).
async fn new_game_with_pieces(s: &StandIn, ch: u64, who: (u64, &str, u64), pieces: u8) -> Msg {
    // The option's choices by index: 2, 3, 4 pieces, then by the number of sides.
    let pieces = pieces.clamp(2, 4) - 2;
    let tok = s.slash(
        ch,
        who,
        "en-US",
        "new",
        json!([{"name": "bots", "type": 4, "value": 1}, {"name": "pieces", "type": 4, "value": pieces}]),
    );
    assert_eq!(s.wait_acked(&tok).await.callback_type, Some(4));
    let lobby = wait_board(s, ch, "the lobby", Duration::from_secs(5), |m| {
        m.content.contains(who.1) && find(m, ":start").is_some()
    })
    .await;
    let start = find(&lobby, ":start").unwrap();
    let tok = s.click(lobby.id, &start, who, "en-US");
    s.wait_acked(&tok).await;
    wait_board(s, ch, "the first board", BOT_TURN, |m| {
        m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await
}

/// Click `button` of board `m` as `who`: true when the board moved past `m`'s version,
/// false when the click was refused (a follow-up). Panics if neither happens.
async fn click_and_see(s: &StandIn, ch: u64, m: &Msg, button: &str, who: (u64, &str, u64)) -> bool {
    let tok = s.click(m.id, button, who, "en-US");
    s.wait_acked(&tok).await;
    let v = board_version(m);
    let start = Instant::now();
    loop {
        if !s.followups(&tok).is_empty() {
            return false;
        }
        if s.latest_board(ch).is_some_and(|b| board_version(&b) > v) {
            return true;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "a click in channel {ch} had no effect; violations: {:?}",
            s.violations()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// `who` clicks on their turn until a click of theirs is applied (a click that lost a race with
/// the turn's own deadline is refused as out of date: try the next turn). False if none is
/// applied within `limit`.
async fn served(s: &StandIn, ch: u64, who: (u64, &str, u64), limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        let m = play_until(s, ch, who, limit, |m| {
            turn_of(m).as_deref() == Some(who.1) && play_button(m).is_some()
        })
        .await;
        if click_and_see(s, ch, &m, &play_button(&m).unwrap(), who).await {
            return true;
        }
        eprintln!("[{ch}] a click of {} was refused; trying again", who.1);
    }
    false
}

/// Play as `who` (the bot plays its own turns) until the board satisfies `done`.
async fn play_until(
    s: &StandIn,
    ch: u64,
    who: (u64, &str, u64),
    limit: Duration,
    done: impl Fn(&Msg) -> bool,
) -> Msg {
    let start = Instant::now();
    loop {
        let m = s.latest_board(ch).unwrap();
        if done(&m) {
            return m;
        }
        assert!(
            start.elapsed() < limit,
            "timed out after {limit:?} playing in channel {ch}; board: {:?}",
            (m.custom_ids(), m.content)
        );
        if turn_of(&m).as_deref() == Some(who.1) {
            if let Some(b) = play_button(&m) {
                click_and_see(s, ch, &m, &b, who).await;
                continue;
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The only active game of a shard, as stored.
async fn stored_game(store: &Store, shard: u32) -> GameRow {
    let mut active = store.active(ShardSet::one(SHARDS, shard)).await.unwrap();
    assert_eq!(active.len(), 1, "one active game on shard {shard}");
    active.remove(0).row
}

/// Every game's fence, by game id.
async fn fences(url: &str) -> Vec<(i64, i64)> {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url).await.unwrap();
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT id, fence FROM games ORDER BY id")
        .fetch_all(&mut c)
        .await
        .unwrap();
    c.close().await.unwrap();
    rows
}

/// The lease holders of the two shards: (owner, fence).
async fn leases(store: &Store) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    for shard in 0..SHARDS {
        let l = store
            .lease(SHARDS, shard)
            .await
            .unwrap()
            .expect("a lease row");
        out.push((l.owner, l.fence));
    }
    out
}

/// A game's log has versions 0 (its creation), 1, 2, … with no gap and no repeat.
async fn assert_log_consecutive(store: &Store, game: i64) -> Vec<yut_store::LogRow> {
    let log = store.log(game).await.unwrap();
    let versions: Vec<u64> = log.iter().map(|r| r.version).collect();
    let want: Vec<u64> = (0..log.len() as u64).collect();
    assert_eq!(versions, want, "game {game}'s log versions");
    log
}

/// A GET on a process's web port: (status, body).
async fn get(addr: &str, path: &str) -> Result<(u16, String), String> {
    let r = reqwest::get(format!("http://{addr}{path}"))
        .await
        .map_err(|e| e.to_string())?;
    let status = r.status().as_u16();
    Ok((status, r.text().await.map_err(|e| e.to_string())?))
}

/// A free loopback port.
fn free_addr() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().to_string()
}

/// Answered IDENTIFYs: (shard, shards).
fn identified(s: &StandIn) -> Vec<(u32, u32)> {
    s.state
        .lock()
        .unwrap()
        .identify_log
        .iter()
        .filter(|i| i.session_id.is_some())
        .map(|i| (i.shard, i.shards))
        .collect()
}

fn instance(range: &str) -> String {
    let (a, b) = range.split_once('-').unwrap();
    yutbot::discord::default_instance(ShardSet {
        count: SHARDS,
        first: a.parse().unwrap(),
        last: b.parse().unwrap(),
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_split_the_shards_survive_a_kill_and_hand_over() {
    let _serial = SERIAL.lock().await;
    let Some(db) = TestDb::new(Backend::Postgres, "processes").await else {
        return;
    };
    let t0 = Instant::now();
    let phase = |what: &str| eprintln!("[{:>6.2} s] {what}", t0.elapsed().as_secs_f64());
    let s = StandIn::start_with(StandInOptions {
        shards: SHARDS,
        max_concurrency: 1,
        identify_window: Duration::from_secs(5),
        // An early IDENTIFY is a violation (and still answered), so the test sees it.
        invalid_session_on_early_identify: false,
        channel_budget: None,
        ..StandInOptions::default()
    })
    .await;
    let mut p = Procs::new("shards", &s.http_url, &db.url);
    let (g0, g1) = (
        standin::guild_on_shard(0, SHARDS),
        standin::guild_on_shard(1, SHARDS),
    );
    s.set_channel_guild(CH0, g0);
    s.set_channel_guild(CH1, g1);

    // 1. Two processes, one shard each, started at the same moment on a fresh database.
    let a = p.spawn("shard0", "0-0");
    let mut b = p.spawn("shard1", "1-1");
    let first = s.wait_session(0, SHARDS, Duration::from_secs(20)).await;
    let second = s.wait_session(1, SHARDS, Duration::from_secs(20)).await;
    s.wait_for("commands registered", Duration::from_secs(5), |st| {
        (!st.commands.is_empty()).then_some(())
    })
    .await;
    phase("both processes identified");
    {
        let st = s.state.lock().unwrap();
        let gap = second.identified.max(first.identified) - second.identified.min(first.identified);
        assert!(
            gap >= Duration::from_secs(5),
            "the IDENTIFY slots keep the two 5 s apart: {gap:?}"
        );
        assert_eq!(st.identify_log.len(), 2, "{:?}", st.identify_log);
        assert!(st.duplicate_shards.is_empty());
        eprintln!("the two processes identified {gap:?} apart");
    }
    assert_eq!(s.violations(), Vec::<String>::new());
    p.wait_log(
        a,
        &["took the lease on this shard", "shard=0"],
        Duration::from_secs(1),
    )
    .await;
    p.wait_log(
        b,
        &["took the lease on this shard", "shard=1"],
        Duration::from_secs(1),
    )
    .await;
    let store = Store::open(&db.url).await.unwrap();
    let l = leases(&store).await;
    assert_eq!(
        (l[0].0.as_str(), l[1].0.as_str()),
        (instance("0-0").as_str(), instance("1-1").as_str())
    );

    // 2. A game in a server on each shard, each answered by its shard's process.
    let board0 = new_game_with_a_bot(&s, CH0, ALICE).await;
    new_game_with_a_bot(&s, CH1, BOB).await;
    phase("both games started");
    let game0 = board0.custom_ids()[0]
        .split(':')
        .nth(1)
        .unwrap()
        .to_string();
    let row0 = stored_game(&store, 0).await;
    let row1 = stored_game(&store, 1).await;
    assert_eq!((row0.guild, row0.channel), (g0, CH0));
    assert_eq!((row1.guild, row1.channel), (g1, CH1));
    assert_eq!(game0, row0.id.to_string(), "the board is the stored game's");

    // Play the shard-1 game until it is Bob's turn with most of his 30 s ahead (room for a
    // slow restart on a busy machine).
    let pre = play_until(&s, CH1, BOB, BOT_TURN, |m| {
        turn_of(m).as_deref() == Some("Bob") && play_button(m).is_some()
    })
    .await;
    let before = stored_game(&store, 1).await;
    // Bob's turn ping is in view before the kill.
    let bobs_ping = s.wait_ping_for(CH1, BOB.0).await;
    let pings_before_kill = s.pings(CH1).len();
    phase("Bob's turn on shard 1");

    // 3. kill -9 the shard-1 process while Bob's deadline runs.
    p.kill9(b);
    phase("shard-1 process killed");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    assert_eq!(
        before.version,
        board_version(&pre),
        "the board shows the stored state"
    );
    let deadline = before.deadline_ms.expect("Bob's deadline is armed");
    assert!(
        deadline - now >= 15_000,
        "Bob has time left for the restart: {} ms",
        deadline - now
    );
    let gone = s
        .wait_for("the shard-1 session to end", Duration::from_secs(5), |st| {
            st.disconnects
                .iter()
                .find(|d| d.session_id == second.session_id)
                .cloned()
        })
        .await;
    assert_eq!(
        gone.close_code, None,
        "a killed process sends no close frame"
    );
    // Nobody serves shard 1 now: its events are not delivered, not even to shard 0's process.
    let lost = s.slash(CH1, BOB, "en-US", "board", json!([]));
    {
        let st = s.state.lock().unwrap();
        let u = st.undelivered.last().expect("recorded as undelivered");
        assert_eq!((u.shard, u.shards, u.guild), (1, SHARDS, Some(g1)));
        assert_eq!(u.d["token"], lost.as_str());
    }
    // Meanwhile the shard-0 game goes on: Alice's clicks are answered, the bot plays.
    let v0 = board_version(&s.latest_board(CH0).unwrap());
    let moved = play_until(&s, CH0, ALICE, Duration::from_secs(8), |m| {
        board_version(m) >= v0 + 2
    })
    .await;
    phase("shard-0 game advanced while shard 1 was down");
    assert!(board_version(&moved) >= v0 + 2);
    assert_eq!(stored_game(&store, 1).await.version, before.version);

    // Restart shard 1's process with the same settings: same INSTANCE_ID, so it takes its
    // lease back at once instead of waiting for it to expire.
    let restarted_at = Instant::now();
    b = p.spawn("shard1-restarted", "1-1");
    let third_session = s
        .wait_for("a new session of shard 1", Duration::from_secs(15), |st| {
            st.session(1, SHARDS)
                .filter(|x| x.session_id != second.session_id)
                .cloned()
        })
        .await;
    let took = restarted_at.elapsed();
    phase(&format!("shard-1 process back after {took:?}"));
    let lease_line = p
        .wait_log(
            b,
            &["took the lease on this shard", "shard=1"],
            Duration::from_secs(1),
        )
        .await;
    assert!(
        p.lines(b, &["waiting for its lease to expire"]).is_empty(),
        "the same instance does not wait for its own lease: {lease_line}"
    );
    assert_eq!(leases(&store).await[1].0, instance("1-1"));
    // The game is as it was: same version, Bob's deadline as stored (not reset).
    let after = stored_game(&store, 1).await;
    assert_eq!(after.version, before.version, "nothing lost or added");
    assert_eq!(
        after.deadline_ms, before.deadline_ms,
        "Bob's deadline as before"
    );
    assert_eq!(after.status, before.status);
    // The same turn is not pinged again: its ping (posted before the kill) is still the one
    // in view.
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    assert_eq!(
        s.pings(CH1).len(),
        pings_before_kill,
        "Bob's turn pinged twice across the kill: {}",
        s.dump_channel(CH1)
    );
    assert_eq!(
        s.live_pings(CH1).iter().map(|m| m.id).collect::<Vec<_>>(),
        vec![bobs_ping.id]
    );
    // A click on the board shown before the kill is applied, once.
    let button = play_button(&pre).unwrap();
    assert!(
        click_and_see(&s, CH1, &pre, &button, BOB).await,
        "the pre-kill board's button works after the restart"
    );
    let applied = stored_game(&store, 1).await;
    assert!(applied.version > before.version);
    let tok = s.click(pre.id, &button, BOB, "en-US");
    let refused = s.wait_followup(&tok).await;
    assert!(
        refused.content.contains("out of date"),
        "the same click again is refused: {}",
        refused.content
    );
    let log1 = assert_log_consecutive(&store, before.id).await;
    let bobs = &log1[before.version as usize + 1];
    assert_eq!(bobs.version, before.version + 1);
    assert!(
        bobs.actor.contains("\"by\":\"user\"") && bobs.actor.contains(&BOB.0.to_string()),
        "the action after the restart is Bob's click: {bobs:?}"
    );
    assert!(
        third_session.identified - gone.at < Duration::from_secs(15),
        "shard 1 was down for {:?}",
        third_session.identified - gone.at
    );
    phase("shard-1 game resumed");
    // Bob's next turn: the ping the killed process posted goes before the new one comes.
    play_until(&s, CH1, BOB, BOT_TURN, |_| {
        s.pings(CH1).len() > pings_before_kill
    })
    .await;
    s.wait_for("the pre-kill ping deleted", Duration::from_secs(10), |st| {
        st.messages[&bobs_ping.id].deleted.then_some(())
    })
    .await;
    assert_eq!(s.live_pings(CH1).len(), 1, "{}", s.dump_channel(CH1));

    // 4. A third process over both shards: both are held, so it waits and drives nothing.
    let identifies_before = identified(&s);
    let fences_before = fences(&db.url).await;
    let leases_before = leases(&store).await;
    let web = free_addr();
    let c = p.spawn_with(
        "standby",
        "0-1",
        &[
            ("WEB_ADDR", web.as_str()),
            ("WEB_SECRET", "a-secret-of-the-standby-test"),
        ],
    );
    for shard in ["shard=0", "shard=1"] {
        p.wait_log(
            c,
            &[
                "another process holds this shard; waiting for its lease to expire",
                shard,
            ],
            Duration::from_secs(5),
        )
        .await;
    }
    // Two renewals of the owners' leases later, still nothing has changed.
    tokio::time::sleep(Duration::from_millis(3_200)).await;
    phase("the standby waited");
    assert!(p.alive(c));
    assert_eq!(
        identified(&s),
        identifies_before,
        "the standby never identified"
    );
    assert!(s.state.lock().unwrap().duplicate_shards.is_empty());
    assert_eq!(
        fences(&db.url).await,
        fences_before,
        "the standby fenced nothing"
    );
    assert_eq!(leases(&store).await, leases_before);
    assert!(p.lines(c, &["took the lease"]).is_empty());
    assert!(
        p.lines(c, &["applied"]).is_empty(),
        "the standby drove no game"
    );
    // While it waits it says it is alive and not ready, and why.
    let (status, body) = get(&web, "/healthz")
        .await
        .expect("a standby answers /healthz");
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    let (status, body) = get(&web, "/readyz").await.unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(
        body.contains("waiting for the leases of shard(s) 0, 1"),
        "{body}"
    );
    let (status, body) = get(&web, "/metrics").await.unwrap();
    assert_eq!(status, 200);
    assert!(body.contains("\nyutbot_shards_waiting 2\n"), "{body}");
    assert!(body.contains("\nyutbot_shards_held 0\n"), "{body}");

    // Stop shard 0's owner cleanly: it gives its lease back. The standby, which takes its
    // range all together or not at all until it has held it once, takes nothing (shard 1 is
    // still held), and shard 0's own instance, restarted, takes it back at once.
    let fence0 = fences(&db.url).await;
    let stop_at = Instant::now();
    let status = p.terminate(a, Duration::from_secs(10)).await;
    let stopped_in = stop_at.elapsed();
    assert_eq!(status.code(), Some(0), "a clean shutdown");
    assert!(!p.lines(a, &["stopped"]).is_empty());
    // Several of the standby's tries later:
    tokio::time::sleep(Duration::from_millis(2_000)).await;
    phase(&format!(
        "SIGTERM: shard-0 owner stopped in {stopped_in:?}; the standby took nothing"
    ));
    assert!(
        p.lines(c, &["took the lease"]).is_empty(),
        "the standby sits on no half of its range"
    );
    assert_eq!(fences(&db.url).await, fence0, "the standby fenced nothing");
    assert_eq!(leases(&store).await[1], leases_before[1]);
    assert_eq!(identified(&s), identifies_before);
    let d = p.spawn("shard0-again", "0-0");
    let line = p
        .wait_log(
            d,
            &["took the lease on this shard", "shard=0"],
            Duration::from_secs(5),
        )
        .await;
    let took_back = stop_at.elapsed();
    phase(&format!(
        "shard 0's owner restarted took its shard back {took_back:?} after the SIGTERM"
    ));
    assert!(
        p.lines(d, &["waiting for its lease to expire"]).is_empty(),
        "{line}"
    );
    let l = leases(&store).await;
    assert_eq!(l[0].0, instance("0-0"));
    assert!(l[0].1 > leases_before[0].1, "a new fence for shard 0");
    let back0 = s.wait_session(0, SHARDS, Duration::from_secs(15)).await;
    assert!(
        served(&s, CH0, ALICE, BOT_TURN).await,
        "Alice's click is answered by shard 0's restarted owner"
    );
    phase("shard 0 served again by its own instance");

    // Stop both owners: the standby takes its whole range together, connects both shards and
    // serves both games.
    let stop_at = Instant::now();
    assert_eq!(
        p.terminate(d, Duration::from_secs(10)).await.code(),
        Some(0)
    );
    assert_eq!(
        p.terminate(b, Duration::from_secs(10)).await.code(),
        Some(0)
    );
    for shard in ["shard=0", "shard=1"] {
        p.wait_log(
            c,
            &["took the lease on this shard", shard],
            Duration::from_secs(5),
        )
        .await;
    }
    let s0 = s
        .wait_for("the standby's shard 0", Duration::from_secs(10), |st| {
            st.session(0, SHARDS)
                .filter(|x| x.session_id != back0.session_id)
                .cloned()
        })
        .await;
    let s1 = s
        .wait_for("the standby's shard 1", Duration::from_secs(10), |st| {
            st.session(1, SHARDS)
                .filter(|x| x.session_id != third_session.session_id)
                .cloned()
        })
        .await;
    phase(&format!(
        "the standby serves both shards, {:?} after the SIGTERMs",
        stop_at.elapsed()
    ));
    let gap = s1.identified - s0.identified;
    phase(&format!(
        "the standby identified its two shards {gap:?} apart"
    ));
    assert!(
        gap >= Duration::from_secs(5),
        "IDENTIFYs of one process {gap:?} apart"
    );
    let l = leases(&store).await;
    assert_eq!(
        (l[0].0.clone(), l[1].0.clone()),
        (instance("0-1"), instance("0-1"))
    );
    let fence_after = fences(&db.url).await;
    assert!(
        fence_after.iter().all(|(_, f)| *f == l[0].1),
        "every active game carries the standby's fence: {fence_after:?}"
    );
    for (ch, who) in [(CH0, ALICE), (CH1, BOB)] {
        let v = board_version(&s.latest_board(ch).unwrap());
        let m = play_until(&s, ch, who, BOT_TURN, |m| {
            board_version(m) > v && turn_of(m).as_deref() == Some(who.1)
        })
        .await;
        assert_eq!(turn_of(&m).as_deref(), Some(who.1));
        assert!(
            served(&s, ch, who, BOT_TURN).await,
            "{}'s click is answered by the standby",
            who.1
        );
    }
    phase("both games answered by the standby");
    let (status, body) = get(&web, "/readyz").await.unwrap();
    assert_eq!((status, body.as_str()), (200, "ready\n"));
    let (_, body) = get(&web, "/metrics").await.unwrap();
    assert!(body.contains("\nyutbot_shards_waiting 0\n"), "{body}");
    // Across the kill, the restarts and the takeovers: one turn ping in view at a time.
    {
        let st = s.state.lock().unwrap();
        for ch in [CH0, CH1] {
            assert_eq!(
                st.most_pings_in_view.get(&ch).copied(),
                Some(1),
                "turn pings in view at once in {ch}"
            );
        }
    }

    // Every game's log is whole; each process applied only its own shard's actions.
    let row0 = stored_game(&store, 0).await;
    let row1 = stored_game(&store, 1).await;
    assert_log_consecutive(&store, row0.id).await;
    assert_log_consecutive(&store, row1.id).await;
    let ch0 = format!("channel={CH0}");
    let ch1 = format!("channel={CH1}");
    assert!(!p.lines(a, &["applied", &ch0]).is_empty());
    for i in [a, d] {
        assert!(
            p.lines(i, &["applied", &ch1]).is_empty(),
            "shard 0's process drove shard 1"
        );
    }
    for i in [1, b] {
        assert!(!p.lines(i, &["applied", &ch1]).is_empty());
        assert!(
            p.lines(i, &["applied", &ch0]).is_empty(),
            "shard 1's process drove shard 0"
        );
    }
    for i in 0..p.list.len() {
        assert!(
            p.lines(i, &["another process took this game over"])
                .is_empty()
                && p.lines(i, &["ERROR"]).is_empty(),
            "{}: {:?}",
            p.list[i].label,
            p.lines(i, &["ERROR"])
        );
    }
    let status = p.terminate(c, Duration::from_secs(10)).await;
    assert_eq!(status.code(), Some(0));
    {
        let st = s.state.lock().unwrap();
        assert!(st.duplicate_shards.is_empty(), "{:?}", st.duplicate_shards);
        let mut log: Vec<(u32, u32)> = st
            .identify_log
            .iter()
            .map(|i| (i.shard, i.shards))
            .collect();
        // The first two processes identified in either order.
        log[..2].sort();
        assert_eq!(
            log,
            vec![(0, 2), (1, 2), (1, 2), (0, 2), (0, 2), (1, 2)],
            "two owners, shard 1's restart, shard 0's restart, the standby's two shards: {:?}",
            st.identify_log
        );
    }
    assert_eq!(s.violations(), Vec::<String>::new());
    phase("done");
    store.close().await;
    db.cleanup().await;
}

/// A process killed after storing moves it could not show (here the channel's REST calls
/// fail meanwhile; in production, a kill between a commit and its edit, or a SIGTERM while a
/// bot moves): the process that takes the shard over must show the stored state, or the
/// board offers stale buttons until the next action (a human's whole turn, which then times
/// out).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_shows_what_the_killed_process_stored_but_never_showed() {
    let _serial = SERIAL.lock().await;
    let Some(db) = TestDb::new(Backend::Postgres, "unshown").await else {
        return;
    };
    let s = StandIn::start_with(StandInOptions {
        shards: SHARDS,
        ..StandInOptions::default()
    })
    .await;
    let mut p = Procs::new("unshown", &s.http_url, &db.url);
    let g0 = standin::guild_on_shard(0, SHARDS);
    s.set_channel_guild(CH0, g0);
    let a = p.spawn("shard0", "0-0");
    let first = s.wait_session(0, SHARDS, Duration::from_secs(10)).await;
    new_game_with_a_bot(&s, CH0, ALICE).await;
    let store = Store::open(&db.url).await.unwrap();
    // Alice plays her turn; as soon as the bot is to play, the channel's REST calls fail, so
    // the bot's moves are stored but never shown.
    play_until(&s, CH0, ALICE, BOT_TURN, |m| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    let shown = play_until(&s, CH0, ALICE, Duration::from_secs(15), |m| {
        turn_of(m).is_some_and(|t| t != "Alice")
    })
    .await;
    s.state.lock().unwrap().broken_channel = Some(CH0);
    assert_eq!(
        board_version(&s.latest_board(CH0).unwrap()),
        board_version(&shown)
    );
    let stored = {
        let start = Instant::now();
        loop {
            let row = stored_game(&store, 0).await;
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis() as i64;
            if row.version > board_version(&shown)
                && row.deadline_ms.is_some_and(|d| d - now >= 6_000)
            {
                break row;
            }
            assert!(start.elapsed() < Duration::from_secs(15), "{row:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    // Alice's turn is stored; the board still shows the bot's. The process dies.
    p.kill9(a);
    assert_eq!(
        board_version(&s.latest_board(CH0).unwrap()),
        board_version(&shown)
    );
    s.state.lock().unwrap().broken_channel = None;
    let b = p.spawn("shard0-restarted", "0-0");
    s.wait_for("a new session", Duration::from_secs(15), |st| {
        st.session(0, SHARDS)
            .filter(|x| x.session_id != first.session_id)
            .cloned()
    })
    .await;
    assert!(p.alive(b));
    // Well before Alice's deadline, the board shows her turn.
    let after = wait_board(
        &s,
        CH0,
        "the stored state shown after the restart",
        Duration::from_secs(3),
        |m| board_version(m) >= stored.version,
    )
    .await;
    assert_eq!(turn_of(&after).as_deref(), Some("Alice"));
    store.close().await;
    db.cleanup().await;
}
