//! `--watchers W` with `--processes N`: every worker also serves the web side (the bot's
//! watch pages and `/metrics`), and this process opens W live watchers (the pages' event
//! streams) spread evenly over the workers, each following a game another worker drives
//! (the followers for others of issue 47). Every event's arrival is timed against the
//! moment the driving process learned its commit succeeded (see [`Marks`]); when a worker is
//! killed, its watchers move to another one.

use super::*;
use std::net::SocketAddr;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Microseconds since the Unix epoch (one clock for every process of the machine).
pub fn unix_us() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as i64)
}

/// In a worker: when each version of the watched games it drives was stored, (game,
/// version) -> µs since the epoch, taken in the service's `observe` hook, which the game's
/// actor calls right after its commit returned (the first call for a version only).
pub type Marks = Arc<Mutex<HashMap<(i64, u64), i64>>>;

/// The games watched: each worker's first `per_process` games (by channel).
pub fn watched_per_process(watchers: usize, processes: u32) -> usize {
    watchers.div_ceil(processes.max(1) as usize)
}

/// The service's web hooks of a worker, with its commit marks recorded for the channels
/// `[channel0, channel0 + count)` (the watched games it drives).
pub fn marking(
    hooks: yut_service::WebHooks,
    channel0: u64,
    count: usize,
    marks: Marks,
) -> yut_service::WebHooks {
    let observe = hooks.observe.clone();
    yut_service::WebHooks {
        observe: Arc::new(move |t| {
            if (channel0..channel0 + count as u64).contains(&t.channel) {
                let at = unix_us();
                marks
                    .lock()
                    .expect("marks")
                    .entry((t.id, t.version))
                    .or_insert(at);
            }
            observe(t)
        }),
        ..hooks
    }
}

/// One event received: the board's version, when (µs since the epoch), on which of the
/// watcher's connections (0 the first, 1 after a move...).
#[derive(Debug, Clone, Copy)]
pub struct Seen {
    pub version: u64,
    pub at_us: i64,
    pub conn: u32,
}

/// What one watcher did.
#[derive(Debug, Clone, Default)]
pub struct Record {
    pub game: i64,
    /// The worker driving the game, and the workers it was connected to, in order.
    pub driver: u32,
    pub connected: Vec<u32>,
    pub seen: Vec<Seen>,
    /// Connections refused or failed (then retried on the next worker).
    pub failed_connects: u32,
}

/// The workers' web addresses; a worker being killed is taken out first (its watchers
/// move to the next one alive).
pub type Addresses = Arc<Mutex<Vec<Option<SocketAddr>>>>;

/// The next worker alive after `from`, other than `avoid` when there is another choice.
fn next_alive(addrs: &Addresses, from: u32, avoid: u32) -> Option<(u32, SocketAddr)> {
    let a = addrs.lock().expect("addresses");
    let n = a.len() as u32;
    let alive = |k: u32| a[k as usize].map(|s| (k, s));
    (1..=n)
        .map(|d| (from + d) % n)
        .filter(|&k| k != avoid)
        .find_map(alive)
        .or_else(|| alive(avoid))
}

/// Follow `game` (a watch token for it) from worker `first` on; when the stream ends, move
/// to the next worker alive. Runs until aborted.
pub async fn watcher(
    addrs: Addresses,
    first: u32,
    token: String,
    record: Arc<Mutex<Record>>,
    ready: tokio::sync::mpsc::UnboundedSender<()>,
) {
    let driver = record.lock().expect("record").driver;
    let mut at = first;
    let mut conn = 0u32;
    let mut ready = Some(ready);
    loop {
        let target = {
            let a = addrs.lock().expect("addresses");
            a[at as usize].map(|s| (at, s))
        };
        let Some((k, addr)) = target.or_else(|| next_alive(&addrs, at, driver)) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        at = k;
        match Stream::connect(addr, &token).await {
            Ok(mut s) => {
                record.lock().expect("record").connected.push(k);
                while let Some(ids) = s.next_ids().await {
                    if ids.is_empty() {
                        continue;
                    }
                    let at_us = unix_us();
                    record
                        .lock()
                        .expect("record")
                        .seen
                        .extend(ids.into_iter().map(|version| Seen {
                            version,
                            at_us,
                            conn,
                        }));
                    if let Some(r) = ready.take() {
                        let _ = r.send(());
                    }
                }
                conn += 1;
            }
            Err(_) => {
                record.lock().expect("record").failed_connects += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        // The stream ended (its worker died) or could not open: the next worker alive.
        if let Some((k, _)) = next_alive(&addrs, at, driver) {
            at = k;
        }
    }
}

/// A page's event stream over plain HTTP/1.1 on loopback.
struct Stream {
    stream: tokio::net::TcpStream,
    buf: Vec<u8>,
    head: bool,
}

impl Stream {
    async fn connect(addr: SocketAddr, token: &str) -> anyhow::Result<Stream> {
        let mut stream = tokio::net::TcpStream::connect(addr).await?;
        stream
            .write_all(
                format!("GET /api/watch/{token}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n")
                    .as_bytes(),
            )
            .await?;
        Ok(Stream {
            stream,
            buf: Vec::with_capacity(8192),
            head: true,
        })
    }

    /// The versions of the events that came with this read (`id: N` lines); None when the
    /// stream ended, or its answer was not 200.
    async fn next_ids(&mut self) -> Option<Vec<u64>> {
        let mut chunk = [0u8; 16384];
        let n = self.stream.read(&mut chunk).await.ok().filter(|&n| n > 0)?;
        self.buf.extend_from_slice(&chunk[..n]);
        if self.head {
            let end = self.buf.windows(4).position(|w| w == b"\r\n\r\n")?;
            if !self.buf.starts_with(b"HTTP/1.1 200") {
                return None;
            }
            self.buf.drain(..end + 4);
            self.head = false;
        }
        let mut ids = Vec::new();
        let mut consumed = 0;
        while let Some(pos) = self.buf[consumed..].iter().position(|&b| b == b'\n') {
            let line = &self.buf[consumed..consumed + pos];
            if let Some(rest) = line
                .strip_prefix(b"id: ")
                .or_else(|| line.strip_prefix(b"id:"))
            {
                if let Ok(v) = std::str::from_utf8(rest).unwrap_or("").trim().parse() {
                    ids.push(v);
                }
            }
            consumed += pos + 1;
        }
        self.buf.drain(..consumed);
        Some(ids)
    }
}

/// A GET on loopback: the body.
pub async fn get(addr: SocketAddr, path: &str) -> anyhow::Result<String> {
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    anyhow::ensure!(
        text.starts_with("HTTP/1.1 200"),
        "GET {path}: {}",
        text.lines().next().unwrap_or("")
    );
    Ok(text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string()))
}

/// The counters of a worker's `/metrics` this bench reads.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counters {
    pub actions: f64,
    pub announcements: f64,
    pub followed_versions: f64,
    pub followed_games: f64,
    pub boards: f64,
    pub skipped: f64,
    pub failed_commits: f64,
}

pub async fn counters(addr: SocketAddr) -> anyhow::Result<Counters> {
    let text = get(addr, "/metrics").await?;
    let value = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
            .unwrap_or(0.0)
    };
    Ok(Counters {
        actions: value("yutbot_actions_total"),
        announcements: value("yutbot_announcements_total"),
        followed_versions: value("yutbot_followed_versions_total"),
        followed_games: value("yutbot_games_followed_for_others"),
        boards: value("yutbot_web_boards_total"),
        skipped: value("yutbot_web_boards_skipped_total"),
        failed_commits: value("yutbot_failed_commits_total"),
    })
}

/// CPU seconds (user + system) of a process by id.
pub fn pid_cpu_s(pid: u32) -> Option<f64> {
    stat_cpu_s(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// The measured window of the watchers: its start and end (µs since the epoch), what every
/// worker counted and used over it.
#[derive(Debug, Clone, Default)]
pub struct Window {
    pub start_us: i64,
    pub end_us: i64,
    pub before: Vec<Counters>,
    pub after: Vec<Counters>,
    pub cpu_s: Vec<f64>,
    pub db_cpu_s: Option<f64>,
}

/// What the watchers measured.
#[derive(Debug, Clone, Default)]
pub struct WatchReport {
    pub watchers: usize,
    pub games: usize,
    pub seconds: f64,
    /// Events pushed in the window whose commit was marked there, and their delay from the
    /// driver's commit (ms): p50, p99, max.
    pub deliveries: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// The same events from the time stamped on the stored log row (`actions.at_ms`: taken
    /// when the action was applied, before its commit; ms resolution), p50, p99.
    pub from_row_p50_ms: f64,
    pub from_row_p99_ms: f64,
    /// Versions missing between two events of one stream, events repeating the one before
    /// (the same board pushed again), and events older than the one before, until the kill;
    /// and versions committed in the window that a watcher (not moved) never received.
    pub gaps: u64,
    pub repeats: u64,
    pub disorder: u64,
    pub missed_in_window: u64,
    /// The same on the streams that lived through the kill (not moved), after it.
    pub gaps_after_kill: u64,
    pub repeats_after_kill: u64,
    pub disorder_after_kill: u64,
    /// Watchers whose worker was killed: how many, how long from the kill until each had a
    /// new stream, and until it saw a version newer than its last (ms, p50 and max), the
    /// versions it skipped in the move, and those that saw nothing new by the end.
    pub moved: usize,
    pub moved_reconnect_p50_ms: f64,
    pub moved_reconnect_max_ms: f64,
    pub moved_new_p50_ms: f64,
    pub moved_new_max_ms: f64,
    /// The moved watchers' first new version, from its commit (or from the kill, for one
    /// committed before it), ms p50 and max: the move's own delay, without the game's pace.
    pub moved_new_from_commit_p50_ms: f64,
    pub moved_new_from_commit_max_ms: f64,
    pub moved_skipped: u64,
    pub moved_stuck: usize,
    /// Watchers on other workers that follow the killed worker's games: from the kill until
    /// their next version (the game resumed elsewhere), ms p50 and max.
    pub orphaned: usize,
    pub orphaned_next_p50_ms: f64,
    pub orphaned_next_max_ms: f64,
    pub failed_connects: u32,
    /// After the kill, every watcher: new versions committed after the kill and their delay
    /// from the commit, ms.
    pub after_kill_deliveries: usize,
    pub after_kill_p50_ms: f64,
    pub after_kill_p99_ms: f64,
    pub after_kill_max_ms: f64,
    /// Over the window, all workers: actions (from `/metrics`), announcements received,
    /// versions followed for others, boards drawn for the pages, boards skipped by pages.
    pub actions: f64,
    pub announcements: f64,
    pub followed_versions: f64,
    pub boards: f64,
    pub skipped: f64,
    pub failed_commits: f64,
    /// CPU seconds over the window: the workers' (each) and PostgreSQL's (all its processes).
    pub cpu_s: Vec<f64>,
    pub db_cpu_s: Option<f64>,
}

fn q(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Put together what the watchers saw, the commits' marks and the log rows' times
/// ((game, version) -> at_ms), the window, and the kill (µs since the epoch, the worker).
pub fn report(
    records: &[Record],
    marks: &HashMap<(i64, u64), i64>,
    rows: &HashMap<(i64, u64), i64>,
    w: &Window,
    kill: Option<(i64, u32)>,
) -> WatchReport {
    let mut r = WatchReport {
        watchers: records.len(),
        games: records
            .iter()
            .map(|x| x.game)
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        seconds: (w.end_us - w.start_us) as f64 / 1e6,
        cpu_s: w.cpu_s.clone(),
        db_cpu_s: w.db_cpu_s,
        ..WatchReport::default()
    };
    for (b, a) in w.before.iter().zip(&w.after) {
        r.actions += a.actions - b.actions;
        r.announcements += a.announcements - b.announcements;
        r.followed_versions += a.followed_versions - b.followed_versions;
        r.boards += a.boards - b.boards;
        r.skipped += a.skipped - b.skipped;
        r.failed_commits += a.failed_commits - b.failed_commits;
    }
    let (kill_us, victim) = kill.unwrap_or((i64::MAX, u32::MAX));
    let in_window = |us: i64| us >= w.start_us && us <= w.end_us;
    let (mut lat, mut from_row, mut after_kill) = (Vec::new(), Vec::new(), Vec::new());
    let (mut reconnect, mut new, mut orphaned) = (Vec::new(), Vec::new(), Vec::new());
    let mut new_from_commit = Vec::new();
    for x in records {
        r.failed_connects += x.failed_connects;
        let moved = x.connected.len() > 1 || x.connected.first() == Some(&victim);
        // Delays: every pushed event (not a stream's first, the newest board at connect).
        for (i, s) in x.seen.iter().enumerate() {
            // A new version pushed on a stream (not its first event, the newest board at
            // connect, nor the same board again).
            let pushed = i > 0 && x.seen[i - 1].conn == s.conn && x.seen[i - 1].version < s.version;
            let Some(&m) = marks.get(&(x.game, s.version)) else {
                continue;
            };
            if s.at_us >= kill_us && (pushed || s.conn > 0) && m < s.at_us {
                // After the kill: every new version, the moved streams' first boards included
                // (a board committed before the move is not counted: it was not waited for).
                if m >= kill_us {
                    after_kill.push((s.at_us - m) as f64 / 1e3);
                }
            } else if pushed && in_window(m) {
                lat.push((s.at_us - m) as f64 / 1e3);
                if s.at_us - m > 1_000_000 && std::env::var_os("YUT_BENCH_DEBUG").is_some() {
                    eprintln!(
                        "slow: game {} driver {} {:?} committed {} (prev {:?}), row {:?}",
                        x.game,
                        x.driver,
                        s,
                        m,
                        x.seen[i - 1],
                        rows.get(&(x.game, s.version))
                    );
                }
                if let Some(&ms) = rows.get(&(x.game, s.version)) {
                    from_row.push((s.at_us - ms * 1000) as f64 / 1e3);
                }
            }
        }
        // Gaps within each stream, before and after the kill.
        for pair in x.seen.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if a.conn != b.conn {
                continue;
            }
            let (gaps, repeats, disorder) = if b.at_us < kill_us {
                (&mut r.gaps, &mut r.repeats, &mut r.disorder)
            } else {
                (
                    &mut r.gaps_after_kill,
                    &mut r.repeats_after_kill,
                    &mut r.disorder_after_kill,
                )
            };
            if b.version > a.version + 1 {
                *gaps += b.version - a.version - 1;
                if std::env::var_os("YUT_BENCH_DEBUG").is_some() {
                    eprintln!(
                        "gap: game {} driver {} {:?} then {:?}",
                        x.game, x.driver, a, b
                    );
                }
            } else if b.version == a.version {
                *repeats += 1;
            } else if b.version < a.version {
                *disorder += 1;
                if std::env::var_os("YUT_BENCH_DEBUG").is_some() {
                    eprintln!("disorder: game {} {:?} then {:?}", x.game, a, b);
                }
            }
        }
        // Versions committed in the window that this watcher never received.
        if !moved {
            let got: std::collections::HashSet<u64> = x.seen.iter().map(|s| s.version).collect();
            r.missed_in_window += marks
                .iter()
                .filter(|((g, v), m)| *g == x.game && in_window(**m) && !got.contains(v))
                .count() as u64;
        }
        if kill.is_none() {
            continue;
        }
        let last_before = x
            .seen
            .iter()
            .filter(|s| s.at_us < kill_us)
            .map(|s| s.version)
            .max()
            .unwrap_or(0);
        let next_new = x
            .seen
            .iter()
            .find(|s| s.at_us >= kill_us && s.version > last_before);
        if moved {
            r.moved += 1;
            let first_conn = x.seen.iter().find(|s| s.conn > 0);
            if let Some(s) = first_conn {
                reconnect.push((s.at_us - kill_us) as f64 / 1e3);
                r.moved_skipped += s.version.saturating_sub(last_before + 1);
            }
            match next_new {
                Some(s) => {
                    new.push((s.at_us - kill_us) as f64 / 1e3);
                    if let Some(&m) = marks.get(&(x.game, s.version)) {
                        new_from_commit.push((s.at_us - m.max(kill_us)) as f64 / 1e3);
                    }
                }
                None => r.moved_stuck += 1,
            }
        } else if x.driver == victim {
            r.orphaned += 1;
            if let Some(s) = next_new {
                orphaned.push((s.at_us - kill_us) as f64 / 1e3);
            }
        }
    }
    for v in [
        &mut lat,
        &mut from_row,
        &mut reconnect,
        &mut new,
        &mut orphaned,
        &mut after_kill,
        &mut new_from_commit,
    ] {
        v.sort_by(f64::total_cmp);
    }
    r.deliveries = lat.len();
    r.p50_ms = q(&lat, 0.5);
    r.p99_ms = q(&lat, 0.99);
    r.max_ms = lat.last().copied().unwrap_or(f64::NAN);
    r.from_row_p50_ms = q(&from_row, 0.5);
    r.from_row_p99_ms = q(&from_row, 0.99);
    r.moved_reconnect_p50_ms = q(&reconnect, 0.5);
    r.moved_reconnect_max_ms = reconnect.last().copied().unwrap_or(f64::NAN);
    r.moved_new_p50_ms = q(&new, 0.5);
    r.moved_new_max_ms = new.last().copied().unwrap_or(f64::NAN);
    r.after_kill_deliveries = after_kill.len();
    r.after_kill_p50_ms = q(&after_kill, 0.5);
    r.after_kill_p99_ms = q(&after_kill, 0.99);
    r.after_kill_max_ms = after_kill.last().copied().unwrap_or(f64::NAN);
    r.moved_new_from_commit_p50_ms = q(&new_from_commit, 0.5);
    r.moved_new_from_commit_max_ms = new_from_commit.last().copied().unwrap_or(f64::NAN);
    r.orphaned_next_p50_ms = q(&orphaned, 0.5);
    r.orphaned_next_max_ms = orphaned.last().copied().unwrap_or(f64::NAN);
    r
}

/// The watchers of a run, following their games.
pub struct Watchers {
    tasks: Vec<tokio::task::JoinHandle<()>>,
    records: Vec<Arc<Mutex<Record>>>,
    pub addrs: Addresses,
    /// The games watched (by id).
    pub games: Vec<i64>,
}

/// Open `count` watchers over the workers at `addrs`: watcher `w` connects to worker
/// `w % N` and follows game `w / N` of the next worker (its channel `channel0(d) + w / N`),
/// a game another process drives (with one worker: its own). Returns once every watcher
/// has its first board, or fails after `timeout`.
pub async fn open(
    store: &Store,
    addrs: Vec<SocketAddr>,
    count: usize,
    secret: &str,
    channel0: impl Fn(u32) -> u64,
    timeout: Duration,
) -> anyhow::Result<Watchers> {
    let n = addrs.len() as u32;
    let signer = yut_web::sign::Signer::new(secret.as_bytes());
    let shared: Addresses = Arc::new(Mutex::new(addrs.into_iter().map(Some).collect()));
    let (ready_tx, mut ready) = tokio::sync::mpsc::unbounded_channel();
    let mut w = Watchers {
        tasks: Vec::new(),
        records: Vec::new(),
        addrs: shared.clone(),
        games: Vec::new(),
    };
    for k in 0..count {
        let at = k as u32 % n;
        let driver = if n > 1 { (at + 1) % n } else { at };
        let channel = channel0(driver) + (k / n as usize) as u64;
        let game = store
            .latest_in_channel(channel)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no game in channel {channel} to watch"))?;
        let record = Arc::new(Mutex::new(Record {
            game,
            driver,
            ..Record::default()
        }));
        w.games.push(game);
        w.records.push(record.clone());
        w.tasks.push(tokio::spawn(watcher(
            shared.clone(),
            at,
            signer.token("watch:0", game),
            record,
            ready_tx.clone(),
        )));
    }
    let deadline = tokio::time::Instant::now() + timeout;
    for k in 0..count {
        match tokio::time::timeout_at(deadline, ready.recv()).await {
            Ok(Some(())) => {}
            _ => anyhow::bail!("only {k} of {count} watchers had their first board in {timeout:?}"),
        }
    }
    w.games.sort_unstable();
    w.games.dedup();
    Ok(w)
}

impl Watchers {
    /// Worker `k` is about to die: no watcher connects to it any more.
    pub fn take_out(&self, k: u32) {
        self.addrs.lock().expect("addresses")[k as usize] = None;
    }

    /// Stop every watcher; what each saw.
    pub async fn finish(self) -> Vec<Record> {
        for t in &self.tasks {
            t.abort();
        }
        for t in self.tasks {
            let _ = t.await;
        }
        self.records
            .iter()
            .map(|r| r.lock().expect("record").clone())
            .collect()
    }
}

/// The CPU seconds of the PostgreSQL server's processes on this machine that work for the
/// database `db`: its backends (their titles, `postgres: [cluster:] user db host(port) ...`,
/// name it)
/// and the server's shared processes (writers, checkpointer, launchers, the postmaster);
/// the backends of other databases (another session's tests) are left out. None when there
/// are none to read.
pub fn postgres_cpu_for(db: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut found = false;
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        if !e
            .file_name()
            .to_string_lossy()
            .bytes()
            .all(|b| b.is_ascii_digit())
        {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        if !stat.contains("(postgres)") {
            continue;
        }
        let title = std::fs::read(e.path().join("cmdline"))
            .map(|b| String::from_utf8_lossy(&b).replace('\0', " "))
            .unwrap_or_default();
        // A backend: `postgres: [cluster:] <user> <database> <host(port)|[local]> ...`.
        let mut words: Vec<&str> = title.split_whitespace().collect();
        if words.first() == Some(&"postgres:") {
            words.remove(0);
            if words.first().is_some_and(|w| w.ends_with(':')) {
                words.remove(0);
            }
        }
        let backend = words
            .get(2)
            .is_some_and(|w| w.contains('(') || *w == "[local]");
        if backend && words.get(1) != Some(&db) {
            continue;
        }
        if let Some(s) = stat_cpu_s(&stat) {
            total += s;
            found = true;
        }
    }
    found.then_some(total)
}

/// What every worker counted (its `/metrics`), its CPU, and PostgreSQL's CPU for the
/// database `db`, now.
pub async fn snapshot(
    addrs: &[SocketAddr],
    pids: &[u32],
    db: &str,
) -> anyhow::Result<(Vec<Counters>, Vec<f64>, Option<f64>)> {
    let db = postgres_cpu_for(db);
    let cpu = pids.iter().map(|&p| pid_cpu_s(p).unwrap_or(0.0)).collect();
    let mut c = Vec::new();
    for &a in addrs {
        c.push(counters(a).await?);
    }
    Ok((c, cpu, db))
}
