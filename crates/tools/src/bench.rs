//! `yut-tools bench ...`: the benchmarks (build with --release).

use crate::cli::BenchCommand;
use crate::runtime;
use std::process::ExitCode;

/// Run one benchmark and print its lines.
pub fn run(command: BenchCommand) -> ExitCode {
    match command {
        BenchCommand::Games { games, runs } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench games`");
            }
            match runtime().block_on(yut_tools::games_bench::bench_games(
                games.max(1),
                runs.max(1),
            )) {
                Ok(b) => {
                    println!(
                        "games: games={} runs={} p50_ms={:.2} p99_ms={:.2} max_ms={:.2} chars={}",
                        b.games, b.runs, b.p50_ms, b.p99_ms, b.max_ms, b.chars
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        BenchCommand::Activity {
            games,
            seconds,
            think_ms,
            database,
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench activity`");
            }
            match runtime().block_on(yut_tools::activity_bench::bench_activity(
                &database,
                games.max(1),
                seconds,
                think_ms,
            )) {
                Ok(b) => {
                    println!("{}", b.line());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        BenchCommand::Presses {
            games,
            seconds,
            bot_delay_ms,
            database,
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench presses`");
            }
            match runtime().block_on(yut_tools::press_bench::bench_presses(
                &database,
                games.max(1),
                seconds,
                bot_delay_ms,
            )) {
                Ok(b) => {
                    println!("{}", b.line());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        BenchCommand::Web {
            games,
            watchers,
            seconds,
            bot_delay_ms,
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench web`");
            }
            match runtime().block_on(yut_tools::web_bench::bench_web(
                games.max(1),
                watchers,
                seconds,
                bot_delay_ms,
            )) {
                Ok(b) => {
                    println!(
                        "web: games={} watchers={} actions={} deliveries={} p50_ms={:.2} p99_ms={:.2} max_ms={:.2} first_board_ms={:.1} page_bytes={} rss_mb={:.0}",
                        b.games, b.watchers, b.actions, b.deliveries, b.p50_ms, b.p99_ms, b.max_ms, b.first_board_ms, b.page_bytes, b.rss_mb
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        BenchCommand::Table {
            games,
            seconds,
            bot_delay_ms,
            sends_per_s,
            database,
            processes,
            surge_games,
            surge_seconds,
            first_to,
            watchers,
            web_secret,
            worker,
            of,
            worker_database,
            resume,
        } => {
            // One web secret for every worker (made here, given to each).
            let web_secret = web_secret.or_else(|| {
                (watchers > 0 && worker.is_none())
                    .then(|| format!("{:032x}", rand::random::<u128>()))
            });
            let o = yut_tools::table_bench::BenchOptions {
                games,
                seconds,
                bot_delay_ms,
                sends_per_s,
                database,
                first_to,
                surge: surge_games.map(|games| yut_tools::table_bench::Surge {
                    games,
                    seconds: surge_seconds,
                }),
                watchers,
                web_secret,
            };
            if let (Some(k), Some(url)) = (worker, worker_database) {
                let done =
                    runtime().block_on(yut_tools::table_bench::worker(&url, &o, k, of, resume));
                // Exit at once: a blocking read of stdin (watching for the parent) may still
                // be running, and the runtime would wait for it.
                std::process::exit(match done {
                    Ok(()) => 0,
                    Err(e) => {
                        eprintln!("error: bench worker {k}: {e:#}");
                        1
                    }
                });
            }
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench table`");
            }
            if let Some(n) = processes.filter(|&n| n > 1) {
                return match runtime().block_on(yut_tools::table_bench::bench_processes(&o, n)) {
                    Ok(b) => {
                        for (k, r) in b.runs.iter().enumerate() {
                            print_phases(&format!("process {k} "), r);
                            println!(
                                "process {k}: games={} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2} rss_mb={:.0} bytes_per_action={:.0} cpu_us_per_action={:.0} actions_per_commit={:.1} failed_commits={} leases_lost={}",
                                r.games,
                                r.actions as f64 / r.seconds,
                                r.p50_ms,
                                r.p99_ms,
                                r.rss_mb,
                                r.bytes_per_action,
                                r.cpu_us_per_action,
                                r.batched_actions as f64 / r.batches.max(1) as f64,
                                r.failed_commits,
                                r.leases_lost
                            );
                        }
                        println!(
                            "killed process {}: {} of {} games resumed {:.0} ms after it was started again ({:.0} ms inside the process); actions logged for its games: {} before the kill, {} after the restart",
                            n - 1,
                            b.resumed,
                            b.killed_games,
                            b.resume_ms,
                            b.resume_in_process_ms,
                            b.logged_before,
                            b.logged_after
                        );
                        // All processes' CPU per action together, and the database
                        // server's (read over each worker's window; they overlap).
                        let actions: f64 = b.runs.iter().map(|r| r.actions as f64).sum();
                        let cpu_us: f64 = b
                            .runs
                            .iter()
                            .map(|r| r.cpu_us_per_action * r.actions as f64)
                            .sum::<f64>()
                            / actions.max(1.0);
                        let db = b
                            .runs
                            .iter()
                            .filter_map(|r| r.db_cpu_s.map(|s| s / r.seconds))
                            .collect::<Vec<f64>>();
                        let db_us = (!db.is_empty()).then(|| {
                            db.iter().sum::<f64>() / db.len() as f64 * 1e6
                                / b.actions_per_s.max(1.0)
                        });
                        let watch = b.watch.as_ref().map(watch_lines).unwrap_or_default();
                        println!(
                            "processes: n={n} games={} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2} resume_ms={:.0} cpu_us_per_action={:.0}{} click_p99_ms={:.2} failed_commits={} leases_lost={} games_with_gaps={}{watch}",
                            o.games * n as usize,
                            b.actions_per_s,
                            b.p50_ms,
                            b.p99_ms,
                            b.resume_ms,
                            cpu_us,
                            db_us.map(|u| format!(" db_cpu_us_per_action={u:.0}")).unwrap_or_default(),
                            // The worst process's.
                            b.runs.iter().map(|r| r.click_p99_ms).fold(0.0, f64::max),
                            b.runs.iter().map(|r| r.failed_commits).sum::<u64>(),
                            b.runs.iter().map(|r| r.leases_lost).sum::<u64>(),
                            b.runs.iter().map(|r| r.games_with_gaps).sum::<usize>()
                        );
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        eprintln!("error: {e:#}");
                        ExitCode::FAILURE
                    }
                };
            }
            match runtime().block_on(yut_tools::table_bench::bench(&o)) {
                Ok(b) => {
                    print_phases("", &b);
                    println!(
                        "restart: {} active games loaded and re-armed in {:.0} ms",
                        b.restarted, b.restart_ms
                    );
                    println!(
                        "boards drawn by the paced consumer: {}; clicks answered with a drawn board: {}",
                        b.shown, b.clicks
                    );
                    println!(
                        "writes: {:.0} payload bytes per action (a full state, which every action wrote before snapshots, is {:.0} bytes)",
                        b.bytes_per_action, b.state_bytes
                    );
                    let db_us = b
                        .db_cpu_s
                        .map(|s| {
                            format!(
                                " db_cpu_us_per_action={:.0}",
                                s * 1e6 / b.actions.max(1) as f64
                            )
                        })
                        .unwrap_or_default();
                    println!(
                        "commits: {} transactions for {} actions ({:.1} actions each); failed commits {}; leases lost {}; games with a gap in their log {}",
                        b.batches,
                        b.batched_actions,
                        b.batched_actions as f64 / b.batches.max(1) as f64,
                        b.failed_commits,
                        b.leases_lost,
                        b.games_with_gaps
                    );
                    println!(
                        "clicks: {} answered, p50_ms={:.2} p99_ms={:.2}",
                        b.clicks, b.click_p50_ms, b.click_p99_ms
                    );
                    println!(
                        "table: games={} actions={} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2} rss_mb={:.0} cpu_us_per_action={:.0}{db_us}",
                        b.games,
                        b.actions,
                        b.actions as f64 / b.seconds,
                        b.p50_ms,
                        b.p99_ms,
                        b.rss_mb,
                        b.cpu_us_per_action
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        BenchCommand::Replay { games, runs } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench replay`");
            }
            use yut_tools::replay_bench::quantile;
            let b = yut_tools::replay_bench::run(games.max(1), runs.max(1));
            let q = |v: &[f64]| {
                format!(
                    "p50_ms={:.1} p99_ms={:.1} min_ms={:.1} max_ms={:.1}",
                    quantile(v, 0.5),
                    quantile(v, 0.99),
                    quantile(v, 0.0),
                    quantile(v, 1.0)
                )
            };
            println!(
                "median of {} 4-seat games: {} actions; {} runs",
                b.candidates, b.actions, b.runs
            );
            println!("chart: {} ({} runs)", q(&b.chart_ms), b.chart_ms.len());
            println!(
                "reviews: {} decisions={} ({} runs)",
                q(&b.review_ms),
                b.decisions,
                b.review_ms.len()
            );
            println!(
                "replay: frames={} p50_ms={:.1} p99_ms={:.1} bytes={}",
                b.frames,
                quantile(&b.gif_ms, 0.5),
                quantile(&b.gif_ms, 0.99),
                b.bytes
            );
            ExitCode::SUCCESS
        }
        BenchCommand::Render { frames, seed } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench render`");
            }
            let b = yut_tools::gallery::bench(frames, seed);
            println!(
                "renderer start-up {:.0} ms; {} frames of {}x{} px",
                b.startup_ms, b.frames, b.width, b.height
            );
            println!(
                "{:.0} frames/s on {} threads sharing one renderer",
                b.parallel_fps, b.threads
            );
            println!(
                "render: p50={:.2} ms p99={:.2} ms bytes={}",
                b.p50_ms, b.p99_ms, b.bytes
            );
            ExitCode::SUCCESS
        }
        BenchCommand::Regret {
            b,
            preset,
            positions,
            stride,
            rollouts,
            refine_above,
            refine,
            seed,
            show,
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench regret`");
            }
            let rules = match crate::rules_from(&preset, None) {
                Ok(r) => r,
                Err(code) => return code,
            };
            let r = yut_tools::sim::regret(&yut_tools::sim::RegretConfig {
                rules,
                b,
                positions,
                stride,
                rollouts,
                refine_above,
                refine,
                seed,
                threads: 2,
            });
            println!(
                "{} decisions from {} games ({:.1} decisions with a choice per game)",
                r.positions, r.games, r.decisions_per_game
            );
            println!(
                "first pass, {rollouts} games per move: picking by one half, measured on the other: {:+.5} (se {:.5}) per decision; best minus Master's, same games: {:+.5}",
                r.split_mean, r.split_se, r.naive_mean
            );
            let over = r.refined.iter().filter(|g| **g > 0.01).count();
            println!(
                "measured again with {refine} games: {} decisions, mean gap {:+.5}, {over} over 0.01",
                r.refined.len(),
                r.refined.iter().sum::<f64>() / r.refined.len().max(1) as f64 + 0.0
            );
            for (gap, g, master, other) in r.worst.iter().take(show) {
                println!(
                    "gap {gap:+.4}: {}; Master: {master}; better: {other}",
                    yut_tools::sim::describe(g)
                );
            }
            println!(
                "regret: per_decision={:.5} per_game={:.4} positions={}",
                r.refined.iter().map(|g| g.max(0.0)).sum::<f64>() / r.positions.max(1) as f64 + 0.0,
                r.per_game(),
                r.positions
            );
            ExitCode::SUCCESS
        }
        BenchCommand::Ratings {
            games,
            seed,
            mode,
            people,
            threads,
            beta,
            tau,
            sigma0,
            temperature,
            runs,
            mu0,
            sigma_weight,
            people_as,
        } => {
            if cfg!(debug_assertions) {
                eprintln!(
                    "note: this is a debug build; use `cargo run --release -p yut-tools -- bench ratings`"
                );
            }
            if people < 4 {
                eprintln!("error: --people must be at least 4 (a 2v2 table seats four)");
                return ExitCode::from(2);
            }
            let families = match mode {
                Some(m) => vec![m],
                None => yut_rating::ModeFamily::ALL.to_vec(),
            };
            for family in families {
                let mut reports = Vec::new();
                for run in 0..runs.max(1) {
                    let mut cfg =
                        yut_tools::rating_bench::BenchConfig::new(family, games, seed + run);
                    cfg.people = people;
                    cfg.temperature = temperature;
                    cfg.sigma_weight = sigma_weight;
                    cfg.population = people_as;
                    cfg.mu0 = mu0.unwrap_or(yut_rating::MU0);
                    if let Some(t) = threads {
                        cfg.threads = t.max(1);
                    }
                    let d = yut_rating::Params::DEFAULT;
                    cfg.params = yut_rating::Params {
                        beta: beta.unwrap_or(d.beta),
                        tau: tau.unwrap_or(d.tau),
                        sigma0: sigma0.unwrap_or(d.sigma0),
                    };
                    let report = yut_tools::rating_bench::run(&cfg);
                    if runs > 1 {
                        println!("run: seed {}", seed + run);
                    }
                    for line in report.lines() {
                        println!("{line}");
                    }
                    reports.push(report);
                }
                if reports.len() > 1 {
                    for line in yut_tools::rating_bench::pooled_lines(&reports) {
                        println!("{line}");
                    }
                }
            }
            ExitCode::SUCCESS
        }
        BenchCommand::Event {
            entrants,
            rounds,
            runs,
            seed,
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench event`");
            }
            let b = yut_tools::event_bench::bench_event(entrants.max(1), rounds, seed, runs);
            println!("{}", b.line());
            ExitCode::SUCCESS
        }
        BenchCommand::EventPlay {
            entrants,
            rounds,
            bot_delay_ms,
            database,
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench event-play`");
            }
            match runtime().block_on(yut_tools::event_play_bench::bench_event_play(
                database.as_deref(),
                entrants.max(2),
                rounds.max(1),
                bot_delay_ms,
            )) {
                Ok(b) => {
                    println!("{}", b.line());
                    if b.standings_match {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::FAILURE
                    }
                }
                Err(e) => {
                    eprintln!("bench event-play: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        BenchCommand::Engine { seconds, seed } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench engine`");
            }
            let (games, actions, secs) = yut_tools::engine_bench::engine(seconds, seed);
            println!(
                "played {games} games, {actions} actions in {secs:.2} s ({:.0} actions/game)",
                actions as f64 / games as f64
            );
            println!("engine: {:.0} games/s", games as f64 / secs);
            ExitCode::SUCCESS
        }
    }
}

/// Each stretch of a run with a surge (nothing for a plain run).
fn print_phases(who: &str, b: &yut_tools::table_bench::TableBench) {
    if b.phases.len() < 2 {
        return;
    }
    for p in &b.phases {
        println!(
            "{who}{}: {:.0} s, actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2}; clicks {} p50_ms={:.2} p99_ms={:.2}",
            p.name,
            p.seconds,
            p.actions as f64 / p.seconds.max(1e-9),
            p.p50_ms,
            p.p99_ms,
            p.clicks,
            p.click_p50_ms,
            p.click_p99_ms
        );
    }
}

/// With `--watchers`: the watchers' lines (printed), and the fields they add to the
/// `processes:` line.
fn watch_lines(w: &yut_tools::table_bench::watchers::WatchReport) -> String {
    let secs = w.seconds.max(1e-9);
    let actions = w.actions.max(1.0);
    let cpu: f64 = w.cpu_s.iter().sum();
    println!(
        "watchers: {} watchers on {} games, {:.1} s window: {} events timed from the driver's commit: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (from the log row's at_ms, stamped before the commit: p50 {:.2}, p99 {:.2}); gaps {} versions, the same board twice {}, out of order {}, committed in the window and never received {}; failed connects {}",
        w.watchers, w.games, w.seconds, w.deliveries, w.p50_ms, w.p99_ms, w.max_ms, w.from_row_p50_ms, w.from_row_p99_ms, w.gaps, w.repeats, w.disorder, w.missed_in_window, w.failed_connects
    );
    println!(
        "window (all processes, from /metrics and /proc): {:.0} actions/s, {:.0} announcements/s received, {:.0} versions/s followed for others, {:.0} boards/s drawn for pages, {} boards skipped by pages, {} failed commits; CPU {} s ({:.3} ms per action) in the processes, {} in PostgreSQL",
        w.actions / secs,
        w.announcements / secs,
        w.followed_versions / secs,
        w.boards / secs,
        w.skipped,
        w.failed_commits,
        w.cpu_s.iter().map(|c| format!("{c:.1}")).collect::<Vec<_>>().join(" + "),
        cpu * 1e3 / actions,
        w.db_cpu_s.map_or("unknown".to_string(), |d| format!("{d:.1} s ({:.3} ms per action)", d * 1e3 / actions)),
    );
    println!(
        "kill: {} watchers of the killed process moved: new stream after p50 {:.0} ms / max {:.0} ms, a new version after p50 {:.0} ms / max {:.0} ms ({} saw none; from that version's commit p50 {:.1} ms / max {:.1} ms), {} versions skipped in the move; {} watchers elsewhere of its games: next version after p50 {:.0} ms / max {:.0} ms; streams that lived through it: gaps {} versions, the same board twice {}, out of order {}; after the kill, {} new versions reached the watchers p50 {:.2} ms / p99 {:.2} ms / max {:.2} ms from their commits",
        w.moved, w.moved_reconnect_p50_ms, w.moved_reconnect_max_ms, w.moved_new_p50_ms, w.moved_new_max_ms, w.moved_stuck, w.moved_new_from_commit_p50_ms, w.moved_new_from_commit_max_ms, w.moved_skipped, w.orphaned, w.orphaned_next_p50_ms, w.orphaned_next_max_ms, w.gaps_after_kill, w.repeats_after_kill, w.disorder_after_kill, w.after_kill_deliveries, w.after_kill_p50_ms, w.after_kill_p99_ms, w.after_kill_max_ms
    );
    format!(
        " watchers={} watcher_p50_ms={:.2} watcher_p99_ms={:.2} watcher_max_ms={:.2} watcher_gaps={} watcher_repeats={} window_actions_per_s={:.0} announcements_per_s={:.0} cpu_ms_per_action_process={:.3} cpu_ms_per_action_db={} moved_new_version_max_ms={:.0}",
        w.watchers,
        w.p50_ms,
        w.p99_ms,
        w.max_ms,
        w.gaps + w.disorder + w.missed_in_window,
        w.repeats,
        w.actions / secs,
        w.announcements / secs,
        cpu * 1e3 / actions,
        w.db_cpu_s.map_or("unknown".to_string(), |d| format!("{:.3}", d * 1e3 / actions)),
        w.moved_new_max_ms
    )
}
