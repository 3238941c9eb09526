//! `--processes N`: N processes of the bench on one database, each driving its own shard's
//! games under a lease, supervised; then one killed (SIGKILL) and started again.

use super::*;

/// What `--processes N` measured.
#[derive(Debug, Clone)]
pub struct ProcessesBench {
    pub runs: Vec<TableBench>,
    /// Together: actions per second (the sum of each process's rate), and the latencies of
    /// every process merged.
    pub actions_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    /// The killed process, started again at once: its playing games, how many it resumed, and
    /// how long that took from the kill (SIGKILL to every game's actor running again).
    pub killed_games: usize,
    pub resumed: usize,
    pub resume_ms: f64,
    /// Inside the restarted process: from opening the store to every game running.
    pub resume_in_process_ms: f64,
    /// Actions stored for the killed process's games before the kill and after the restart
    /// (the restarted process adds to them; none may be missing).
    pub logged_before: u64,
    pub logged_after: u64,
    /// With `--watchers`: what the watchers saw, and the workers' counters and CPU over the
    /// watchers' window.
    pub watch: Option<watchers::WatchReport>,
}

const WORKER_LINE: &str = "bench-worker-result: ";
const RESUME_LINE: &str = "bench-worker-resumed: ";
/// With watchers: the worker's web address, and its games are open (it waits for `go` on
/// its input to start its window).
const WEB_LINE: &str = "bench-worker-web: ";
pub(crate) const OPENED_LINE: &str = "bench-worker-opened";
/// With watchers, as the worker stops: every commit of its watched games it marked.
const MARKS_LINE: &str = "bench-worker-marks: ";

/// How long after the kill the watchers are followed (with watchers; 2 s without).
const AFTER_KILL: Duration = Duration::from_secs(10);

/// The channel of a worker's first game.
fn channel0(worker: u32) -> u64 {
    1_000_000 * (worker as u64 + 1)
}

fn instance(worker: u32, of: u32) -> String {
    format!("bench-worker-{worker}-of-{of}")
}

/// Run `processes` copies of this program (`yut-tools bench table --worker K --of N`), each
/// driving `games` games on its own shard of one database; merge what they measured; then
/// kill the last one with SIGKILL mid-game, start it again, and time how long its games take
/// to resume.
pub async fn bench_processes(o: &BenchOptions, processes: u32) -> anyhow::Result<ProcessesBench> {
    let db = Scratch::new(o.database.as_deref()).await?;
    let result = processes_on(&db.url, o, processes).await;
    db.remove().await;
    result
}

fn worker_command(url: &str, o: &BenchOptions, worker: u32, of: u32) -> std::process::Command {
    let exe = std::env::current_exe().unwrap_or_else(|_| "yutbot".into());
    let mut c = std::process::Command::new(exe);
    c.args(["bench", "table", "--worker"])
        .arg(worker.to_string())
        .arg("--of")
        .arg(of.to_string())
        .arg("--worker-database")
        .arg(url)
        .arg("--games")
        .arg(o.games.to_string())
        .arg("--seconds")
        .arg(o.seconds.to_string())
        .arg("--bot-delay-ms")
        .arg(o.bot_delay_ms.to_string())
        // Discord's budget (about 50 requests a second) is the bot's, shared by its
        // processes.
        .arg("--sends-per-s")
        .arg((o.sends_per_s / of).max(1).to_string())
        .arg("--first-to")
        .arg(o.first_to.to_string())
        .args(o.web_secret.iter().flat_map(|secret| {
            [
                "--watchers".to_string(),
                o.watchers.to_string(),
                "--web-secret".to_string(),
                secret.clone(),
            ]
        }))
        .args(o.surge.iter().flat_map(|s| {
            [
                "--surge-games".to_string(),
                s.games.to_string(),
                "--surge-seconds".to_string(),
                s.seconds.to_string(),
            ]
        }))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit());
    c
}

/// The running workers: stopped (SIGTERM, then SIGKILL after a grace period) when the run
/// ends in any way, so that no worker outlives a failed or interrupted run. Each worker's
/// stdin is a pipe from here: if this process dies, the workers see it close and stop.
struct Workers(Vec<std::process::Child>);

impl Workers {
    fn stop_all(&mut self) {
        for c in &mut self.0 {
            drop(c.stdin.take());
            terminate(c);
        }
        let deadline = Instant::now() + Duration::from_secs(15);
        for c in &mut self.0 {
            loop {
                match c.try_wait() {
                    Ok(Some(_)) | Err(_) => break,
                    Ok(None) if Instant::now() >= deadline => {
                        eprintln!(
                            "note: worker {} did not stop in 15 s after SIGTERM; killing it",
                            c.id()
                        );
                        let _ = c.kill();
                        let _ = c.wait();
                        break;
                    }
                    Ok(None) => std::thread::sleep(Duration::from_millis(50)),
                }
            }
        }
        self.0.clear();
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.stop_all();
    }
}

/// What a worker said on its output (or that it ended).
enum Said {
    Web(std::net::SocketAddr),
    Opened,
    Result(String),
    Resumed(String),
    Marks(String),
    Ended,
}

/// Pass what worker `k` says to `tx`, line by line, until its output ends.
fn listen(
    child: &mut std::process::Child,
    k: u32,
    tx: tokio::sync::mpsc::UnboundedSender<(u32, Said)>,
) {
    let out = child.stdout.take();
    std::thread::spawn(move || {
        if let Some(out) = out {
            for line in std::io::BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                let said = if let Some(r) = line.strip_prefix(WORKER_LINE) {
                    Said::Result(r.to_string())
                } else if let Some(r) = line.strip_prefix(RESUME_LINE) {
                    Said::Resumed(r.to_string())
                } else if let Some(r) = line.strip_prefix(MARKS_LINE) {
                    Said::Marks(r.to_string())
                } else if let Some(a) = line
                    .strip_prefix(WEB_LINE)
                    .and_then(|a| a.trim().parse().ok())
                {
                    Said::Web(a)
                } else if line.starts_with(OPENED_LINE) {
                    Said::Opened
                } else {
                    continue;
                };
                let _ = tx.send((k, said));
            }
        }
        let _ = tx.send((k, Said::Ended));
    });
}

/// What the workers said so far.
struct Heard {
    rx: tokio::sync::mpsc::UnboundedReceiver<(u32, Said)>,
    web: Vec<Option<std::net::SocketAddr>>,
    opened: usize,
    runs: Vec<Option<TableBench>>,
    resumed: Option<String>,
    /// Workers whose end is expected (killed).
    killed: Vec<u32>,
}

impl Heard {
    /// Take what the workers say until `done`; a worker that ends unexpectedly fails the run.
    async fn until(&mut self, done: impl Fn(&Heard) -> bool) -> anyhow::Result<()> {
        while !done(self) {
            let (k, said) = self
                .rx
                .recv()
                .await
                .ok_or_else(|| anyhow::anyhow!("the workers' output ended"))?;
            match said {
                Said::Web(a) => {
                    if self.web[k as usize].is_none() {
                        self.web[k as usize] = Some(a);
                    }
                }
                Said::Opened => self.opened += 1,
                Said::Result(line) => {
                    self.runs[k as usize] = Some(
                        serde_json::from_str::<TableBench>(&line)
                            .map_err(|e| anyhow::anyhow!("worker {k}'s result: {e}"))?,
                    )
                }
                Said::Resumed(line) => self.resumed = Some(line),
                Said::Marks(_) => {}
                Said::Ended if self.killed.contains(&k) => {}
                Said::Ended => anyhow::bail!("worker {k} ended without its result"),
            }
        }
        Ok(())
    }
}

async fn processes_on(
    url: &str,
    o: &BenchOptions,
    processes: u32,
) -> anyhow::Result<ProcessesBench> {
    // Migrate once before the workers start (they would race for it).
    let store = Store::open(url).await?;
    let mut children = Workers(Vec::new());
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    for k in 0..processes {
        let mut c = worker_command(url, o, k, processes).spawn()?;
        listen(&mut c, k, tx.clone());
        children.0.push(c);
    }
    let n = processes as usize;
    let mut heard = Heard {
        rx,
        web: vec![None; n],
        opened: 0,
        runs: vec![None; n],
        resumed: None,
        killed: Vec::new(),
    };
    // With watchers: every worker's games open, then the watchers on every worker, then the
    // window, started in every worker at once.
    let mut watching = None;
    if let (true, Some(secret)) = (o.watchers > 0, o.web_secret.as_deref()) {
        heard
            .until(|h| h.opened == n && h.web.iter().all(Option::is_some))
            .await?;
        let addrs: Vec<std::net::SocketAddr> = heard.web.iter().flatten().copied().collect();
        let t = Instant::now();
        let w = watchers::open(
            &store,
            addrs.clone(),
            o.watchers,
            secret,
            channel0,
            Duration::from_secs(120),
        )
        .await?;
        eprintln!(
            "{} watchers follow {} games ({:.1} s to connect them all)",
            o.watchers,
            w.games.len(),
            t.elapsed().as_secs_f64()
        );
        let pids: Vec<u32> = children.0.iter().map(|c| c.id()).collect();
        // The scratch database's name: its backends are this run's.
        let db_name = url
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .split('?')
            .next()
            .unwrap_or_default()
            .to_string();
        let (before, cpu0, db0) = watchers::snapshot(&addrs, &pids, &db_name).await?;
        let start_us = watchers::unix_us();
        for c in &mut children.0 {
            if let Some(input) = c.stdin.as_mut() {
                std::io::Write::write_all(input, b"go\n")?;
            }
        }
        tokio::time::sleep(Duration::from_secs_f64(o.seconds)).await;
        let (after, cpu1, db1) = watchers::snapshot(&addrs, &pids, &db_name).await?;
        let window = watchers::Window {
            start_us,
            end_us: watchers::unix_us(),
            before,
            after,
            cpu_s: cpu1.iter().zip(&cpu0).map(|(a, b)| a - b).collect(),
            db_cpu_s: db0.zip(db1).map(|(a, b)| b - a),
        };
        watching = Some((w, window));
    }
    // The first worker to fail stops the run (and, through `children`, every other worker).
    heard.until(|h| h.runs.iter().all(Option::is_some)).await?;
    let mut runs: Vec<TableBench> = std::mem::take(&mut heard.runs)
        .into_iter()
        .flatten()
        .collect();
    // Every worker is past its measurement and still playing: kill the last one mid-game,
    // and start it again at once, as a supervisor would (it takes its shard's lease back
    // under its own name); its games' resumption is timed from the kill. Nothing slow runs
    // between the two: reading every game's log there (12,500 games a process) kept the
    // games stopped for seconds, which the watchers elsewhere counted against the resumption.
    let victim = processes - 1;
    let shard = ShardSet::one(processes, victim);
    let playing: Vec<i64> = store
        .active(shard)
        .await?
        .iter()
        .filter(|l| l.row.status == GameStatus::Playing)
        .map(|l| l.row.id)
        .collect();
    let killed_games = playing.len();
    heard.killed.push(victim);
    if let Some((w, _)) = &watching {
        w.take_out(victim);
    }
    let t0 = Instant::now();
    let kill_us = watchers::unix_us();
    children.0[victim as usize].kill()?;
    let _ = children.0[victim as usize].wait();
    // What was stored before the restart: each game's version + 1 log rows (the workers
    // checked every log whole at the end of their window). One statement.
    let logged_before: u64 = store
        .versions(&playing)
        .await?
        .iter()
        .map(|(_, v)| v + 1)
        .sum();
    let mut again = worker_command(url, o, victim, processes);
    again.arg("--resume");
    let mut c = again.spawn()?;
    listen(&mut c, victim, tx.clone());
    children.0[victim as usize] = c;
    // (The killed worker's output ends meanwhile; the new one's result is waited for.)
    tokio::time::timeout(
        Duration::from_secs(120),
        heard.until(|h| h.resumed.is_some()),
    )
    .await
    .map_err(|_| anyhow::anyhow!("the restarted worker did not resume in 120 s"))??;
    let resume_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let (resumed, in_process_ms): (usize, f64) =
        serde_json::from_str(heard.resumed.as_deref().unwrap_or_default())?;
    // Let the resumed games play a while (the watchers follow them), then stop every worker
    // cleanly.
    let after = if watching.is_some() {
        AFTER_KILL
    } else {
        Duration::from_secs(2)
    };
    tokio::time::sleep(after.saturating_sub(t0.elapsed())).await;
    let watched = match watching {
        Some((w, window)) => {
            let games = w.games.clone();
            Some((w.finish().await, games, window))
        }
        None => None,
    };
    heard.killed = (0..processes).collect();
    children.stop_all();
    let mut watch = None;
    if let Some((records, games, window)) = watched {
        // The commits marked in the window (with the results), then up to each worker's
        // end (said as it stopped: the moves and the resumed games).
        let mut marks: HashMap<(i64, u64), i64> = HashMap::new();
        let mut add = |list: Vec<(i64, u64, i64)>| {
            for (g, v, at) in list {
                marks.entry((g, v)).or_insert(at);
            }
        };
        for r in &mut runs {
            add(std::mem::take(&mut r.commit_marks));
        }
        drop(tx);
        let _ = tokio::time::timeout(Duration::from_secs(10), async {
            while let Some((_, said)) = heard.rx.recv().await {
                if let Said::Marks(line) = said {
                    if let Ok(list) = serde_json::from_str(&line) {
                        add(list);
                    }
                }
            }
        })
        .await;
        let mut rows = HashMap::new();
        for g in games {
            for e in store.log(g).await? {
                rows.insert((g, e.version), e.at_ms);
            }
        }
        watch = Some(watchers::report(
            &records,
            &marks,
            &rows,
            &window,
            Some((kill_us, victim)),
        ));
    }
    // After: the log rows actually stored for those games (none lost: at least as many).
    let logged_after = logged_rows(&store, &playing).await.unwrap_or(0);
    store.close().await;
    let mut all: Vec<u32> = runs
        .iter_mut()
        .flat_map(|r| std::mem::take(&mut r.latencies_us))
        .collect();
    all.sort_unstable();
    Ok(ProcessesBench {
        actions_per_s: runs.iter().map(|r| r.actions as f64 / r.seconds).sum(),
        p50_ms: percentile(&all, 50.0),
        p99_ms: percentile(&all, 99.0),
        runs,
        killed_games,
        resumed,
        resume_ms,
        resume_in_process_ms: in_process_ms,
        logged_before,
        logged_after,
        watch,
    })
}

/// The log rows stored for `games`, read in lanes.
async fn logged_rows(store: &Store, games: &[i64]) -> anyhow::Result<u64> {
    const LANES: usize = 16;
    let mut reading = tokio::task::JoinSet::new();
    for k in 0..LANES {
        let (store, games) = (store.clone(), games.to_vec());
        reading.spawn(async move {
            let mut n = 0u64;
            for g in games.iter().skip(k).step_by(LANES) {
                n += store.log(*g).await?.len() as u64;
            }
            anyhow::Ok(n)
        });
    }
    let mut n = 0;
    while let Some(r) = reading.join_next().await {
        n += r??;
    }
    Ok(n)
}

/// Ask a worker to stop (SIGTERM), as an operator's deploy would.
fn terminate(c: &mut std::process::Child) {
    #[cfg(unix)]
    {
        // The `kill` command (no libc binding needed); a worker already gone is fine.
        let _ = std::process::Command::new("kill")
            .arg("-TERM")
            .arg(c.id().to_string())
            .status();
    }
    #[cfg(not(unix))]
    {
        let _ = c.kill();
    }
}

/// The worker side of `--processes`: drive shard `worker` of `of` on the database at `url`
/// under a lease, print the measurement as one line, and keep playing until stopped. With
/// `resume`, only start (taking the shard back from the killed worker of the same name) and
/// print how many games run and how long that took.
pub async fn worker(
    url: &str,
    o: &BenchOptions,
    worker: u32,
    of: u32,
    resume: bool,
) -> anyhow::Result<()> {
    let t0 = Instant::now();
    // Stop on SIGTERM or when the parent goes away (its pipe to our stdin closes), whatever
    // this worker is doing: the run is over. A `go` line on the input starts the window
    // (with watchers).
    let (stop_tx, mut stopped) = tokio::sync::watch::channel(false);
    let (go_tx, go) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        tokio::select! {
            _ = wait_for_term() => {}
            _ = parent_gone(go_tx) => eprintln!("worker {worker}: its input closed (the bench is done, or gone); stopping"),
        }
        let _ = stop_tx.send(true);
    });
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let store = Store::open(url).await?;
    let shards = ShardSet::one(of, worker);
    let layout = Layout {
        channel0: channel0(worker),
        shards,
        worker,
    };
    // With watchers, the web side as the bot serves it (watch pages, `/metrics`), and the
    // commits of the watched games this worker drives marked.
    let marks: watchers::Marks = Arc::default();
    let mut config = bench_config(&latencies);
    let watch = match (o.watchers, o.web_secret.as_deref()) {
        (0, _) | (_, None) => None,
        (_, Some(secret)) => {
            let (watch, hooks) = yut_web::watch::Watch::new(
                yut_web::sign::Signer::new(secret.as_bytes()),
                "http://127.0.0.1",
            );
            // Every watcher comes from this machine's one address.
            watch
                .hub()
                .max_per_address
                .store(usize::MAX, std::sync::atomic::Ordering::Relaxed);
            config.web = Some(watchers::marking(
                hooks,
                layout.channel0,
                watchers::watched_per_process(o.watchers, of),
                marks.clone(),
            ));
            Some(watch)
        }
    };
    let (svc, updates) = Service::start_leased(
        store.clone(),
        Arc::new(RenderPainter),
        Clock::system(),
        config,
        20 + worker as u64,
        LeaseConfig::new(shards, instance(worker, of)),
    );
    if !svc.wait_for_shards(Duration::from_secs(30)).await {
        anyhow::bail!("worker {worker}: could not take its shard's lease in 30 s");
    }
    let (drain_tx, drain_rx) = tokio::sync::oneshot::channel::<()>();
    let drain = show_boards(svc.clone(), updates, o.sends_per_s, drain_rx);
    if resume {
        let resumed = svc.running();
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        println!("{RESUME_LINE}{}", serde_json::to_string(&(resumed, ms))?);
    }
    if let Some(watch) = &watch {
        let addr = serve_web(watch, &svc).await?;
        println!("{WEB_LINE}{addr}");
    }
    if !resume {
        let go = watch.is_some().then_some(go);
        let mut b = tokio::select! {
            b = play(&svc, &latencies, o, &layout, go) => b?,
            _ = stopped.wait_for(|s| *s) => {
                svc.abort();
                anyhow::bail!("worker {worker}: stopped before its measurement");
            }
        };
        b.commit_marks = marks
            .lock()
            .expect("marks")
            .iter()
            .map(|(&(g, v), &at)| (g, v, at))
            .collect();
        println!("{WORKER_LINE}{}", serde_json::to_string(&b)?);
    }
    // Keep playing until told to stop (or killed); then stop within a bounded time.
    let _ = stopped.wait_for(|s| *s).await;
    if watch.is_some() {
        let list: Vec<(i64, u64, i64)> = marks
            .lock()
            .expect("marks")
            .iter()
            .map(|(&(g, v), &at)| (g, v, at))
            .collect();
        println!("{MARKS_LINE}{}", serde_json::to_string(&list)?);
    }
    let clean = async {
        svc.shutdown().await;
        let _ = drain_tx.send(());
        let _ = drain.await;
        store.close().await;
    };
    if tokio::time::timeout(Duration::from_secs(10), clean)
        .await
        .is_err()
    {
        eprintln!("worker {worker}: shutting down took over 10 s; leaving now");
        svc.abort();
    }
    Ok(())
}

/// The web side of a worker, as the bot composes it (`src/bot.rs`): the watch pages, the
/// seat pages' presses and the operators' `/metrics`, on a free loopback port.
async fn serve_web(
    watch: &yut_web::watch::Watch,
    svc: &Service,
) -> anyhow::Result<std::net::SocketAddr> {
    watch.started(svc.clone()).await;
    let ops = yut_web::ops::Ops {
        svc: svc.clone(),
        hub: Some(watch.hub().clone()),
        presses: watch.presses().map(|p| p.stats.clone()),
        extra: None,
    };
    let mut router = watch.router().merge(ops.router());
    if let Some(p) = watch.presses() {
        router = router.merge(p.router());
    }
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(yut_web::serve(
        router,
        "127.0.0.1:0".parse()?,
        move |a| {
            let _ = tx.send(a);
        },
        std::future::pending(),
    ));
    Ok(rx.await?)
}

/// Read this process's input: a `go` line opens the gate; returns when the input reaches
/// its end (the parent that holds the other end exited); never for a terminal or
/// /dev/null-less inherited stdin that stays open.
async fn parent_gone(go: tokio::sync::watch::Sender<bool>) {
    let _ = tokio::task::spawn_blocking(move || {
        for line in std::io::stdin().lock().lines() {
            match line {
                Ok(l) if l.trim() == "go" => {
                    let _ = go.send(true);
                }
                Ok(_) => {}
                Err(_) => return,
            }
        }
    })
    .await;
}

async fn wait_for_term() {
    #[cfg(unix)]
    {
        if let Ok(mut term) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            term.recv().await;
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
