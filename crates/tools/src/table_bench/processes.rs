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
    /// The killed process, started again: its active games, how many it resumed, and how long
    /// that took from the new process's start (spawn to every game's actor running).
    pub killed_games: usize,
    pub resumed: usize,
    pub resume_ms: f64,
    /// Inside the restarted process: from opening the store to every game running.
    pub resume_in_process_ms: f64,
    /// Actions stored for the killed process's games before the kill and after the restart
    /// (the restarted process adds to them; none may be missing).
    pub logged_before: u64,
    pub logged_after: u64,
}

const WORKER_LINE: &str = "bench-worker-result: ";
const RESUME_LINE: &str = "bench-worker-resumed: ";

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

/// Read a child's stdout until a line with `prefix`; the rest of its output is passed on.
fn read_line_with(
    child: &mut std::process::Child,
    prefix: &'static str,
) -> tokio::task::JoinHandle<anyhow::Result<String>> {
    let out = child.stdout.take();
    tokio::task::spawn_blocking(move || {
        let out = out.ok_or_else(|| anyhow::anyhow!("no stdout"))?;
        for line in std::io::BufReader::new(out).lines() {
            let line = line?;
            if let Some(rest) = line.strip_prefix(prefix) {
                return Ok(rest.to_string());
            }
        }
        anyhow::bail!("the worker ended without its result")
    })
}

async fn processes_on(
    url: &str,
    o: &BenchOptions,
    processes: u32,
) -> anyhow::Result<ProcessesBench> {
    // Migrate once before the workers start (they would race for it).
    let store = Store::open(url).await?;
    let mut children = Workers(Vec::new());
    let mut readers = tokio::task::JoinSet::new();
    for k in 0..processes {
        let mut c = worker_command(url, o, k, processes).spawn()?;
        let line = read_line_with(&mut c, WORKER_LINE);
        readers.spawn(async move { (k, line.await) });
        children.0.push(c);
    }
    // The first worker to fail stops the run (and, through `children`, every other worker).
    let mut runs: Vec<Option<TableBench>> = vec![None; processes as usize];
    while let Some(done) = readers.join_next().await {
        let (k, line) = done?;
        let line = line?.map_err(|e| anyhow::anyhow!("worker {k} failed: {e:#}"))?;
        runs[k as usize] = Some(serde_json::from_str::<TableBench>(&line)?);
    }
    let mut runs: Vec<TableBench> = runs.into_iter().flatten().collect();
    // Every worker is past its measurement and still playing: kill the last one mid-game.
    let victim = processes - 1;
    let shard = ShardSet::one(processes, victim);
    let logged = |store: Store| async move {
        let mut n = 0u64;
        for l in store.active(shard).await? {
            n += store.log(l.row.id).await?.len() as u64;
        }
        Ok::<u64, anyhow::Error>(n)
    };
    children.0[victim as usize].kill()?;
    let _ = children.0[victim as usize].wait();
    let logged_before = logged(store.clone()).await?;
    let killed_games = store
        .active(shard)
        .await?
        .iter()
        .filter(|l| l.row.status == GameStatus::Playing)
        .count();
    let t0 = Instant::now();
    let mut again = worker_command(url, o, victim, processes);
    again.arg("--resume");
    let mut c = again.spawn()?;
    let line = read_line_with(&mut c, RESUME_LINE).await??;
    let resume_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let (resumed, in_process_ms): (usize, f64) = serde_json::from_str(&line)?;
    // Let the resumed games play a moment, then stop every worker cleanly.
    tokio::time::sleep(Duration::from_secs(2)).await;
    children.0[victim as usize] = c;
    children.stop_all();
    let logged_after = logged(store.clone()).await.unwrap_or(0);
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
    })
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
    // this worker is doing: the run is over.
    let (stop_tx, mut stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        tokio::select! {
            _ = wait_for_term() => {}
            _ = parent_gone() => eprintln!("worker {worker}: its input closed (the bench is done, or gone); stopping"),
        }
        let _ = stop_tx.send(true);
    });
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let store = Store::open(url).await?;
    let shards = ShardSet::one(of, worker);
    let (svc, updates) = Service::start_leased(
        store.clone(),
        Arc::new(RenderPainter),
        Clock::system(),
        bench_config(&latencies),
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
    } else {
        let layout = Layout {
            channel0: 1_000_000 * (worker as u64 + 1),
            shards,
            worker,
        };
        let b = tokio::select! {
            b = play(&svc, &latencies, o, &layout) => b?,
            _ = stopped.wait_for(|s| *s) => {
                svc.abort();
                anyhow::bail!("worker {worker}: stopped before its measurement");
            }
        };
        println!("{WORKER_LINE}{}", serde_json::to_string(&b)?);
    }
    // Keep playing until told to stop (or killed); then stop within a bounded time.
    let _ = stopped.wait_for(|s| *s).await;
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

/// Returns when this process's stdin reaches its end (the parent that holds the other end
/// exited); never for a terminal or /dev/null-less inherited stdin that stays open.
async fn parent_gone() {
    let _ = tokio::task::spawn_blocking(|| {
        let mut sink = [0u8; 64];
        let mut input = std::io::stdin().lock();
        while let Ok(n) = std::io::Read::read(&mut input, &mut sink) {
            if n == 0 {
                return;
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
