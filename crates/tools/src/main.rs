use clap::Parser;
use cli::{Cli, Command, RulesCommand};

mod bench;
mod cli;
use std::path::PathBuf;
use std::process::ExitCode;

/// A preset's rules with house rules on top, or the exit code after saying what is wrong.
fn rules_from(preset: &str, house: Option<&str>) -> Result<yut_game::Rules, ExitCode> {
    yut_game::Rules::from_command_line(preset, house).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
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
            let rules = match rules_from(&preset, None) {
                Ok(r) => r,
                Err(code) => return code,
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
        Command::Bench { command } => bench::run(command),
    }
}

fn runtime() -> tokio::runtime::Runtime {
    // Cannot fail on a working machine: the runtime only needs threads and a timer.
    // As the bot: one async thread unless WORKER_THREADS says otherwise.
    let threads = std::env::var("WORKER_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| (1..=64).contains(n))
        .unwrap_or(1);
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}
