use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Yutbot: Yut Nori (윷놀이) for Discord.
#[derive(Parser)]
#[command(name = "yutbot", version, about)]
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
        a: yutbot::ai::Level,
        /// Player b.
        #[arg(long)]
        b: yutbot::ai::Level,
        #[arg(long, default_value_t = 5000)]
        games: u32,
        #[arg(long, default_value = "standard")]
        preset: String,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Rules {
            command: RulesCommand::Check { files },
        } => {
            let (passed, failed) = yutbot::scenario::check_files(&files);
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
            seats,
            teams,
            seed,
            threads,
        } => {
            let rules = match yutbot::game::Rules::preset_named(&preset) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let seats = if teams { 4 } else { seats };
            if !(2..=4).contains(&seats) {
                eprintln!("error: seats must be 2, 3 or 4");
                return ExitCode::from(2);
            }
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let cfg = yutbot::sim::SimConfig {
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
            let r = yutbot::sim::run(&cfg);
            eprintln!(
                "{a} vs {b}, {preset}, {seats} seats{}: {} games in {:.1} s",
                if teams { " (teams)" } else { "" },
                r.games,
                start.elapsed().as_secs_f64()
            );
            println!("{}", r.line());
            ExitCode::SUCCESS
        }
        Command::Bench {
            command: BenchCommand::Engine { seconds, seed },
        } => {
            if cfg!(debug_assertions) {
                eprintln!("note: this is a debug build; use `cargo run --release -- bench engine`");
            }
            let (games, actions, secs) = yutbot::bench::engine(seconds, seed);
            println!(
                "played {games} games, {actions} actions in {secs:.2} s ({:.0} actions/game)",
                actions as f64 / games as f64
            );
            println!("engine: {:.0} games/s", games as f64 / secs);
            ExitCode::SUCCESS
        }
    }
}
