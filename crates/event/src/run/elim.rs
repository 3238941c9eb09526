//! An elimination event (single or double) on a [`Bracket`]: seeded by rating at the first
//! round (1 v N, the byes to the top seeds), each round of the event is every bracket match
//! ready to play then (both sides known, no result), each match's result goes into the
//! bracket as it is decided. An entrant who dropped out loses their next matches without a
//! game ([`Walkover`]s), so their opponents go on.

use super::{EventFormat, Pairing, RoundRun, Run, RunError, Walkover};
use crate::bracket::{Bracket, Format, Occupant, Slot};
use crate::model::{records, EntrantId};
use crate::standings::Standing;

impl Run {
    /// The bracket's matches ready now (the first round makes the bracket and sets
    /// [`Run::rounds`]), after the walkovers of those who dropped out.
    pub(super) fn pair_bracket(&mut self, next: u32) -> Result<RoundRun, RunError> {
        if next == 0 || self.bracket.is_none() {
            let format = if self.format == EventFormat::Double {
                Format::DoubleElimination
            } else {
                Format::SingleElimination
            };
            let field: Vec<_> = self
                .field()
                .into_iter()
                .filter(|e| self.entrant(e.id).is_some_and(|s| !s.dropped))
                .collect();
            let bracket = Bracket::by_rating(format, &field);
            self.rounds = most_rounds(&bracket);
            self.bracket = Some(bracket);
        }
        let bracket = self.bracket.as_mut().expect("made above");
        let walkovers = settle(bracket, &self.entrants);
        let seed = |id: EntrantId| bracket.seeds.iter().position(|&s| s == id);
        let games = bracket
            .ready()
            .into_iter()
            .filter_map(|m| match bracket.entrants(m) {
                [Occupant::Entrant(a), Occupant::Entrant(b)] => {
                    let (first, second) = if seed(a) <= seed(b) { (a, b) } else { (b, a) };
                    let mut p = Pairing::new(first, second);
                    p.bracket_match = Some(m);
                    Some(p)
                }
                _ => None,
            })
            .collect();
        Ok(RoundRun {
            started_ms: None,
            games,
            bye: None,
            walkovers,
        })
    }

    /// Pairing `index` of round `n` was decided: its winner goes on in the bracket.
    pub(super) fn advance_in_bracket(&mut self, n: u32, index: usize) {
        let p = &self.played[n as usize].games[index];
        if let (Some(m), Some((winner, _)), Some(b)) =
            (p.bracket_match, p.result, self.bracket.as_mut())
        {
            // Ready by construction: it was paired from the bracket and not decided before.
            let _ = b.report(m, winner);
        }
    }

    /// The round is complete: is the bracket? The walkovers that decide it (only drops left
    /// to play) are recorded in this round.
    pub(super) fn bracket_over(&mut self) -> bool {
        let Some(bracket) = &self.bracket else {
            return true;
        };
        let mut after = bracket.clone();
        let walkovers = settle(&mut after, &self.entrants);
        if !after.is_done() {
            return false;
        }
        self.bracket = Some(after);
        if let Some(round) = self.played.last_mut() {
            round.walkovers.extend(walkovers);
        }
        true
    }

    /// Elimination standings: the bracket's places; `None` for other formats (or before the
    /// bracket is made).
    pub(super) fn bracket_standings(&self) -> Option<Vec<Standing>> {
        if !self.format.is_elimination() {
            return None;
        }
        let bracket = self.bracket.as_ref()?;
        let recs = records(&self.field(), &self.history(), &self.scoring);
        let places = bracket.places_so_far();
        Some(
            places
                .iter()
                .map(|p| {
                    let rec = recs.get(&p.entrant).cloned().unwrap_or_default();
                    Standing {
                        rank: p.place,
                        entrant: p.entrant,
                        score: rec.score,
                        buchholz: 0,
                        pieces: rec.pieces,
                        head_to_head: 0,
                        decided_by: None,
                        dropped: self.entrant(p.entrant).is_some_and(|e| e.dropped),
                    }
                })
                .collect(),
        )
    }
}

/// Decide every ready match with a side who dropped out for the other (both gone: the first
/// slot's, the better placed in the bracket), until none is left: those walkovers, in order.
fn settle(bracket: &mut Bracket, entrants: &[super::Signed]) -> Vec<Walkover> {
    let gone = |id: EntrantId| entrants.iter().any(|e| e.id == id && e.dropped);
    let mut out = Vec::new();
    loop {
        let found = bracket
            .ready()
            .into_iter()
            .find_map(|m| match bracket.entrants(m) {
                [Occupant::Entrant(a), Occupant::Entrant(b)] if gone(a) || gone(b) => {
                    Some((m, if gone(a) && !gone(b) { (b, a) } else { (a, b) }))
                }
                _ => None,
            });
        let Some((m, (winner, loser))) = found else {
            return out;
        };
        let _ = bracket.report(m, winner);
        out.push(Walkover {
            winner,
            loser,
            bracket_match: Some(m),
        });
    }
}

/// The most rounds a bracket takes when each round plays every match ready: a match is
/// played one round after the later of the matches it waits for (a bye waits for nothing),
/// and a double elimination may need its reset.
pub(super) fn most_rounds(bracket: &Bracket) -> u32 {
    // Per match, the round its winner and its loser are known after (`None`: a bye).
    let mut known: Vec<(Option<u32>, Option<u32>)> = Vec::with_capacity(bracket.matches.len());
    let mut most = 0;
    let mut reset = false;
    for m in &bracket.matches {
        if m.side == crate::bracket::Side::Reset {
            reset = true;
            known.push((None, None));
            continue;
        }
        let side = |slot: Slot| match slot {
            Slot::Seed(i) => (i < bracket.seeds.len()).then_some(0),
            Slot::Winner(x) => known[x].0,
            Slot::Loser(x) => known[x].1,
        };
        let at = match (side(m.slots[0]), side(m.slots[1])) {
            (None, None) => (None, None),
            (Some(x), None) | (None, Some(x)) => (Some(x), None),
            (Some(x), Some(y)) => {
                let r = x.max(y) + 1;
                most = most.max(r);
                (Some(r), Some(r))
            }
        };
        known.push(at);
    }
    most + u32::from(reset)
}

#[cfg(test)]
mod tests {
    use super::super::EventFormat;
    use super::*;

    #[test]
    fn the_most_rounds_of_a_bracket() {
        let rounds = |format, n: u64| {
            let mut r = Run::new("Hangawi", 1, 0);
            r.set_format(format, 1).unwrap();
            for i in 1..=n {
                r.join(i, "P", 0.0).unwrap();
            }
            let planned = r.rounds_planned();
            r.start_round().unwrap();
            assert_eq!(planned, r.rounds);
            planned
        };
        let single: Vec<u32> = (2..=9).map(|n| rounds(EventFormat::Single, n)).collect();
        assert_eq!(single, vec![1, 2, 2, 3, 3, 3, 3, 4]);
        assert_eq!(
            rounds(EventFormat::Double, 2),
            3,
            "the final, a rematch, its reset"
        );
        assert_eq!(rounds(EventFormat::Double, 4), 5);
        assert_eq!(rounds(EventFormat::Double, 8), 7);
        assert_eq!(rounds(EventFormat::RoundRobin, 6), 5);
        assert_eq!(rounds(EventFormat::RoundRobin, 7), 7);
    }
}
