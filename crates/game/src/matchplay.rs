//! A match of several games, to `first_to` wins (seed 004).

use super::engine::Outcome;
use super::types::Side;
use serde::{Deserialize, Serialize};

/// Wins per side across the games of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    pub first_to: u8,
    pub wins: [u8; 4],
    pub games: u32,
}

impl Match {
    pub fn new(first_to: u8) -> Match {
        Match {
            first_to: first_to.max(1),
            wins: [0; 4],
            games: 0,
        }
    }

    /// Count a finished game; returns the side that has won the match, if any.
    pub fn record(&mut self, outcome: &Outcome) -> Option<Side> {
        if self.winner().is_some() {
            return self.winner();
        }
        self.games += 1;
        self.wins[outcome.winner as usize] += 1;
        self.winner()
    }

    /// The side that reached `first_to` wins.
    pub fn winner(&self) -> Option<Side> {
        (0..4u8).find(|&s| self.wins[s as usize] >= self.first_to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(side: Side) -> Outcome {
        Outcome {
            winner: side,
            seat: side,
            ranking: vec![side],
        }
    }

    #[test]
    fn first_to_three() {
        let mut m = Match::new(3);
        assert_eq!(m.record(&won(1)), None);
        assert_eq!(m.record(&won(0)), None);
        assert_eq!(m.record(&won(1)), None);
        assert_eq!(m.record(&won(1)), Some(1));
        assert_eq!(m.games, 4);
        // A decided match counts no more games.
        assert_eq!(m.record(&won(0)), Some(1));
        assert_eq!(m.games, 4);
    }
}
