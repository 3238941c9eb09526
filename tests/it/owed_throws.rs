//! Generated games checking the queue of owed throws (issue 46, item 2) against a model of its
//! own, kept from the events alone: RULES.md, "A turn" and "Owed bonus throws add up".
//!
//! The model's reading (the engine's, see `after_pool_change`): owed throws (the turn's throw,
//! each 윷/모's extra, capture bonuses) form one queue, thrown in the order earned. Under
//! `throw_flow = pool` every owed throw is thrown at once, except an `after_pool` capture bonus,
//! which joins the queue once the pool is spent. Under `throw_flow = each` every result is spent
//! before the next throw: an extra (and an `after_pool` bonus) waits until the pool is spent, so
//! a 윷/모 is spent before the extra it earned; an immediate capture bonus is thrown at once, with
//! results held, but only once it is first in the queue (behind an extra still waiting it waits).
//!
//! Positions are set up at random (pools of up to four results, pieces of every side within
//! reach of one another) and played with throws forced towards 윷, 모 and void throws, so captures
//! with results held, bonus throws showing 윷 or 모 and second captures (the issue's family) come
//! up often. After every action the engine's pool, owed throws, deferred bonuses and phase must be
//! the model's.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use yut_game::rules::{CaptureBonus, ThrowFlow};
use yut_game::{
    Action, Chip, Event, Game, OptionValue, Phase, Placed, Position, Preset, Rules, ThrowKind,
};

/// Why a throw is owed, as the model sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Why {
    /// The turn's own throw.
    Turn,
    /// The extra throw of the 윷 or 모 with this pool id.
    Extra(u32),
    /// A capture's bonus, `capture_bonus = immediate`.
    Immediate,
    /// A capture's bonus, `capture_bonus = after_pool`.
    AfterPool,
}

#[derive(Debug, Clone, Copy)]
struct Owed {
    kind: ThrowKind,
    why: Why,
}

/// What the generated games went through (so the test is known to reach its family).
#[derive(Debug, Default)]
struct Tally {
    games: u32,
    actions: u32,
    /// Extras thrown after their 윷/모 was spent, with a result still held (under `each`).
    extras_checked: u32,
    /// Immediate bonuses thrown with results held.
    bonus_with_held: u32,
    /// Spend phases with an immediate bonus owed behind an earlier throw (the issue's case).
    bonus_queued_behind: u32,
    /// Turns whose throws were counted against what they earned.
    turns: u32,
}

struct Model {
    each: bool,
    immediate: bool,
    after_pool: bool,
    chains: bool,
    backdo_bonus: bool,
    yut_mo_bonus: bool,
    queue: VecDeque<Owed>,
    /// Results held, in the order obtained, each with an id.
    pool: Vec<(Chip, u32)>,
    deferred: u32,
    next_id: u32,
    over: bool,
    /// This turn: throws made, and throws owed (its own throw, unless it began with a set-up
    /// pool, then the extras and bonuses it earned).
    thrown: u32,
    earned: u32,
}

impl Model {
    fn new(rules: &Rules, pool: &[Chip]) -> Model {
        let mut m = Model {
            each: rules.throw_flow == ThrowFlow::Each,
            immediate: rules.capture_bonus == CaptureBonus::Immediate,
            after_pool: rules.capture_bonus == CaptureBonus::AfterPool,
            chains: rules.bonus_throw_chains,
            backdo_bonus: rules.backdo_capture_bonus,
            yut_mo_bonus: rules.yut_mo_capture_bonus,
            queue: VecDeque::new(),
            pool: Vec::new(),
            deferred: 0,
            next_id: 0,
            over: false,
            thrown: 0,
            earned: u32::from(pool.is_empty()),
        };
        for &c in pool {
            m.hold(c);
        }
        if pool.is_empty() {
            m.queue.push_back(Owed {
                kind: ThrowKind::Turn,
                why: Why::Turn,
            });
        }
        m
    }

    fn hold(&mut self, c: Chip) -> u32 {
        self.next_id += 1;
        self.pool.push((c, self.next_id));
        self.next_id
    }

    fn capture_earns(&self, chip: Chip) -> bool {
        match chip {
            Chip::Backdo => self.backdo_bonus,
            Chip::Yut | Chip::Mo => self.yut_mo_bonus,
            _ => true,
        }
    }

    /// Under `pool`, `after_pool` bonuses join the queue once the pool is spent.
    fn settle_deferred(&mut self) {
        if self.pool.is_empty() {
            for _ in 0..self.deferred {
                self.queue.push_back(Owed {
                    kind: ThrowKind::Bonus,
                    why: Why::AfterPool,
                });
            }
            self.deferred = 0;
        }
    }

    /// Follow one action's events.
    fn follow(&mut self, events: &[Event], tally: &mut Tally, ctx: &str) {
        // The chip spent by this action's move, and whether it captured.
        let mut spent: Option<Chip> = None;
        let mut captured = false;
        let mut bonus_events = 0;
        for ev in events {
            match ev {
                Event::Thrown {
                    kind, chip, again, ..
                } => {
                    self.settle_deferred();
                    let head = self
                        .queue
                        .pop_front()
                        .unwrap_or_else(|| panic!("a throw with none owed{ctx}"));
                    assert_eq!(*kind, head.kind, "throws go in the order earned{ctx}");
                    // Under `pool` an extra is thrown at once; under `each` after its result.
                    if let (true, Why::Extra(of)) = (self.each, head.why) {
                        assert!(
                            !self.pool.iter().any(|&(_, id)| id == of),
                            "an extra thrown before its 윷/모 was spent{ctx}"
                        );
                    }
                    if self.each && !self.pool.is_empty() {
                        assert_eq!(
                            head.why,
                            Why::Immediate,
                            "under each only an immediate bonus is thrown with results held{ctx}"
                        );
                        tally.bonus_with_held += 1;
                    }
                    if self.each && matches!(head.why, Why::Extra(_)) {
                        tally.extras_checked += 1;
                    }
                    self.thrown += 1;
                    match chip {
                        Some(c) => {
                            let id = self.hold(*c);
                            let earns =
                                c.earns_throw() && (*kind == ThrowKind::Turn || self.chains);
                            assert_eq!(*again, earns, "{c:?} earns another throw{ctx}");
                            if earns {
                                self.earned += 1;
                                self.queue.push_back(Owed {
                                    kind: *kind,
                                    why: Why::Extra(id),
                                });
                            }
                        }
                        None => assert!(!again, "a void throw earns nothing{ctx}"),
                    }
                }
                Event::Entered { chip, .. } | Event::Moved { chip, .. } => {
                    let k = self
                        .pool
                        .iter()
                        .position(|&(c, _)| c == *chip)
                        .unwrap_or_else(|| panic!("{chip:?} spent but not held{ctx}"));
                    self.pool.remove(k);
                    spent = Some(*chip);
                }
                Event::Captured { .. } => captured = true,
                Event::BonusThrow { deferred, .. } => {
                    bonus_events += 1;
                    self.earned += 1;
                    if *deferred {
                        assert!(
                            !self.each && self.after_pool,
                            "deferred only under pool{ctx}"
                        );
                        self.deferred += 1;
                    } else {
                        assert!(self.each || self.immediate, "not deferred{ctx}");
                        let why = if self.immediate {
                            Why::Immediate
                        } else {
                            Why::AfterPool
                        };
                        self.queue.push_back(Owed {
                            kind: ThrowKind::Bonus,
                            why,
                        });
                    }
                }
                Event::Discarded { chips, .. } => {
                    let held: Vec<Chip> = self.pool.iter().map(|&(c, _)| c).collect();
                    assert_eq!(chips, &held, "the whole pool is discarded{ctx}");
                    self.pool.clear();
                }
                Event::TurnPassed { .. } => {
                    self.settle_deferred();
                    assert!(self.pool.is_empty(), "turn passed with results held{ctx}");
                    assert!(self.queue.is_empty(), "turn passed with throws owed{ctx}");
                    // Conservation: every throw earned this turn was thrown, and no other.
                    assert_eq!(self.thrown, self.earned, "throws of a turn{ctx}");
                    tally.turns += 1;
                    self.thrown = 0;
                    self.earned = 1;
                    self.queue.push_back(Owed {
                        kind: ThrowKind::Turn,
                        why: Why::Turn,
                    });
                }
                Event::Won { .. } => self.over = true,
                _ => {}
            }
        }
        if let Some(chip) = spent {
            let want = usize::from(captured && self.capture_earns(chip) && !self.no_bonus());
            assert_eq!(bonus_events, want, "bonus throws of a {chip:?} move{ctx}");
        }
        self.settle_deferred();
    }

    fn no_bonus(&self) -> bool {
        !self.immediate && !self.after_pool
    }

    /// The phase the model expects now.
    fn phase(&self) -> Phase {
        if self.over {
            return Phase::Over;
        }
        if !self.pool.is_empty() {
            let throw_now = match self.queue.front() {
                None => false,
                Some(head) => !self.each || head.why == Why::Immediate,
            };
            return if throw_now {
                Phase::Throw
            } else {
                Phase::Spend
            };
        }
        Phase::Throw
    }

    fn check(&self, game: &Game, tally: &mut Tally, ctx: &str) {
        assert_eq!(game.phase(), self.phase(), "phase{ctx}");
        if self.over {
            return;
        }
        let held: Vec<Chip> = self.pool.iter().map(|&(c, _)| c).collect();
        assert_eq!(game.pool(), &held[..], "pool{ctx}");
        let owed: Vec<ThrowKind> = self.queue.iter().map(|o| o.kind).collect();
        assert_eq!(game.owed_throws(), &owed[..], "owed throws{ctx}");
        assert_eq!(game.deferred_bonus() as u32, self.deferred, "deferred{ctx}");
        if game.phase() == Phase::Throw {
            assert!(!owed.is_empty(), "a throw phase with nothing owed{ctx}");
        }
        if game.phase() == Phase::Spend
            && self.queue.iter().skip(1).any(|o| o.why == Why::Immediate)
        {
            tally.bonus_queued_behind += 1;
        }
    }
}

fn word(r: &mut Rules, k: &str, v: &str) {
    r.set(k, &OptionValue::Word(v.to_string())).unwrap();
}

/// Rules of the family: mostly `each`, capture bonuses of every kind, chains, 낙.
fn family_rules(rng: &mut impl Rng) -> Rules {
    let presets = [
        Preset::Standard,
        Preset::Boardgame,
        Preset::Yunnori,
        Preset::Nyout,
    ];
    let mut r = Rules::preset(presets[rng.random_range(0..4)]);
    word(
        &mut r,
        "throw_flow",
        if rng.random_bool(0.8) { "each" } else { "pool" },
    );
    let bonus = ["immediate", "immediate", "after_pool", "off"][rng.random_range(0..4)];
    word(&mut r, "capture_bonus", bonus);
    if rng.random_bool(0.5) {
        word(&mut r, "backdo_path", "choose");
    }
    if rng.random_bool(0.3) {
        word(
            &mut r,
            "stacking",
            ["off", "choose"][rng.random_range(0..2)],
        );
    }
    if rng.random_bool(0.2) {
        word(
            &mut r,
            "finish",
            ["exact", "on_cham"][rng.random_range(0..2)],
        );
    }
    for k in [
        "bonus_throw_chains",
        "backdo_capture_bonus",
        "yut_mo_capture_bonus",
    ] {
        if rng.random_bool(0.3) {
            r.set(k, &OptionValue::Bool(false)).unwrap();
        }
    }
    if rng.random_bool(0.5) {
        r.set("nak_p", &OptionValue::Float(0.1)).unwrap();
    }
    r
}

/// A position with a set-up pool and pieces of every side crowded onto the first half of the
/// board and the diagonals, where moves of 1..5 steps land on one another.
fn family_position(rules: &Rules, rng: &mut impl Rng) -> Position {
    let seats = rng.random_range(2..=4u8);
    let teams = seats == 4 && rng.random_bool(0.25);
    let sides = if teams { 2 } else { seats };
    let near = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 21, 22, 25, 26, 27, 28];
    let mut taken: Vec<(u8, u8)> = Vec::new(); // (point, side)
    let mut pieces = Vec::new();
    for side in 0..sides {
        for _ in 0..rng.random_range(0..=3) {
            let at = near[rng.random_range(0..near.len())];
            if taken.iter().any(|&(p, s)| p == at && s != side) {
                continue;
            }
            taken.push((at, side));
            pieces.push(Placed {
                side,
                at,
                route: None,
                count: 1,
            });
        }
    }
    let chips: Vec<Chip> = Chip::ALL.into_iter().filter(|c| c.allowed(rules)).collect();
    let pool = (0..rng.random_range(0..=4))
        .map(|_| chips[rng.random_range(0..chips.len())])
        .collect();
    Position {
        seats,
        teams,
        turn: rng.random_range(0..seats),
        pool,
        pieces,
        home: [0; 4],
    }
}

/// A throw forced towards 윷, 모 and void throws (all still possible results).
fn forced_throw(rules: &Rules, rng: &mut impl Rng) -> Option<Chip> {
    if rules.nak_p > 0.0 && rng.random_bool(0.12) {
        return None;
    }
    let weighted = [
        (Chip::Do, 2),
        (Chip::Gae, 3),
        (Chip::Geol, 3),
        (Chip::Yut, 4),
        (Chip::Mo, 2),
        (Chip::Backdo, 2),
        (Chip::Seoul, 1),
        (Chip::Busan, 1),
    ];
    let allowed: Vec<(Chip, u32)> = weighted
        .into_iter()
        .filter(|(c, _)| c.allowed(rules))
        .collect();
    let total: u32 = allowed.iter().map(|(_, w)| w).sum();
    let mut x = rng.random_range(0..total);
    for (c, w) in allowed {
        if x < w {
            return Some(c);
        }
        x -= w;
    }
    unreachable!()
}

/// One generated case: a set-up position played for up to `steps` actions.
fn run_case(seed: u64, steps: u32, tally: &mut Tally) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = family_rules(&mut rng);
    let pos = family_position(&rules, &mut rng);
    let Ok((mut game, events)) = Game::from_position(rules.clone(), &pos) else {
        return;
    };
    tally.games += 1;
    let ctx =
        |i: u32, g: &Game| format!("\n  case {seed}, action {i}, {rules:?}\n  {pos:?}\n  {g:?}");
    let mut model = Model::new(&rules, &pos.pool);
    model.follow(&events, tally, &ctx(0, &game));
    model.check(&game, tally, &ctx(0, &game));
    for i in 1..=steps {
        if game.is_over() {
            break;
        }
        let events = match game.phase() {
            Phase::Throw if rng.random_bool(0.85) => {
                game.play_forced(forced_throw(&rules, &mut rng)).unwrap()
            }
            _ => {
                let legal = game.legal_actions();
                let a = legal[rng.random_range(0..legal.len())];
                game.play(&a, &mut rng).unwrap()
            }
        };
        tally.actions += 1;
        let c = ctx(i, &game);
        model.follow(&events, tally, &c);
        model.check(&game, tally, &c);
    }
}

#[test]
fn owed_throws_follow_the_model_in_generated_games() {
    let mut tally = Tally::default();
    for seed in 0..15_000u64 {
        run_case(seed, 60, &mut tally);
    }
    eprintln!("{tally:?}");
    assert!(tally.games >= 10_000, "{tally:?}");
    // The family is reached, many times over.
    assert!(tally.bonus_queued_behind >= 200, "{tally:?}");
    assert!(tally.bonus_with_held >= 2_000, "{tally:?}");
    assert!(tally.extras_checked >= 20_000, "{tally:?}");
    assert!(tally.turns >= 100_000, "{tally:?}");
}

/// The issue's case, as generated (also tests/scenarios/each_owed_bonus_yut_then_capture.toml),
/// followed by the model, and then played on: spending the 윷 with other results held does not
/// throw its extra yet; once the pool is spent the extra comes, then the second capture's bonus.
#[test]
fn the_issues_case_and_what_follows() {
    let mut rules = Rules::preset(Preset::Yunnori);
    word(&mut rules, "throw_flow", "each");
    word(&mut rules, "backdo_path", "choose");
    rules.set("nak_p", &OptionValue::Float(0.1)).unwrap();
    let at = |side, at, route: Option<yut_game::Route>| Placed {
        side,
        at,
        route,
        count: 1,
    };
    let pos = Position {
        seats: 4,
        teams: false,
        turn: 1,
        pool: vec![Chip::Gae, Chip::Geol, Chip::Gae, Chip::Backdo],
        pieces: vec![
            at(0, 5, Some(yut_game::Route::MoHome)),
            at(1, 3, None),
            at(2, 1, None),
            at(3, 7, None),
            at(3, 22, Some(yut_game::Route::MoHome)),
        ],
        home: [0; 4],
    };
    let (mut game, events) = Game::from_position(rules.clone(), &pos).unwrap();
    let mut tally = Tally::default();
    let mut model = Model::new(&rules, &pos.pool);
    model.follow(&events, &mut tally, "");
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut step = |game: &mut Game, model: &mut Model, action: Result<Chip, (Chip, u8)>| {
        let events = match action {
            Ok(chip) => game.play_forced(Some(chip)).unwrap(),
            Err((chip, from)) => {
                let mv = game
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.chip == chip && m.piece == yut_game::Origin::At(from))
                    .unwrap_or_else(|| panic!("{chip:?} from {from} in {game:?}"));
                game.play(&Action::Move(mv), &mut rng).unwrap()
            }
        };
        model.follow(&events, &mut tally, "");
        model.check(game, &mut tally, &format!("\n{game:?}"));
    };
    step(&mut game, &mut model, Err((Chip::Gae, 3))); // captures side 0 on 모
    assert_eq!(game.phase(), Phase::Throw);
    step(&mut game, &mut model, Ok(Chip::Yut)); // the bonus shows 윷: its extra is owed
    step(&mut game, &mut model, Err((Chip::Geol, 5))); // captures side 3 on 방
    assert_eq!(game.phase(), Phase::Spend);
    assert_eq!(game.pool(), &[Chip::Gae, Chip::Backdo, Chip::Yut]);
    assert_eq!(game.owed_throws(), &[ThrowKind::Bonus, ThrowKind::Bonus]);
    step(&mut game, &mut model, Err((Chip::Yut, 22))); // home; gae and backdo still held
    assert_eq!(game.phase(), Phase::Spend);
    assert_eq!(game.pool(), &[Chip::Gae, Chip::Backdo]);
}
