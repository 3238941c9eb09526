//! Computer players: Random, Easy, Normal, Master and a fixed Reference player for
//! benchmarks. Pure: the same game, level and RNG state give the same choice.
//!
//! Master scores positions with a network learned by self-play (`net.rs`, `train.rs`) where
//! one is built in (two sides, the rules of a preset; 2v2 teams are two sides taking turns
//! like two seats) and with the hand-made evaluation of `eval.rs` everywhere else (3-4 sides,
//! house rules).

mod master;
mod reference;
pub use master::*;
pub use reference::*;

mod chance;
pub mod eval;
pub mod knowledge;
pub mod net;

use arrayvec::ArrayVec;
use eval::{evaluate, Weights, WIN};
pub use knowledge::Knowledge;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, OnceLock};
use yut_game::{
    Action, Chip, Dest, Game, Landing, Move, Origin, Phase, Preset, Rules, Seat, MAX_MOVES,
};

/// How a seat is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Random,
    Easy,
    Normal,
    Master,
    Reference,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Normal,
        Level::Master,
        Level::Reference,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Master => "master",
            Level::Reference => "reference",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.to_ascii_lowercase())
            .ok_or_else(|| {
                format!("unknown level \"{s}\" (random, easy, normal, master, reference)")
            })
    }
}

/// Master's search limit: positions examined per decision. With the transposition table this
/// covers every ordering of pools of up to four chips; larger pools finish greedily.
const MASTER_NODES: usize = 6000;
/// Easy plays a random legal move this often.
const EASY_BLUNDER: f64 = 0.5;

/// A learned evaluation with the board layout it was trained on.
#[derive(Debug, Clone)]
pub struct Learned {
    pub net: net::Net,
    pub spots: net::Spots,
    /// The number of sides it was trained for.
    pub sides: u8,
}

/// Score of a won position under the learned evaluation (a lost one scores 0).
const NET_WIN: f32 = 100.0;

/// The networks trained for each preset with two sides (`yut-tools train`), built into the
/// binary. A game whose rules are not exactly a preset's uses the hand-made evaluation.
static NETS: [(Preset, &[u8]); 4] = [
    (
        Preset::Standard,
        include_bytes!("../../../assets/ai/standard-2p.net"),
    ),
    (
        Preset::Boardgame,
        include_bytes!("../../../assets/ai/boardgame-2p.net"),
    ),
    (
        Preset::Yunnori,
        include_bytes!("../../../assets/ai/yunnori-2p.net"),
    ),
    (
        Preset::Nyout,
        include_bytes!("../../../assets/ai/nyout-2p.net"),
    ),
];

/// The networks trained for three and four sides (`yut-tools train --sides N`).
static NETS_MULTI: [(Preset, u8, &[u8]); 2] = [
    (
        Preset::Standard,
        3,
        include_bytes!("../../../assets/ai/standard-3p.net"),
    ),
    (
        Preset::Standard,
        4,
        include_bytes!("../../../assets/ai/standard-4p.net"),
    ),
];

/// The built-in network for these rules and two sides, if there is one.
pub fn learned_for(rules: &Rules) -> Option<Arc<Learned>> {
    learned_for_sides(rules, 2)
}

/// The built-in network for these rules and number of sides, if there is one.
pub fn learned_for_sides(rules: &Rules, sides: u8) -> Option<Arc<Learned>> {
    type Loaded = Vec<(Rules, u8, Option<Arc<Learned>>)>;
    static CELL: OnceLock<Loaded> = OnceLock::new();
    let all = CELL.get_or_init(|| {
        NETS.iter()
            .map(|(preset, bytes)| (*preset, 2, *bytes))
            .chain(NETS_MULTI.iter().copied())
            .map(|(preset, sides, bytes)| {
                let rules = Rules::preset(preset);
                let k = Knowledge::new(&rules);
                let spots = net::Spots::new(&k);
                let learned = net::Net::from_bytes(bytes)
                    .filter(|n| n.inputs == spots.inputs_for(sides))
                    .map(|net| Arc::new(Learned { net, spots, sides }));
                (rules, sides, learned)
            })
            .collect()
    });
    let key = play_rules(rules, sides);
    all.iter()
        .find(|(r, n, _)| *n == sides && play_rules(r, sides) == key)
        .and_then(|(_, _, l)| l.clone())
}

/// The rules as far as they change how a game plays once it has started: who starts and the
/// length of a match do not, and `pieces = auto` is the number it gives for these sides. A
/// match to three wins under `standard` is still `standard` for the network.
fn play_rules(rules: &Rules, sides: u8) -> Rules {
    let mut r = rules.clone();
    r.first_to = 1;
    r.first_player = yut_game::rules::FirstPlayer::Random;
    r.pieces = yut_game::rules::Pieces::Fixed(rules.pieces.per_side(sides));
    r
}

/// A computer player for one rule set.
#[derive(Debug, Clone)]
pub struct Bot {
    pub level: Level,
    k: Knowledge,
    w: Weights,
    /// Master's learned evaluations for 2, 3 and 4 sides (two sides: 2 seats or 2v2 teams),
    /// where one was trained for these rules.
    learned: [Option<Arc<Learned>>; 3],
    /// Plans Master checks against the next seat's reply (two sides).
    reply_plans: usize,
}

impl Bot {
    pub fn new(level: Level, rules: &Rules) -> Bot {
        let learned = if level == Level::Master {
            [2, 3, 4].map(|n| learned_for_sides(rules, n))
        } else {
            [None, None, None]
        };
        Bot {
            level,
            k: Knowledge::new(rules),
            w: Weights::default(),
            learned,
            reply_plans: MASTER_REPLY_PLANS,
        }
    }

    /// The same player as `Bot::new(level, rules)`, shared: building one works out its
    /// knowledge of the rules (about 70 µs), which a game service would otherwise repeat for
    /// every bot move. Keeps the most recently used few rule sets.
    pub fn shared(level: Level, rules: &Rules) -> Arc<Bot> {
        const KEEP: usize = 32;
        static CACHE: Mutex<Vec<(Level, Rules, Arc<Bot>)>> = Mutex::new(Vec::new());
        // A poisoned lock only means another thread panicked mid-lookup; the list is still
        // a valid cache.
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = cache.iter().position(|(l, r, _)| *l == level && r == rules) {
            let hit = cache.remove(i);
            let bot = hit.2.clone();
            cache.push(hit);
            return bot;
        }
        let bot = Arc::new(Bot::new(level, rules));
        if cache.len() >= KEEP {
            cache.remove(0);
        }
        cache.push((level, rules.clone(), bot.clone()));
        bot
    }

    /// A Master that evaluates games of `learned.sides` sides with `learned` (others with
    /// the hand-made evaluation) and checks `reply_plans` of its plans against the reply (0:
    /// none). For training and experiments.
    pub fn with_learned(rules: &Rules, learned: Option<Arc<Learned>>, reply_plans: usize) -> Bot {
        let mut nets = [None, None, None];
        if let Some(l) = learned {
            if (2..=4).contains(&l.sides) {
                let i = l.sides as usize - 2;
                nets[i] = Some(l);
            }
        }
        let learned = nets;
        Bot {
            level: Level::Master,
            k: Knowledge::new(rules),
            w: Weights::default(),
            learned,
            reply_plans,
        }
    }

    fn net_for(&self, g: &Game) -> Option<&Learned> {
        let i = (g.sides() as usize).checked_sub(2)?;
        self.learned.get(i)?.as_deref()
    }

    /// The learned score of a position for `seat`, where that applies.
    fn learned_score(&self, g: &Game, seat: Seat) -> Option<f32> {
        let l = self.net_for(g)?;
        let me = g.side_of(seat);
        if g.is_over() {
            return Some(match g.outcome() {
                Some(o) if o.winner == me => NET_WIN,
                _ => 0.0,
            });
        }
        if l.sides > 2 {
            return Some(l.net.value(&net::input_for(&self.k, &l.spots, g, me)) * NET_WIN);
        }
        let mut x = net::input(&self.k, &l.spots, g);
        let mine = g.side_of(g.turn()) == me;
        if mine && l.net.inputs == l.spots.inputs() + 1 {
            // A specialist against Random (`yut-tools train --against-random`) has one more
            // input: "the side to act is this bot's".
            x.on.push(l.spots.inputs() as u16);
        }
        let p = l.net.value(&x) * NET_WIN;
        Some(if mine { p } else { NET_WIN - p })
    }

    /// Score of a position for `seat` at the end of its spending.
    fn leaf(&self, g: &Game, seat: Seat) -> f32 {
        self.learned_score(g, seat)
            .unwrap_or_else(|| evaluate(&self.k, &self.w, g, seat, owed_to(g, seat)))
    }

    /// The score of a won game.
    fn win(&self, g: &Game) -> f32 {
        if self.net_for(g).is_some() {
            NET_WIN
        } else {
            WIN
        }
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.k
    }

    /// The action to play for the seat to act. None only when the game is over.
    pub fn choose<R: Rng + ?Sized>(&self, game: &Game, rng: &mut R) -> Option<Action> {
        match game.phase() {
            Phase::Over => None,
            // The AI never controls the sticks.
            Phase::Throw => Some(Action::Throw),
            Phase::Spend => {
                let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
                game.legal_moves_into(&mut moves);
                if moves.is_empty() {
                    return None;
                }
                let mv = match self.level {
                    Level::Random => moves[rng.random_range(0..moves.len())],
                    Level::Reference => reference_move(game, &moves),
                    Level::Normal => self.greedy(game, &moves),
                    Level::Easy => {
                        if rng.random_bool(EASY_BLUNDER) {
                            moves[rng.random_range(0..moves.len())]
                        } else {
                            self.greedy(game, &moves)
                        }
                    }
                    Level::Master => self.plan(game, &moves),
                };
                Some(Action::Move(mv))
            }
        }
    }

    /// Normal: the best-looking single move, one chip at a time.
    fn greedy(&self, game: &Game, moves: &[Move]) -> Move {
        let seat = game.turn();
        let mut best = (f32::NEG_INFINITY, moves[0]);
        let mut events = Vec::new();
        for m in moves {
            let mut g = game.clone();
            events.clear();
            if g.play_move(m, &mut events).is_err() {
                continue;
            }
            let owed = owed_to(&g, seat);
            let s = evaluate(&self.k, &self.w, &g, seat, owed);
            if s > best.0 {
                best = (s, *m);
            }
        }
        best.1
    }

    /// Master's pool-search score of each legal move (best first), without the reply check.
    /// For experiments and diagnostics.
    pub fn ranked(&self, game: &Game) -> Vec<(f32, Move)> {
        let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
        game.legal_moves_into(&mut moves);
        let mut search = Search::new(self, game.turn(), MASTER_NODES);
        let mut scored = Vec::new();
        for m in &moves {
            let mut g = game.clone();
            if g.play_move(m, &mut Vec::new()).is_ok() {
                scored.push((search.best(&g).0, *m));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored
    }

    /// The learned score for `seat` (two sides, a preset's rules), for experiments.
    pub fn score(&self, g: &Game, seat: Seat) -> Option<f32> {
        self.learned_score(g, seat)
    }
}
