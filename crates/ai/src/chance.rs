//! Master's estimate of each side's chance to win, for the win-chance chart and the review of
//! a game's decisions.
//!
//! Where a network is built in for the rules and the number of sides, a side's chance is the
//! network's value of the position (the probability it was trained to predict). Elsewhere it
//! is the hand-made evaluation in its logistic form (the race margin in throws, mixed over the
//! captures each side threatens). A position in the middle of a seat's spending is valued at
//! the end of Master's best way to spend the rest of the pool, as Master's own search does.
//! Three or four sides' values are scaled to add up to one.

use super::eval::{evaluate, Weights};
use super::{owed_to, Bot, Search, MASTER_NODES};
use yut_game::{Game, Move, Phase, Seat, Side};

/// The logistic scale of the hand-made evaluation's win-chance form (per square root of the
/// throws left).
const CHANCE_SCALE: f32 = 0.6;

impl Bot {
    /// Each side's chance to win from this position (index = side; adds up to 1).
    pub fn chances(&self, g: &Game) -> Vec<f32> {
        let leaf = self.settled(g);
        self.chances_at(&leaf)
    }

    /// The chance of `seat`'s side after playing `mv` (the rest of the pool spent as Master
    /// would). None if the move is not legal.
    pub fn chance_after(&self, g: &Game, mv: &Move) -> Option<f32> {
        let seat = g.turn();
        let mut next = g.clone();
        next.play_move(mv, &mut Vec::new()).ok()?;
        let c = self.chances(&next);
        c.get(g.side_of(seat) as usize).copied()
    }

    /// The position at the end of the acting seat's spending, the rest of its pool spent by
    /// Master's search (the position itself when nothing is to be spent).
    fn settled(&self, g: &Game) -> Game {
        if g.phase() != Phase::Spend {
            return g.clone();
        }
        let mut search = Search::new(self, g.turn(), MASTER_NODES);
        search.best(g).1
    }

    /// Each side's chance in a position where no seat is spending.
    fn chances_at(&self, g: &Game) -> Vec<f32> {
        let sides = g.sides();
        if let Some(o) = g.outcome() {
            return (0..sides)
                .map(|s| if s == o.winner { 1.0 } else { 0.0 })
                .collect();
        }
        let seat_of =
            |side: Side| -> Seat { (0..g.seats()).find(|&s| g.side_of(s) == side).unwrap_or(0) };
        let learned = self.net_for(g).is_some();
        let hand = Weights {
            scale: CHANCE_SCALE,
            ..Weights::default()
        };
        let raw: Vec<f32> = (0..sides)
            .map(|side| {
                let seat = seat_of(side);
                let v = if learned {
                    self.learned_score(g, seat).map(|v| v / super::NET_WIN)
                } else {
                    None
                };
                v.unwrap_or_else(|| evaluate(&self.k, &hand, g, seat, owed_to(g, seat)))
                    .clamp(0.001, 0.999)
            })
            .collect();
        let total: f32 = raw.iter().sum();
        raw.iter().map(|v| v / total).collect()
    }
}
