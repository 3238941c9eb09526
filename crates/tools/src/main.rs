use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Yutbot's developer tools: rule scenarios, tournaments, training, the gallery, benchmarks.
#[derive(Parser)]
#[command(name = "yut-tools", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rule scenarios.
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// A tournament between two AI levels; ends with
    /// `a_win_rate=.. ci95=[..] a_ms_p50=.. a_ms_p99=.. games=N`.
    Sim {
        /// Player a: random, easy, normal, master or reference.
        #[arg(long)]
        a: yut_ai::Level,
        /// Player b.
        #[arg(long)]
        b: yut_ai::Level,
        #[arg(long, default_value_t = 5000)]
        games: u32,
        #[arg(long, default_value = "standard")]
        preset: String,
        /// House rules on top of the preset, e.g. "backdo=off finish=exact".
        #[arg(long)]
        house: Option<String>,
        /// Seats: 2 to 4. With 3-4 seats a takes one seat (rotating) and b the others.
        #[arg(long, default_value_t = 2)]
        seats: u8,
        /// 2v2 teams (4 seats): a plays one side, b the other.
        #[arg(long)]
        teams: bool,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Train Master's learned evaluation for two sides by self-play (release build); writes
    /// the network to --out and prints Master-with-it vs Random every --check-every games.
    Train {
        #[arg(long, default_value_t = 200_000)]
        games: u32,
        #[arg(long, default_value = "standard")]
        preset: String,
        #[arg(long, default_value_t = 40)]
        hidden: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 0.05)]
        rate: f32,
        #[arg(long, default_value_t = 0.7)]
        lambda: f32,
        /// Continue from this network.
        #[arg(long)]
        from: Option<PathBuf>,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 10_000)]
        check_every: u32,
        #[arg(long, default_value_t = 1000)]
        check_games: u32,
        /// Chance of a random move in self-play.
        #[arg(long, default_value_t = 0.1)]
        explore: f64,
        /// Plans the self-play Master checks against the reply (0: faster, the default).
        #[arg(long, default_value_t = 0)]
        reply_plans: usize,
        /// Sides in the self-play games: 2, 3 or 4.
        #[arg(long, default_value_t = 2)]
        sides: u8,
        /// Train a specialist against Random (two sides) instead of by self-play.
        #[arg(long)]
        against_random: bool,
    },
    /// Write a gallery of board pictures from played games.
    Render {
        /// Rule preset: standard, boardgame, yunnori, nyout.
        #[arg(long, default_value = "standard")]
        preset: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Folder for the PNG files (created if missing).
        #[arg(long)]
        out: PathBuf,
    },
    /// Benchmarks (build with --release).
    Bench {
        #[command(subcommand)]
        command: BenchCommand,
    },
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Run scenario files; prints one line per failing file, then `N passed, M failed`.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Random 2-player standard games on one core; ends with `engine: N games/s`.
    Engine {
        /// How long to run, in seconds.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Concurrent bot games through the service with SQLite and rendering; ends with
    /// `table: games=N actions_per_s=A p50_ms=B p99_ms=C rss_mb=D`.
    Table {
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        /// Bot pacing delay in ms (the service's default is 1200).
        #[arg(long, default_value_t = 1200)]
        bot_delay_ms: u32,
        /// Boards the consumer draws and "sends" per second (Discord allows about 50
        /// requests a second per bot).
        #[arg(long, default_value_t = 50)]
        sends_per_s: u32,
        /// `sqlite` (default: a fresh file) or a postgres:// URL (a scratch database is made
        /// on that server for the run and dropped after).
        #[arg(long)]
        database: Option<String>,
        /// Run this many processes of the bot on one database, `--games` each on its own
        /// shard; then kill one (SIGKILL) and time its games' resumption.
        #[arg(long)]
        processes: Option<u32>,
        /// (Internal: one process of `--processes`.)
        #[arg(long, hide = true)]
        worker: Option<u32>,
        #[arg(long, hide = true, default_value_t = 1)]
        of: u32,
        #[arg(long, hide = true)]
        worker_database: Option<String>,
        #[arg(long, hide = true)]
        resume: bool,
    },
    /// How much Master gives away, decision by decision: every legal move of sampled
    /// decisions is played out to the end many times; ends with
    /// `regret: per_decision=.. per_game=.. positions=N`.
    Regret {
        /// The opponent: random, reference, normal, easy or master.
        #[arg(long, default_value = "random")]
        b: yut_ai::Level,
        #[arg(long, default_value = "standard")]
        preset: String,
        #[arg(long, default_value_t = 1000)]
        positions: usize,
        /// Look at every N-th decision that has a choice.
        #[arg(long, default_value_t = 4)]
        stride: usize,
        #[arg(long, default_value_t = 1000)]
        rollouts: u32,
        /// Measure again decisions whose first-pass gap is above this.
        #[arg(long, default_value_t = 0.008)]
        refine_above: f64,
        #[arg(long, default_value_t = 10000)]
        refine: u32,
        #[arg(long, default_value_t = 7)]
        seed: u64,
        /// Print the N decisions with the largest gaps.
        #[arg(long, default_value_t = 0)]
        show: usize,
    },
    /// The replay GIF, win-chance chart and reviews of a median 4-seat game on one core;
    /// ends with `replay: frames=F p50_ms=A p99_ms=B bytes=C`.
    Replay {
        /// Games played to pick the median one from.
        #[arg(long, default_value_t = 21)]
        games: usize,
        /// Times the GIF is encoded.
        #[arg(long, default_value_t = 30)]
        runs: usize,
    },
    /// Render a mid-game 4-seat frame with a highlighted chip; ends with
    /// `render: p50=X ms p99=Y ms bytes=Z`.
    Render {
        #[arg(long, default_value_t = 500)]
        frames: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Rated games between bot levels and people modelled as bot levels, per mode family;
    /// compares the predicted win chances with the outcomes in ten buckets and ends each mode
    /// with `ratings: mode=M games=N calibration_max_gap=X` (points, buckets of >= 100).
    Ratings {
        /// Games per mode family.
        #[arg(long, default_value_t = 1000)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only this family: 1v1, 2v2 or ffa (default: all three).
        #[arg(long)]
        mode: Option<yut_rating::ModeFamily>,
        /// People in each family's pool.
        #[arg(long, default_value_t = 24)]
        people: usize,
        /// Threads for playing the games (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Experiments: the model's beta, tau and new players' sigma (default: the bot's).
        #[arg(long)]
        beta: Option<f64>,
        #[arg(long)]
        tau: Option<f64>,
        #[arg(long)]
        sigma0: Option<f64>,
        /// Score the predictions at this temperature instead of the bot's (the ratings are the
        /// same: the temperature is prediction-only).
        #[arg(long)]
        temperature: Option<f64>,
        /// Runs per family, seeds S to S+R-1, each of N games with its own people; with more
        /// than one, their predictions are also pooled (`pooled_calibration_max_gap`).
        #[arg(long, default_value_t = 1)]
        runs: u64,
        /// Experiments: a new person's mu (default: the bot's, 25).
        #[arg(long)]
        mu0: Option<f64>,
        /// Score the predictions with this weight of the sigmas in `c` instead of the bot's.
        #[arg(long)]
        sigma_weight: Option<f64>,
        /// How the people play: `levels` (each one of Easy, Normal, Master) or `mixes` (each
        /// move as one of two neighbouring levels, a personal share: a spread of strengths).
        #[arg(long, default_value = "levels")]
        people_as: yut_tools::rating_bench::Population,
    },
}

/// A preset's rules with house rules on top, or the exit code after saying what is wrong.
fn rules_from(preset: &str, house: Option<&str>) -> Result<yut_game::Rules, ExitCode> {
    let mut rules = yut_game::Rules::preset_named(preset).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    rules.apply_text(house.unwrap_or("")).map_err(|e| {
        eprintln!("error: house rules: {e}");
        ExitCode::from(2)
    })?;
    Ok(rules)
}

fn train(
    cfg: yut_tools::train::TrainConfig,
    from: Option<PathBuf>,
    out: PathBuf,
    check_every: u32,
    check_games: u32,
) -> ExitCode {
    use yut_ai::{net::Net, Bot, Level};
    use yut_tools::train;
    let start = match from.map(|p| std::fs::read(&p).map(|b| (p, b))) {
        None => None,
        Some(Ok((p, b))) => match Net::from_bytes(&b) {
            Some(n) => Some(n),
            None => {
                eprintln!("error: {} is not a network file", p.display());
                return ExitCode::from(2);
            }
        },
        Some(Err(e)) => {
            eprintln!("error: reading the start network: {e}");
            return ExitCode::FAILURE;
        }
    };
    if !(2..=4).contains(&cfg.sides) {
        eprintln!("error: sides must be 2, 3 or 4");
        return ExitCode::from(2);
    }
    if cfg.against_random && cfg.sides != 2 {
        eprintln!("error: --against-random trains for two sides");
        return ExitCode::from(2);
    }
    let inputs = yut_ai::net::Spots::new(&yut_ai::Knowledge::new(&cfg.rules)).inputs_for(cfg.sides)
        + cfg.against_random as usize;
    if let Some(n) = start.as_ref().filter(|n| n.inputs != inputs) {
        eprintln!(
            "error: the start network has {} inputs; these rules need {inputs}",
            n.inputs
        );
        return ExitCode::from(2);
    }
    let t0 = std::time::Instant::now();
    let check = |n: u32, net: &Net| {
        // Two sides: against Random; three or four: one seat against Reference players.
        let b = if cfg.sides == 2 {
            Level::Random
        } else {
            Level::Reference
        };
        let sim = yut_tools::sim::SimConfig {
            a: Level::Master,
            b,
            games: check_games,
            rules: cfg.rules.clone(),
            seats: cfg.sides,
            teams: false,
            seed: 7,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let master = train::master_with(&cfg.rules, net, cfg.sides);
        let r = yut_tools::sim::run_bots(&sim, &master, &Bot::new(b, &cfg.rules));
        if let Err(e) = std::fs::write(&out, net.to_bytes()) {
            eprintln!("error: writing {}: {e}", out.display());
        }
        println!(
            "games={n} secs={:.0} vs_{b}: {}",
            t0.elapsed().as_secs_f64(),
            r.line()
        );
    };
    let net = train::train(&cfg, start, check_every, check);
    match std::fs::write(&out, net.to_bytes()) {
        Ok(()) => {
            println!("wrote {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: writing {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Rules {
            command: RulesCommand::Check { files },
        } => {
            let (passed, failed) = yut_tools::scenario::check_files(&files);
            for (path, msg) in &failed {
                println!("FAIL {path}: {msg}");
            }
            println!("{passed} passed, {} failed", failed.len());
            if failed.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Command::Sim {
            a,
            b,
            games,
            preset,
            house,
            seats,
            teams,
            seed,
            threads,
        } => {
            let rules = match rules_from(&preset, house.as_deref()) {
                Ok(r) => r,
                Err(code) => return code,
            };
            let seats = if teams { 4 } else { seats };
            if !(2..=4).contains(&seats) {
                eprintln!("error: seats must be 2, 3 or 4");
                return ExitCode::from(2);
            }
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let cfg = yut_tools::sim::SimConfig {
                a,
                b,
                games,
                rules,
                seats,
                teams,
                seed,
                threads,
            };
            let start = std::time::Instant::now();
            let r = yut_tools::sim::run(&cfg);
            eprintln!(
                "{a} vs {b}, {preset}{}, {seats} seats{}: {} games in {:.1} s",
                house.map(|h| format!(" + {h}")).unwrap_or_default(),
                if teams { " (teams)" } else { "" },
                r.games,
                start.elapsed().as_secs_f64()
            );
            println!("{}", r.line());
            ExitCode::SUCCESS
        }
        Command::Train {
            games,
            preset,
            hidden,
            seed,
            rate,
            lambda,
            from,
            out,
            check_every,
            check_games,
            explore,
            reply_plans,
            sides,
            against_random,
        } => train(
            yut_tools::train::TrainConfig {
                rules: match yut_game::Rules::preset_named(&preset) {
                    Ok(r) => r,
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::from(2);
                    }
                },
                games,
                hidden,
                seed,
                rate,
                lambda,
                explore,
                reply_plans,
                sides,
                against_random,
            },
            from,
            out,
            check_every,
            check_games,
        ),
        Command::Render { preset, seed, out } => {
            let rules = match yut_game::Rules::preset_named(&preset) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            match yut_tools::gallery::write_gallery(&rules, seed, &out) {
                Ok(paths) => {
                    for p in paths {
                        println!("{}", p.display());
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: writing to {}: {e}", out.display());
                    ExitCode::FAILURE
                }
            }
        }
        Command::Bench {
            command:
                BenchCommand::Table {
                    games,
                    seconds,
                    bot_delay_ms,
                    sends_per_s,
                    database,
                    processes,
                    worker,
                    of,
                    worker_database,
                    resume,
                },
        } => {
            let o = yut_tools::table_bench::BenchOptions {
                games,
                seconds,
                bot_delay_ms,
                sends_per_s,
                database,
            };
            if let (Some(k), Some(url)) = (worker, worker_database) {
                return match runtime()
                    .block_on(yut_tools::table_bench::worker(&url, &o, k, of, resume))
                {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("error: bench worker {k}: {e:#}");
                        ExitCode::FAILURE
                    }
                };
            }
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench table`");
            }
            if let Some(n) = processes.filter(|&n| n > 1) {
                return match runtime().block_on(yut_tools::table_bench::bench_processes(&o, n)) {
                    Ok(b) => {
                        for (k, r) in b.runs.iter().enumerate() {
                            println!(
                                "process {k}: games={} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2} rss_mb={:.0} bytes_per_action={:.0}",
                                r.games,
                                r.actions as f64 / r.seconds,
                                r.p50_ms,
                                r.p99_ms,
                                r.rss_mb,
                                r.bytes_per_action
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
                        println!(
                            "processes: n={n} games={} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2} resume_ms={:.0}",
                            o.games * n as usize,
                            b.actions_per_s,
                            b.p50_ms,
                            b.p99_ms,
                            b.resume_ms
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
                    println!(
                        "table: games={} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2} rss_mb={:.0}",
                        b.games,
                        b.actions as f64 / b.seconds,
                        b.p50_ms,
                        b.p99_ms,
                        b.rss_mb
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Bench {
            command: BenchCommand::Replay { games, runs },
        } => {
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
        Command::Bench {
            command: BenchCommand::Render { frames, seed },
        } => {
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
        Command::Bench {
            command:
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
                },
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -p yut-tools -- bench regret`");
            }
            let rules = match yut_game::Rules::preset_named(&preset) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
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
        Command::Bench {
            command:
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
                },
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
        Command::Bench {
            command: BenchCommand::Engine { seconds, seed },
        } => {
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

fn runtime() -> tokio::runtime::Runtime {
    // Cannot fail on a working machine: the runtime only needs threads and a timer.
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}
