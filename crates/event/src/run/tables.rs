//! A free-for-all event ([`EventFormat::Tables`]): each round seats the entrants at tables of
//! 2 to 4 by score ([`seat_tables`]); each table is one pairing (seats 1 and 2 as `first`
//! and `second`, seats 3 and 4 in `more`) and its result is its places.

use super::{EventFormat, Pairing, Progress, RoundRun, Run, RunError};
use crate::ffa::seat_tables;
use crate::model::EntrantId;

impl Run {
    /// The next round's tables (the dropped left out).
    pub(super) fn pair_tables(&self) -> RoundRun {
        let round = seat_tables(&self.field(), &self.history(), &self.scoring);
        RoundRun {
            started_ms: None,
            games: round
                .tables
                .iter()
                .filter(|t| t.len() >= 2)
                .map(|t| {
                    let mut p = Pairing::new(t[0], t[1]);
                    p.more = t[2..].to_vec();
                    p
                })
                .collect(),
            bye: round.bye,
            walkovers: Vec::new(),
        }
    }

    /// Table game `game` of the current round ended: `places` its entrants in finishing
    /// order (winner first), `pieces[i]` the pieces home of `places[i]` (missing: 0).
    pub fn report_table(
        &mut self,
        game: i64,
        places: &[EntrantId],
        pieces: &[u32],
    ) -> Result<Progress, RunError> {
        let index = self.pairing_of(game).ok_or(RunError::NoSuchGame)?;
        let (_, p) = self.pairing_mut(index)?;
        if p.result.is_some() {
            return Err(RunError::Decided);
        }
        let mut seated = p.everyone();
        let mut given = places.to_vec();
        seated.sort_unstable();
        given.sort_unstable();
        if seated != given {
            return Err(RunError::NotInGame);
        }
        let placed = places
            .iter()
            .enumerate()
            .map(|(i, &e)| (e, pieces.get(i).copied().unwrap_or(0)))
            .collect();
        self.table_decided(index, placed, None)
    }

    /// [`Run::report`] on a table: only a table of two says all with a winner.
    pub(super) fn two_at_a_table(
        &mut self,
        index: usize,
        winner: EntrantId,
        pieces: [u32; 2],
    ) -> Result<Progress, RunError> {
        let (_, p) = self.pairing_mut(index)?;
        if !p.more.is_empty() {
            return Err(RunError::NeedsPlaces);
        }
        let game = p.game.ok_or(RunError::NoSuchGame)?;
        let (first, second) = (p.first, p.second);
        if winner == first {
            self.report_table(game, &[first, second], &pieces)
        } else {
            self.report_table(game, &[second, first], &[pieces[1], pieces[0]])
        }
    }

    /// An admin gives table `index` to `winner`: the others follow in seat order, those who
    /// dropped out (a disqualification) last; no pieces.
    pub(super) fn decide_table(
        &mut self,
        index: usize,
        winner: EntrantId,
        by: Option<String>,
    ) -> Result<Progress, RunError> {
        let (_, p) = self.pairing_mut(index)?;
        if p.result.is_some() {
            return Err(RunError::Decided);
        }
        let seated = p.everyone();
        if !seated.contains(&winner) {
            return Err(RunError::NotInGame);
        }
        let gone = |id: EntrantId| self.entrant(id).is_some_and(|e| e.dropped);
        let mut order = vec![winner];
        order.extend(seated.iter().filter(|&&e| e != winner && !gone(e)));
        order.extend(seated.iter().filter(|&&e| e != winner && gone(e)));
        let placed = order.into_iter().map(|e| (e, 0)).collect();
        self.table_decided(index, placed, by)
    }

    fn table_decided(
        &mut self,
        index: usize,
        placed: Vec<(EntrantId, u32)>,
        by: Option<String>,
    ) -> Result<Progress, RunError> {
        let (n, p) = self.pairing_mut(index)?;
        let of = |id: EntrantId| placed.iter().find(|x| x.0 == id).map_or(0, |x| x.1);
        p.pieces = [of(p.first), of(p.second)];
        p.result = Some((placed[0].0, p.pieces));
        p.places = placed;
        if by.is_some() {
            p.set_by = by;
        }
        debug_assert_eq!(self.format, EventFormat::Tables);
        self.match_decided(n, index)
    }
}
