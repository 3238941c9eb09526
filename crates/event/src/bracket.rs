//! Single and double elimination brackets: a state advanced by reporting each match's winner.
//!
//! Seeds 1..n (by rating, or an order given by the caller, e.g. group results) are placed in the
//! standard bracket order for the next power of two (1 v N, 2 v N-1, ...; seeds 1 and 2 can only
//! meet in the final). Missing seeds are byes, so the byes go to the top seeds. A match against a
//! bye is a walkover: it resolves by itself and is never "ready".
//!
//! Double elimination: the winners bracket loses into the losers bracket, which alternates
//! "drop-in" rounds (its survivors against the losers of the next winners round, the order
//! reversed every other round to put off rematches) and rounds among its own survivors. The
//! grand final pits the winners-bracket champion against the losers-bracket champion; if the
//! latter wins, a reset (second grand final) is played.

use crate::model::{seed_cmp, Entrant, EntrantId};
use serde::{Deserialize, Serialize};

/// Index of a match in [`Bracket::matches`].
pub type MatchId = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    SingleElimination,
    DoubleElimination,
}

/// Which part of the bracket a match belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Winners,
    Losers,
    GrandFinal,
    /// The second grand final, played only if the losers-bracket champion won the first.
    Reset,
}

/// Where a match's entrant comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    /// The seed at this 0-based index (a bye when past the field).
    Seed(usize),
    Winner(MatchId),
    Loser(MatchId),
}

/// One match of the bracket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub side: Side,
    /// 1-based round within its side.
    pub round: u32,
    pub slots: [Slot; 2],
    pub winner: Option<EntrantId>,
    /// Elimination order: losing here at a higher stage places better. `None` when a loss here
    /// does not eliminate (winners bracket of a double elimination).
    pub stage: Option<u32>,
}

/// Who is in a slot right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Occupant {
    Entrant(EntrantId),
    Bye,
    /// Not known yet: an earlier match is still to be played.
    Pending,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportError {
    NoSuchMatch,
    /// The match is not ready (an entrant is not known yet, it is a walkover, or it is done).
    NotReady,
    /// The winner is not one of the match's two entrants.
    NotInMatch,
}

/// A final placing: ties share a place (both semi-final losers are 3rd in single elimination).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    pub place: u32,
    pub entrant: EntrantId,
}

/// A bracket and its results so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bracket {
    pub format: Format,
    /// Seeds in order (seed 1 first).
    pub seeds: Vec<EntrantId>,
    pub matches: Vec<Match>,
}

/// Bracket positions of seeds (0-based) for a power-of-two `size`: position i holds seed
/// `order[i]`; round-one matches are positions (0,1), (2,3), ...
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
}

impl Bracket {
    /// A bracket seeded by rating (highest first; ties by id).
    pub fn by_rating(format: Format, entrants: &[Entrant]) -> Bracket {
        let mut sorted: Vec<&Entrant> = entrants.iter().collect();
        sorted.sort_by(|a, b| seed_cmp(a, b));
        Bracket::seeded(format, sorted.iter().map(|e| e.id).collect())
    }

    /// A bracket with the seeds in the given order (seed 1 first).
    pub fn seeded(format: Format, seeds: Vec<EntrantId>) -> Bracket {
        let size = seeds.len().max(2).next_power_of_two();
        let k = size.trailing_zeros();
        let mut matches = Vec::new();
        let elim = |r: u32| (format == Format::SingleElimination).then_some(r);
        // Winners bracket.
        let order = seed_order(size);
        let mut prev: Vec<MatchId> = Vec::new();
        let mut rounds: Vec<Vec<MatchId>> = Vec::new();
        for r in 1..=k {
            let mut this = Vec::new();
            let count = size >> r;
            for i in 0..count {
                let slots = if r == 1 {
                    [Slot::Seed(order[2 * i]), Slot::Seed(order[2 * i + 1])]
                } else {
                    [Slot::Winner(prev[2 * i]), Slot::Winner(prev[2 * i + 1])]
                };
                this.push(matches.len());
                matches.push(Match {
                    side: Side::Winners,
                    round: r,
                    slots,
                    winner: None,
                    stage: elim(r),
                });
            }
            rounds.push(this.clone());
            prev = this;
        }
        if format == Format::SingleElimination {
            return Bracket {
                format,
                seeds,
                matches,
            };
        }
        // Losers bracket: round 1 pairs the losers of winners round 1; then for each later
        // winners round, a drop-in round and (except after the last) a round among survivors.
        let mut stage = 0;
        let mut lb_round = 0;
        let mut survivors: Vec<Slot> = Vec::new();
        if k >= 2 {
            lb_round += 1;
            stage += 1;
            let w1 = &rounds[0];
            for i in 0..w1.len() / 2 {
                survivors.push(Slot::Winner(matches.len()));
                matches.push(Match {
                    side: Side::Losers,
                    round: lb_round,
                    slots: [Slot::Loser(w1[2 * i]), Slot::Loser(w1[2 * i + 1])],
                    winner: None,
                    stage: Some(stage),
                });
            }
            for (r, wround) in rounds.iter().enumerate().skip(1) {
                // Drop-in: survivors v losers of this winners round, reversed every other time.
                lb_round += 1;
                stage += 1;
                let mut drops: Vec<Slot> = wround.iter().map(|&m| Slot::Loser(m)).collect();
                if r % 2 == 1 {
                    drops.reverse();
                }
                let mut next = Vec::new();
                for (s, d) in survivors.iter().zip(drops) {
                    next.push(Slot::Winner(matches.len()));
                    matches.push(Match {
                        side: Side::Losers,
                        round: lb_round,
                        slots: [d, *s],
                        winner: None,
                        stage: Some(stage),
                    });
                }
                survivors = next;
                if survivors.len() > 1 {
                    lb_round += 1;
                    stage += 1;
                    let mut next = Vec::new();
                    for pair in survivors.chunks(2) {
                        next.push(Slot::Winner(matches.len()));
                        matches.push(Match {
                            side: Side::Losers,
                            round: lb_round,
                            slots: [pair[0], pair[1]],
                            winner: None,
                            stage: Some(stage),
                        });
                    }
                    survivors = next;
                }
            }
        }
        let wb_final = *rounds[k as usize - 1].last().unwrap();
        let lb_champion = survivors.first().copied().unwrap_or(Slot::Loser(wb_final));
        let slots = [Slot::Winner(wb_final), lb_champion];
        matches.push(Match {
            side: Side::GrandFinal,
            round: 1,
            slots,
            winner: None,
            stage: Some(stage + 1),
        });
        matches.push(Match {
            side: Side::Reset,
            round: 2,
            slots,
            winner: None,
            stage: Some(stage + 2),
        });
        Bracket {
            format,
            seeds,
            matches,
        }
    }

    fn occupant(&self, slot: Slot) -> Occupant {
        match slot {
            Slot::Seed(i) => self
                .seeds
                .get(i)
                .map_or(Occupant::Bye, |&id| Occupant::Entrant(id)),
            Slot::Winner(m) => self.outcome(m).0,
            Slot::Loser(m) => self.outcome(m).1,
        }
    }

    /// The two occupants of a match now.
    pub fn entrants(&self, id: MatchId) -> [Occupant; 2] {
        let m = &self.matches[id];
        [self.occupant(m.slots[0]), self.occupant(m.slots[1])]
    }

    /// Whether the reset is needed: `Some(true)` when the losers-bracket side won the first
    /// grand final, `Some(false)` when the winners-bracket side did, `None` before.
    fn reset_needed(&self, reset: MatchId) -> Option<bool> {
        let gf = &self.matches[reset - 1];
        let winner = gf.winner?;
        Some(self.occupant(gf.slots[1]) == Occupant::Entrant(winner))
    }

    /// (winner, loser) of a match, as far as known.
    fn outcome(&self, id: MatchId) -> (Occupant, Occupant) {
        use Occupant::*;
        let m = &self.matches[id];
        if m.side == Side::Reset {
            match self.reset_needed(id) {
                None => return (Pending, Pending),
                Some(false) => {
                    // Not played: the first grand final decided it.
                    return self.outcome(id - 1);
                }
                Some(true) => {}
            }
        }
        let [a, b] = self.entrants(id);
        match (a, b) {
            (Bye, Bye) => (Bye, Bye),
            (Entrant(x), Bye) | (Bye, Entrant(x)) => (Entrant(x), Bye),
            (Entrant(x), Entrant(y)) => match m.winner {
                Some(w) if w == x => (Entrant(x), Entrant(y)),
                Some(w) if w == y => (Entrant(y), Entrant(x)),
                _ => (Pending, Pending),
            },
            _ => (Pending, Pending),
        }
    }

    /// Matches ready to play: both entrants known, no result yet. In match order (earlier
    /// rounds first).
    pub fn ready(&self) -> Vec<MatchId> {
        (0..self.matches.len())
            .filter(|&id| self.is_ready(id))
            .collect()
    }

    fn is_ready(&self, id: MatchId) -> bool {
        let m = &self.matches[id];
        if m.winner.is_some() {
            return false;
        }
        if m.side == Side::Reset && self.reset_needed(id) != Some(true) {
            return false;
        }
        matches!(
            self.entrants(id),
            [Occupant::Entrant(_), Occupant::Entrant(_)]
        )
    }

    /// Records the winner of a ready match.
    pub fn report(&mut self, id: MatchId, winner: EntrantId) -> Result<(), ReportError> {
        if id >= self.matches.len() {
            return Err(ReportError::NoSuchMatch);
        }
        if !self.is_ready(id) {
            return Err(ReportError::NotReady);
        }
        if !self.entrants(id).contains(&Occupant::Entrant(winner)) {
            return Err(ReportError::NotInMatch);
        }
        self.matches[id].winner = Some(winner);
        Ok(())
    }

    /// The champion, once the bracket is decided.
    pub fn champion(&self) -> Option<EntrantId> {
        match self.outcome(self.matches.len() - 1).0 {
            Occupant::Entrant(id) => Some(id),
            _ => None,
        }
    }

    pub fn is_done(&self) -> bool {
        self.champion().is_some()
    }

    /// Final placings of every entrant (best first), once the bracket is done. An entrant
    /// eliminated at a later stage places better; those eliminated at the same stage share the
    /// place (1, 2, 3, 3, 5, 5, 5, 5 ... in single elimination; 1, 2, 3, 4, 5, 5, 7, 7 ... in
    /// double elimination).
    pub fn placings(&self) -> Option<Vec<Placing>> {
        self.champion()?;
        Some(self.places_so_far())
    }

    /// Every entrant's place as far as the results go: the entrants still in share the best
    /// place (in seed order), those eliminated follow as in [`Bracket::placings`], each after
    /// everyone still in. Once the bracket is done this is [`Bracket::placings`].
    pub fn places_so_far(&self) -> Vec<Placing> {
        let mut out_at: Vec<(u32, EntrantId)> = Vec::new();
        for (id, m) in self.matches.iter().enumerate() {
            let Some(stage) = m.stage else { continue };
            if m.side == Side::Reset && self.reset_needed(id) != Some(true) {
                continue;
            }
            if let (Occupant::Entrant(_), Occupant::Entrant(loser)) = self.outcome(id) {
                // In the first grand final only the winners-bracket side can lose a life and
                // stay (it then plays the reset).
                let stays = m.side == Side::GrandFinal && self.reset_needed(id + 1) == Some(true);
                if !stays {
                    out_at.push((stage, loser));
                }
            }
        }
        let alive: Vec<EntrantId> = match self.champion() {
            Some(champion) => vec![champion],
            None => self
                .seeds
                .iter()
                .copied()
                .filter(|s| out_at.iter().all(|o| o.1 != *s))
                .collect(),
        };
        let mut placings: Vec<Placing> = alive
            .iter()
            .map(|&entrant| Placing { place: 1, entrant })
            .collect();
        out_at.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (i, &(stage, entrant)) in out_at.iter().enumerate() {
            let better = out_at.iter().take(i).filter(|x| x.0 > stage).count();
            placings.push(Placing {
                place: 1 + alive.len() as u32 + better as u32,
                entrant,
            });
        }
        placings
    }
}
