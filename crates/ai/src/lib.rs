//! Computer players: Random, Easy, Normal, Master and a fixed Reference player for
//! benchmarks. Pure: the same game, level and RNG state give the same choice.
//!
//! Master scores positions with a network learned by self-play (`net.rs`, `train.rs`) where
//! one is built in (two sides, the rules of a preset; 2v2 teams are two sides taking turns
//! like two seats) and with the hand-made evaluation of `eval.rs` everywhere else (3-4 sides,
//! house rules).

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

/// The networks trained for each preset with two sides (`yutbot train`), built into the
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

/// The networks trained for three and four sides (`yutbot train --sides N`).
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
            // A specialist against Random (`yutbot train --against-random`) has one more
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
        let mut search = Search {
            bot: self,
            seat: game.turn(),
            nodes: 0,
            limit: MASTER_NODES,
            memo: HashMap::new(),
        };
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

    /// Master: search every order and assignment of the chips in the pool (until the turn
    /// passes or a bonus throw is due), scoring each end position (with the learned network
    /// in two-sided games of a preset, else the hand-made evaluation); then look further for
    /// the most promising plans: with two sides, every throw the next seat can make with its
    /// best reply (searched the same way under the network, greedy otherwise); with three or
    /// four sides, every seat's throws and best-looking moves until our turn comes round.
    fn plan(&self, game: &Game, moves: &[Move]) -> Move {
        if moves.len() == 1 {
            return moves[0];
        }
        let mut search = Search {
            bot: self,
            seat: game.turn(),
            nodes: 0,
            limit: MASTER_NODES,
            memo: HashMap::new(),
        };
        let mut scored: Vec<(f32, Move, Game)> = Vec::with_capacity(moves.len());
        for m in moves {
            let mut g = game.clone();
            if g.play_move(m, &mut Vec::new()).is_err() {
                continue;
            }
            let (s, leaf) = search.best(&g);
            scored.push((s, *m, leaf));
        }
        // Stable order: ties keep the legal-move order.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        let win = self.win(game);
        if scored[0].0 >= win || self.reply_plans == 0 {
            return scored[0].1;
        }
        let mut best = (f32::NEG_INFINITY, scored[0].1);
        for (s, m, leaf) in scored.iter().take(self.reply_plans) {
            let v = if *s >= win {
                win
            } else if game.sides() > 2 {
                self.after_round(leaf, game.turn()).unwrap_or(*s)
            } else {
                self.after_reply(leaf, game.turn()).unwrap_or(*s)
            };
            if v > best.0 {
                best = (v, *m);
            }
        }
        best.1
    }

    /// Expected value for `seat` when its turn comes round again from `leaf`: every other seat
    /// throws (every way the throws can fall, down to a small probability) and plays its
    /// best-looking moves by the hand-made evaluation. None when the leaf is not the end of
    /// our turn.
    fn after_round(&self, leaf: &Game, seat: Seat) -> Option<f32> {
        if leaf.is_over() || leaf.turn() == seat || leaf.phase() != Phase::Throw {
            return None;
        }
        let min_p = ROUND_MIN_PROB;
        let mut total = 0.0f32;
        let mut mass = 0.0f32;
        let mut stack: Vec<(Game, f32, u8)> = vec![(leaf.clone(), 1.0, 0)];
        let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
        while let Some((mut g, p, bonus)) = stack.pop() {
            if g.is_over() || g.turn() == seat {
                total += p * self.leaf(&g, seat);
                mass += p;
                continue;
            }
            if g.phase() == Phase::Throw {
                for chip in Chip::ALL {
                    let q = self.k.odds[chip as usize] as f32 * (1.0 - self.k.nak as f32);
                    let pq = p * q;
                    if q <= 0.0 || pq < min_p || (bonus >= 2 && chip.earns_throw()) {
                        continue;
                    }
                    let mut next = g.clone();
                    if next.play_forced(Some(chip)).is_ok() {
                        let b = if chip.earns_throw() { bonus + 1 } else { bonus };
                        stack.push((next, pq, b));
                    }
                }
                if self.k.nak > 0.0 && p * (self.k.nak as f32) >= min_p {
                    let mut next = g.clone();
                    if next.play_forced(None).is_ok() {
                        stack.push((next, p * self.k.nak as f32, bonus));
                    }
                }
                continue;
            }
            let mover = g.turn();
            while g.phase() == Phase::Spend && g.turn() == mover {
                g.legal_moves_into(&mut moves);
                let m = self.greedy(&g, &moves);
                if g.play_move(&m, &mut Vec::new()).is_err() {
                    break;
                }
            }
            stack.push((g, p, 0));
        }
        (mass > 0.0).then(|| total / mass)
    }

    /// Expected value for `seat` after the next seat's turn from `leaf` (two sides only), the
    /// next seat playing its best-looking moves for each way its throws can fall. None when
    /// the leaf is not the end of our turn.
    fn after_reply(&self, leaf: &Game, seat: Seat) -> Option<f32> {
        if leaf.is_over() || leaf.turn() == seat || leaf.phase() != Phase::Throw {
            return None;
        }
        let opp = leaf.turn();
        let mut total = 0.0f32;
        let mut mass = 0.0f32;
        let mut stack: Vec<(Game, f32, u8)> = vec![(leaf.clone(), 1.0, 0)];
        while let Some((g, p, depth)) = stack.pop() {
            if g.phase() == Phase::Throw && g.turn() == opp && !g.is_over() {
                for chip in Chip::ALL {
                    let q = self.k.odds[chip as usize] as f32 * (1.0 - self.k.nak as f32);
                    if q <= 0.0 || (depth >= 2 && chip.earns_throw()) {
                        continue;
                    }
                    let pq = p * q;
                    if pq < REPLY_MIN_PROB {
                        continue;
                    }
                    let mut next = g.clone();
                    if next.play_forced(Some(chip)).is_ok() {
                        stack.push((next, pq, depth + 1));
                    }
                }
                if self.k.nak > 0.0 {
                    let mut next = g.clone();
                    if next.play_forced(None).is_ok() {
                        stack.push((next, p * self.k.nak as f32, depth + 1));
                    }
                }
                continue;
            }
            if self.net_for(&g).is_some() && g.phase() == Phase::Spend && g.turn() == opp {
                // The reply the learned evaluation would choose, searched like our own.
                let mut search = Search {
                    bot: self,
                    seat: opp,
                    nodes: 0,
                    limit: REPLY_NODES,
                    memo: HashMap::new(),
                };
                let (v_opp, _) = search.best(&g);
                total += p * (NET_WIN - v_opp);
                mass += p;
                continue;
            }
            let mut g = g;
            let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
            while g.phase() == Phase::Spend && g.turn() == opp {
                g.legal_moves_into(&mut moves);
                let m = self.greedy(&g, &moves);
                if g.play_move(&m, &mut Vec::new()).is_err() {
                    break;
                }
            }
            let v = if let Some(v) = self.learned_score(&g, seat) {
                v
            } else if g.is_over() {
                evaluate(&self.k, &self.w, &g, seat, 0)
            } else if g.turn() == opp {
                // A bonus throw is due to the next seat: score from its side.
                -evaluate(&self.k, &self.w, &g, opp, owed_to(&g, opp))
            } else {
                -evaluate(&self.k, &self.w, &g, opp, 0)
            };
            total += p * v;
            mass += p;
        }
        (mass > 0.0).then(|| total / mass)
    }
}

/// Master looks one turn further for this many of its best plans (two sides).
pub const MASTER_REPLY_PLANS: usize = 6;
/// Positions examined for each way the reply's throws can fall (learned evaluation).
const REPLY_NODES: usize = 200;
/// Throw sequences of the reply less likely than this are left out.
const REPLY_MIN_PROB: f32 = 0.002;
/// With three or four sides: throw sequences of the other seats' round less likely than this
/// are left out.
const ROUND_MIN_PROB: f32 = 0.002;

struct Search<'a> {
    bot: &'a Bot,
    seat: Seat,
    nodes: usize,
    /// Positions to examine before finishing greedily.
    limit: usize,
    memo: HashMap<u64, (f32, Game)>,
}

impl Search<'_> {
    /// Value of a position reached during our spending, with the end position that gets it.
    fn best(&mut self, g: &Game) -> (f32, Game) {
        let ours = g.phase() == Phase::Spend && g.turn() == self.seat;
        if !ours || self.nodes >= self.limit {
            if ours {
                // Out of budget: finish the pool greedily.
                return self.greedy_finish(g);
            }
            self.nodes += 1;
            return (self.bot.leaf(g, self.seat), g.clone());
        }
        let key = g.state_key();
        if let Some((v, leaf)) = self.memo.get(&key) {
            return (*v, leaf.clone());
        }
        self.nodes += 1;
        let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
        g.legal_moves_into(&mut moves);
        let mut best: Option<(f32, Game)> = None;
        let win = self.bot.win(g);
        for m in &moves {
            let mut next = g.clone();
            if next.play_move(m, &mut Vec::new()).is_err() {
                continue;
            }
            let (v, leaf) = self.best(&next);
            if best.as_ref().is_none_or(|b| v > b.0) {
                let won = v >= win;
                best = Some((v, leaf));
                if won {
                    break;
                }
            }
        }
        let best = best.unwrap_or_else(|| (f32::NEG_INFINITY, g.clone()));
        self.memo.insert(key, best.clone());
        best
    }

    fn greedy_finish(&mut self, g: &Game) -> (f32, Game) {
        let mut g = g.clone();
        let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
        while g.phase() == Phase::Spend && g.turn() == self.seat {
            g.legal_moves_into(&mut moves);
            let m = self.bot.greedy(&g, &moves);
            if g.play_move(&m, &mut Vec::new()).is_err() {
                break;
            }
        }
        (self.bot.leaf(&g, self.seat), g)
    }
}

/// Throws still owed to `seat` in this position (a capture's bonus throw).
fn owed_to(g: &Game, seat: Seat) -> u32 {
    if g.turn() == seat && g.phase() != Phase::Over {
        g.owed_throws().len() as u32 + g.deferred_bonus() as u32
    } else {
        0
    }
}

/// The fixed rule-based player: finish +100, capture +50, entering +5, +4 per piece in the
/// resulting stack, −0.5 per step the moved piece still has to go; ties go to the first move.
pub fn reference_move(game: &Game, moves: &[Move]) -> Move {
    let side = game.side_of(game.turn());
    let direct = game.rules().direct_exit();
    let merge = game.rules().stacking != yut_game::rules::Stacking::Off;
    let mut best = (f64::NEG_INFINITY, moves[0]);
    for m in moves {
        let moving = match m.piece {
            Origin::New => 1,
            Origin::At(p) => game
                .units()
                .iter()
                .rev()
                .find(|u| u.side == side && u.point() == p)
                .map_or(1, |u| u.count),
        };
        let mut score = 0.0;
        if m.piece == Origin::New {
            score += 5.0;
        }
        match m.to {
            Dest::Home => score += 100.0,
            Dest::Waiting => score -= 0.5 * 21.0,
            Dest::Point(q) => {
                let mut own = 0;
                let mut captures = false;
                for u in game.units().iter().filter(|u| u.point() == q) {
                    if u.side != side {
                        captures = true;
                    } else if Origin::At(q) != m.piece && merge && m.stack != Some(false) {
                        own += u.count;
                    }
                }
                if captures {
                    score += 50.0;
                }
                score += 4.0 * (moving + own) as f64;
                let togo = steps_to_go(game, m, direct);
                score -= 0.5 * togo as f64;
            }
        }
        if score > best.0 {
            best = (score, *m);
        }
    }
    best.1
}

/// Steps from a move's destination to home, along the route the piece will be on.
fn steps_to_go(game: &Game, m: &Move, direct: bool) -> u8 {
    let side = game.side_of(game.turn());
    let landing = match m.piece {
        Origin::New => game
            .entry_landings(m.chip, !game.units().iter().any(|u| u.side == side))
            .into_iter()
            .find(|l| landing_dest(*l) == m.to),
        Origin::At(p) => game
            .units()
            .iter()
            .rev()
            .find(|u| u.side == side && u.point() == p)
            .and_then(|u| {
                game.piece_landings(u.route, u.index, m.chip)
                    .into_iter()
                    .find(|l| landing_dest(*l) == m.to)
            }),
    };
    match landing {
        Some(Landing::Stand { route, index }) => route.len(direct) - index,
        Some(Landing::Home) => 0,
        _ => 21,
    }
}

fn landing_dest(l: Landing) -> Dest {
    match l {
        Landing::Stand { route, index } => Dest::Point(route.at(index)),
        Landing::Home => Dest::Home,
        Landing::Waiting => Dest::Waiting,
    }
}
