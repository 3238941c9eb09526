//! Whole games played straight through the table's state machine, with the action log they
//! would leave in the store: for tests and `yut-tools bench replay` (no database, no clock).

use rand::SeedableRng;
use yut_ai::{Bot, Level};
use yut_game::{Action, Phase, Rules};
use yut_table::core::Command;
use yut_table::persist::LogEntry;
use yut_table::{Actor, Lang, Settings, Status, Table};

/// A game to play.
#[derive(Debug, Clone)]
pub struct SimGame {
    pub seed: u64,
    pub seats: u8,
    pub teams: bool,
    /// The first `humans` seats are people (their moves chosen by `human_level`, sent as the
    /// person's own clicks); the others are bots of `bot_level`.
    pub humans: u8,
    pub human_level: Level,
    pub bot_level: Level,
    pub rules: Rules,
    pub lang: Lang,
}

impl Default for SimGame {
    fn default() -> Self {
        SimGame {
            seed: 1,
            seats: 4,
            teams: false,
            humans: 1,
            human_level: Level::Easy,
            bot_level: Level::Normal,
            rules: Rules::default(),
            lang: Lang::En,
        }
    }
}

/// The genesis and the log of a finished game (at most `max_actions` long: a game that has
/// not ended by then is stopped).
pub fn play(g: &SimGame) -> (Table, Vec<LogEntry>) {
    let seats = if g.teams { 4 } else { g.seats };
    let settings = Settings {
        rules: g.rules.clone(),
        preset: "standard".into(),
        teams: g.teams,
        seats,
        turn_seconds: 30,
        lang: g.lang,
        bot_delay_ms: 500,
    };
    let person = |i: u8| Actor::user(100 + i as u64, &format!("Player {}", i + 1));
    let host = person(0);
    let mut now = 1_000_000i64;
    let mut t = Table::new(g.seed as i64 + 1, 7, 9, &host, settings, g.seed);
    let genesis = t.clone();
    let mut log = Vec::new();
    let mut apply = |t: &mut Table, actor: &Actor, cmd: Command, now: i64| -> bool {
        match t.apply(actor, &cmd, now) {
            Ok(out) => {
                log.push(LogEntry {
                    version: t.version,
                    actor: actor.clone(),
                    command: cmd,
                    at_ms: now,
                    played: out.played,
                });
                true
            }
            Err(_) => false,
        }
    };
    for i in 1..g.humans.min(seats) {
        apply(&mut t, &person(i), Command::Join, now);
    }
    let level = g.bot_level;
    while t.seats.len() < seats as usize {
        apply(&mut t, &host, Command::AddBot { level }, now);
    }
    apply(&mut t, &host, Command::Start, now);
    if g.humans == 0 {
        apply(&mut t, &host, Command::Resign, now);
    }
    let chooser = Bot::new(g.human_level, &g.rules);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(g.seed ^ 0x5eed);
    let mut steps = 0;
    while t.status == Status::Playing && steps < 5_000 {
        steps += 1;
        now += 600;
        let Some(seat) = t.acting() else { break };
        if t.computer_acts() {
            now = t.deadline_ms.unwrap_or(now).max(now);
            apply(&mut t, &Actor::System, Command::BotTurn, now);
            continue;
        }
        let Some(user) = t.seats[seat as usize].player.user() else {
            break;
        };
        let who = t.seats[seat as usize].name(seat as usize, g.lang);
        let actor = Actor::user(user, &who);
        let game = t.game.as_ref().expect("playing");
        let cmd = match game.phase() {
            Phase::Throw => Command::Throw,
            _ => match chooser.choose(game, &mut rng) {
                Some(Action::Move(mv)) => Command::Move { mv },
                _ => break,
            },
        };
        if !apply(&mut t, &actor, cmd, now) {
            break;
        }
    }
    if t.status == Status::Playing {
        apply(&mut t, &host, Command::Stop, now);
    }
    (genesis, log)
}
