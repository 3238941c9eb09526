//! What the AI knows about a rule set: exact throw odds, where a lone piece goes with each
//! chip, and how many throws a lone piece still needs on average from each spot.

use arrayvec::ArrayVec;
use yut_game::throw::odds;
use yut_game::{Chip, Game, Landing, Position, Route, Rules, Unit};

/// Largest route index + 1 (the longest route has 22 board indices).
pub const IDX: usize = 24;
const ROUTES: usize = 6;

type Landings = ArrayVec<Landing, 4>;

/// Tables derived from one rule set. Built once per game (cheap: well under a millisecond).
#[derive(Debug, Clone)]
pub struct Knowledge {
    pub rules: Rules,
    /// Probability of each chip per throw (void throws excluded), in `Chip::ALL` order.
    pub odds: [f64; 8],
    /// Probability that a throw is void.
    pub nak: f64,
    /// Expected throws for a lone piece to get home, by route and index.
    pub e: [[f32; IDX]; ROUTES],
    /// The same for a waiting piece.
    pub e_start: f32,
    next: Vec<[Landings; 8]>,
    enter: [Landings; 8],
    enter_alone: [Landings; 8],
}

fn slot(route: Route, index: u8) -> usize {
    route as usize * IDX + index as usize
}

impl Knowledge {
    pub fn new(rules: &Rules) -> Knowledge {
        let pos = Position {
            seats: 2,
            ..Position::default()
        };
        // Cannot fail: an empty two-seat position is always valid.
        let (probe, _) = Game::from_position(rules.clone(), &pos).expect("empty position");
        let direct = rules.direct_exit();
        let mut next = vec![<[Landings; 8]>::default(); ROUTES * IDX];
        for route in Route::ALL {
            for index in 1..route.len(direct) {
                for chip in Chip::ALL {
                    if chip.allowed(rules) {
                        next[slot(route, index)][chip as usize] =
                            probe.piece_landings(route, index, chip);
                    }
                }
            }
        }
        let mut enter: [Landings; 8] = Default::default();
        let mut enter_alone: [Landings; 8] = Default::default();
        for chip in Chip::ALL {
            if chip.allowed(rules) {
                enter[chip as usize] = probe.entry_landings(chip, false);
                enter_alone[chip as usize] = probe.entry_landings(chip, true);
            }
        }
        let mut k = Knowledge {
            rules: rules.clone(),
            odds: odds(rules),
            nak: rules.nak_p,
            e: [[0.0; IDX]; ROUTES],
            e_start: 0.0,
            next,
            enter,
            enter_alone,
        };
        k.solve_expected_throws();
        k
    }

    /// Value iteration for the expected number of throws a lone piece needs to get home,
    /// taking the best branch where the rules give a choice.
    fn solve_expected_throws(&mut self) {
        let direct = self.rules.direct_exit();
        let live = 1.0 - self.nak;
        for _ in 0..400 {
            let mut delta = 0.0f32;
            for route in Route::ALL {
                for index in 1..route.len(direct) {
                    let ls = &self.next[slot(route, index)];
                    let v = self.bellman(ls, live);
                    delta = delta.max((v - self.e[route as usize][index as usize]).abs());
                    self.e[route as usize][index as usize] = v;
                }
            }
            let v = self.bellman(&self.enter_alone, live);
            delta = delta.max((v - self.e_start).abs());
            self.e_start = v;
            if delta < 1e-5 {
                break;
            }
        }
    }

    fn bellman(&self, by_chip: &[Landings; 8], live: f64) -> f32 {
        let mut sum = 0.0f64;
        let mut stay = 1.0 - live;
        for chip in Chip::ALL {
            let p = self.odds[chip as usize] * live;
            if p == 0.0 {
                continue;
            }
            let ls = &by_chip[chip as usize];
            if ls.is_empty() {
                stay += p;
            } else {
                let best = ls
                    .iter()
                    .map(|l| self.landing_e(*l))
                    .fold(f32::INFINITY, f32::min);
                sum += p * best as f64;
            }
        }
        ((1.0 + sum) / (1.0 - stay).max(1e-9)) as f32
    }

    /// Expected throws still needed from a landing.
    pub fn landing_e(&self, l: Landing) -> f32 {
        match l {
            Landing::Stand { route, index } => self.e[route as usize][index as usize],
            Landing::Home => 0.0,
            Landing::Waiting => self.e_start,
        }
    }

    pub fn unit_e(&self, u: &Unit) -> f32 {
        self.e[u.route as usize][u.index as usize]
    }

    /// Landings of a lone piece at (route, index) with `chip`.
    pub fn next(&self, route: Route, index: u8, chip: Chip) -> &Landings {
        &self.next[slot(route, index)][chip as usize]
    }

    /// Entry landings of a waiting piece with `chip`.
    pub fn enter(&self, chip: Chip, none_on_board: bool) -> &Landings {
        if none_on_board {
            &self.enter_alone[chip as usize]
        } else {
            &self.enter[chip as usize]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stations_are_worth_throws() {
        let k = Knowledge::new(&Rules::default());
        let outer = |i: u8| k.e[Route::Outer as usize][i as usize];
        let on = |r: Route, i: u8| k.e[r as usize][i as usize];
        // Standing on 모 (diagonal next) is worth more than one step past it on the outside.
        assert!(on(Route::MoStraight, 5) + 1.0 < outer(6));
        // 방 on the home diagonal beats 속윷 on the long way.
        assert!(on(Route::MoHome, 8) < on(Route::MoStraight, 9));
        // A waiting piece needs more throws than any piece on the board.
        for i in 1..20 {
            assert!(k.e_start > outer(i));
        }
        // The finish square needs about one more throw.
        let cham = outer(20);
        assert!(cham > 1.0 && cham < 1.2, "{cham}");
    }
}
