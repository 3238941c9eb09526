//! Rating one finished game: who sat where, bots as anchors, and the fair-play rule for
//! players who left. Pure: the store calls [`rate_game`] inside the transaction that records
//! the result.
//!
//! **Which games are rated**: every finished game with at least one person in it (seated at
//! the end, or one who left it). All-bot games, stopped games and abandoned games are not.
//! Bots are their level's anchor ([`super::bot_rating`]) and never change.
//!
//! **Leaving**: a seat a person left (a bot played it on) counts as a loss for that person:
//! everyone else is rated on what happened (with the leaver's rating in the seat, as the
//! side's strength), and the leaver is rated as if their side had finished last.

use super::{bot_rating, rate, ModeFamily, RateError, Rating};
use std::collections::HashMap;
use yut_ai::Level;
use yut_game::Preset;

/// Who a seat stands for in the rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occupant {
    /// A person seated at the end.
    Human(u64),
    /// A bot from start to end.
    Bot(Level),
    /// A person who left; a bot finished the game for them.
    Left(u64),
}

impl Occupant {
    pub fn user(self) -> Option<u64> {
        match self {
            Occupant::Human(u) | Occupant::Left(u) => Some(u),
            Occupant::Bot(_) => None,
        }
    }
}

/// A seat of a finished game: its side (the team in 2v2, the seat itself in free-for-all).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatedSeat {
    pub side: u8,
    pub occupant: Occupant,
}

/// Whether a game is rated at all: at least one person took part.
pub fn is_rated(seats: &[RatedSeat]) -> bool {
    seats.iter().any(|s| s.occupant.user().is_some())
}

/// Every person's new rating after a game. `side_rank[side]` is the side's finishing place
/// (1 for the winner); `current` holds the people's ratings before it (absent: a new player).
/// Returns one entry per person, in seat order.
pub fn rate_game(
    family: ModeFamily,
    preset: Preset,
    seats: &[RatedSeat],
    side_rank: &[usize],
    current: &HashMap<u64, Rating>,
) -> Result<Vec<(u64, Rating)>, RateError> {
    let sides = side_rank.len();
    let mut teams: Vec<Vec<Rating>> = vec![Vec::new(); sides];
    // Where each seat's rating sits in `teams`.
    let mut at = Vec::with_capacity(seats.len());
    for s in seats {
        let side = s.side as usize;
        if side >= sides {
            return Err(RateError::RankCount {
                teams: side + 1,
                ranks: sides,
            });
        }
        let r = match s.occupant {
            Occupant::Bot(level) => bot_rating(family, level, preset),
            Occupant::Human(u) | Occupant::Left(u) => current.get(&u).copied().unwrap_or_default(),
        };
        at.push((side, teams[side].len()));
        teams[side].push(r);
    }
    let played = rate(&teams, side_rank)?;
    let last = side_rank.iter().copied().max().unwrap_or(1);
    let mut out = Vec::new();
    for (s, &(side, i)) in seats.iter().zip(&at) {
        match s.occupant {
            Occupant::Bot(_) => {}
            Occupant::Human(u) => out.push((u, played[side][i])),
            Occupant::Left(u) => {
                // Their side behind every other.
                let mut ranks = side_rank.to_vec();
                ranks[side] = last + 1;
                let lost = rate(&teams, &ranks)?;
                out.push((u, lost[side][i]));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn human(side: u8, u: u64) -> RatedSeat {
        RatedSeat {
            side,
            occupant: Occupant::Human(u),
        }
    }

    fn bot(side: u8, level: Level) -> RatedSeat {
        RatedSeat {
            side,
            occupant: Occupant::Bot(level),
        }
    }

    #[test]
    fn beating_master_gains_more_than_beating_easy() {
        let none = HashMap::new();
        let fam = ModeFamily::OneVsOne;
        let vs = |level| {
            rate_game(
                fam,
                Preset::Standard,
                &[human(0, 1), bot(1, level)],
                &[1, 2],
                &none,
            )
            .unwrap()[0]
                .1
        };
        let (easy, master) = (vs(Level::Easy), vs(Level::Master));
        assert!(easy.mu > 25.0 && master.mu > easy.mu, "{easy:?} {master:?}");
        assert_eq!(master.games, 1);
    }

    #[test]
    fn a_leaver_loses_even_when_the_bot_wins_their_seat() {
        let none = HashMap::new();
        let seats = [
            RatedSeat {
                side: 0,
                occupant: Occupant::Left(1),
            },
            human(1, 2),
            human(0, 3),
            human(1, 4),
        ];
        // Side 0 (the leaver's) won with the bot.
        let out = rate_game(ModeFamily::Teams, Preset::Standard, &seats, &[1, 2], &none).unwrap();
        let by: HashMap<u64, Rating> = out.into_iter().collect();
        assert!(by[&1].mu < 25.0, "leaver {:?}", by[&1]);
        assert!(by[&3].mu > 25.0, "partner {:?}", by[&3]);
        assert!(by[&2].mu < 25.0 && by[&4].mu < 25.0);
    }

    #[test]
    fn all_bot_games_are_not_rated() {
        assert!(!is_rated(&[bot(0, Level::Easy), bot(1, Level::Master)]));
        assert!(is_rated(&[
            bot(0, Level::Easy),
            RatedSeat {
                side: 1,
                occupant: Occupant::Left(9)
            }
        ]));
    }
}
