//! `yutbot`: run the Discord bot, play in a browser, play a demo game, verify a game record. The developer
//! tools (benchmarks, tournaments, training, the gallery, rule scenarios) are `yut-tools`.

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
    /// Run the Discord bot. Every setting is a flag or an environment variable (or a line
    /// of `.env`; see .env.example); flags win.
    Run {
        #[command(flatten)]
        settings: Box<yutbot::discord::Settings>,
    },
    /// Play in a browser on this computer, against bots or with people at the same screen:
    /// no Discord, no token. Prints the page's address (and opens it where there is a
    /// browser); games are kept in a SQLite file and wait across restarts.
    Play {
        #[command(flatten)]
        settings: yutbot::play::PlaySettings,
    },
    /// Play a whole 4-seat bot game through the game service (temporary database) and write
    /// every board it shows as NNN.png and NNN.txt.
    Demo {
        #[arg(long)]
        out: PathBuf,
        /// en, ko or es.
        #[arg(long, default_value = "en")]
        lang: String,
        /// Rule preset: standard, boardgame, yunnori, nyout.
        #[arg(long, default_value = "standard")]
        preset: String,
        /// House rules on top of the preset, e.g. "backdo=off finish=exact".
        #[arg(long)]
        house: Option<String>,
    },
    /// Check an exported game record (`/yut replay` attaches it): the seed against its
    /// commitment, then every throw replayed from the seed. Prints `verified: N throws`, or
    /// what differs first and exits 1.
    Verify {
        /// The record (JSON).
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    // Settings may come from a .env file in the working directory; the environment wins.
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    match cli.command {
        Command::Run { settings } => run_bot(*settings),
        Command::Play { settings } => yutbot::play::play(settings),
        Command::Demo {
            out,
            lang,
            preset,
            house,
        } => yutbot::offline::demo(&out, &lang, &preset, house.as_deref()),
        Command::Verify { file } => yutbot::offline::verify(&file),
    }
}

/// `yutbot run`: check the settings, start the bot, stop cleanly on Ctrl-C.
fn run_bot(settings: yutbot::discord::Settings) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let threads = match settings.runtime_threads() {
        Ok(n) => n,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = match yutbot::discord::Options::from_settings(settings) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: starting the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(yutbot::bot::run(options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e @ yutbot::discord::StartError::Database { .. }) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
