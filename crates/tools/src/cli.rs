//! The command line of `yut-tools`: its subcommands and their flags.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Yutbot's developer tools: rule scenarios, tournaments, training, the gallery, benchmarks.
#[derive(Parser)]
#[command(name = "yut-tools", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
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
pub enum RulesCommand {
    /// Run scenario files; prints one line per failing file, then `N passed, M failed`.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum BenchCommand {
    /// A seat page's press on the process driving its game against the same press forwarded
    /// from another process (two processes' services and web sides on one PostgreSQL
    /// database, pressed alternately over HTTP); ends with `presses: games=N local=L
    /// forwarded=F local_p50_ms=.. local_p99_ms=.. forwarded_p50_ms=.. forwarded_p99_ms=..
    /// extra_p50_ms=.. extra_p99_ms=.. refused=R failed=X`.
    Presses {
        /// Games played at once (a person against an Easy bot each).
        #[arg(long, default_value_t = 20)]
        games: usize,
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        #[arg(long, default_value_t = 50)]
        bot_delay_ms: u32,
        /// The PostgreSQL server (a scratch database is made there for the run).
        #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/test")]
        database: String,
    },
    /// The Activity (the board inside Discord): a touch to the board shown on the other
    /// player's page, for two-person games whose pages sit on the driving process or on
    /// another one (touches forwarded, boards announced through PostgreSQL); ends with
    /// `activity: games=N pages=P touches_local=L touches_forwarded=F local_p50_ms=..
    /// local_p99_ms=.. forwarded_p50_ms=.. forwarded_p99_ms=.. extra_p50_ms=.. extra_p99_ms=..
    /// sign_in_p50_ms=.. refused=R failed=X`.
    Activity {
        /// Games played at once (two people, each with their Activity page).
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        /// A person's pause between seeing their turn and touching (ms, spread from half
        /// to one and a half times this); 0: as fast as the machine answers.
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
        /// The PostgreSQL server (a scratch database is made there for the run).
        #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/test")]
        database: String,
    },
    /// Watchers of live pages: four-bot games played through the service while clients
    /// follow them over HTTP (server-sent events); ends with `web: games=N watchers=W
    /// deliveries=D p50_ms=A p99_ms=B max_ms=C first_board_ms=F page_bytes=P rss_mb=R`.
    Web {
        #[arg(long, default_value_t = 1)]
        games: usize,
        #[arg(long, default_value_t = 1000)]
        watchers: usize,
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        /// Bot pacing delay in ms.
        #[arg(long, default_value_t = 300)]
        bot_delay_ms: u32,
    },
    /// The answer of `/yut games` with `games` running in one server (half lobbies, half
    /// playing), timed `runs` times; ends with `games: games=N runs=R p50_ms=A p99_ms=B
    /// max_ms=C chars=D`.
    Games {
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[arg(long, default_value_t = 100)]
        runs: usize,
    },
    /// Pairing the next round of a Swiss event (issue 49): a deterministic field of
    /// `--entrants` with `--rounds` rounds played, paired `--runs` times; ends with `event:
    /// entrants=N rounds=R seed=S runs=K games=G byes=B p50_ms=A p99_ms=B max_ms=C`.
    Event {
        #[arg(long, default_value_t = 1024)]
        entrants: usize,
        #[arg(long, default_value_t = 9)]
        rounds: usize,
        #[arg(long, default_value_t = 100)]
        runs: usize,
        #[arg(long, default_value_t = 49)]
        seed: u64,
    },
    /// A whole Swiss event played through the service on one process (issue 49): the
    /// entrants sign up, every round is paired and its games played to their end between
    /// people who let the bot play their turns, `--bot-delay-ms` between the bot's actions;
    /// ends with `event-play: entrants=N rounds=R games=G actions=A ... wall_s=W
    /// standings_match=true|false winner=NAME`. On SQLite (a temporary file) unless
    /// `--database` names a PostgreSQL server (a scratch database is made there).
    EventPlay {
        #[arg(long, default_value_t = 256)]
        entrants: usize,
        #[arg(long, default_value_t = 8)]
        rounds: u32,
        #[arg(long, default_value_t = 0)]
        bot_delay_ms: u32,
        #[arg(long)]
        database: Option<String>,
    },
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
        /// requests a second per bot); 0: none (the updates are taken and dropped).
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
        /// An overload and the way back: after `--seconds`, open this many more games of
        /// bots (per process), play them for `--surge-seconds`, stop them, and measure
        /// `--seconds` more; each stretch is reported on its own.
        #[arg(long)]
        surge_games: Option<usize>,
        #[arg(long, default_value_t = 60.0)]
        surge_seconds: f64,
        /// Every game is a match won by the first to win this many games (above 1, games
        /// outlast long runs).
        #[arg(long, default_value_t = 1)]
        first_to: u8,
        /// With `--processes`: every process also serves the web side (the bot's watch pages
        /// and `/metrics`), and this many live watchers (event streams) are spread evenly over
        /// the processes, each following a game another process drives; reports the watcher
        /// delay from the commit, gaps, announcements per second, CPU per action of the
        /// processes and the database, and the watchers' move when a process is killed.
        #[arg(long, default_value_t = 0)]
        watchers: usize,
        /// (Internal: the web secret the workers share.)
        #[arg(long, hide = true)]
        web_secret: Option<String>,
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
