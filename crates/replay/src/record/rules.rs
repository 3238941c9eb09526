//! When a record's throws are not its seed's: were its rules changed? The commitment covers the
//! seed alone, so a record's `flat_p` (how likely a stick falls flat) can be edited without
//! touching it; every throw after the edit then differs. A throw draws its numbers from the seed
//! whatever `flat_p` is (`yut_game::Draws`), and each stick is flat when its number is below
//! `flat_p`: so the record's sticks say which values of `flat_p` give them. If some value gives
//! every throw of the record, and the whole game replays under it, the record's `flat_p` was
//! changed, and that is what the check says, rather than blaming the first throw that differs.

use super::{replay, Record, RecordAction, Rejected};
use yut_game::rules::FirstPlayer;
use yut_game::{Chip, Draws, Game, Rules};
use yut_table::ThrowSeed;

/// The values of `flat_p` that give every throw of `rec` from `seed` (above `low`, up to
/// `high`), if there are some, the record's own is not one of them, and the whole game replays
/// under them: then the rules differ.
pub(super) fn flat_p_that_fits(rec: &Record, seed: ThrowSeed) -> Option<Rejected> {
    let (low, high) = bounds(rec, seed)?;
    let recorded = rec.rules.flat_p;
    if low >= high || (low < recorded && recorded <= high) {
        return None;
    }
    let fits = simplest_in(low, high);
    // The check's answer: the whole game, start to end, under that value.
    let rules = Rules {
        flat_p: fits,
        ..rec.rules.clone()
    };
    replay(rec, &rules, seed).ok()?;
    Some(Rejected::RulesDiffer {
        rule: "flat_p",
        recorded,
        fits,
        low,
        high,
    })
}

/// How many sticks lie flat for a result.
fn flat_sticks(c: Chip) -> usize {
    match c {
        Chip::Mo => 0,
        Chip::Do | Chip::Backdo | Chip::Seoul | Chip::Busan => 1,
        Chip::Gae => 2,
        Chip::Geol => 3,
        Chip::Yut => 4,
    }
}

/// The range of `flat_p` (above the first, up to the second) under which the seed's numbers
/// give the record's throws: the throw-off's results (so many sticks flat) and every thrown
/// stick. None if no value does: a void throw where the seed gives none (or the other way
/// round), which `flat_p` does not decide.
fn bounds(rec: &Record, seed: ThrowSeed) -> Option<(f64, f64)> {
    let rules = &rec.rules;
    let (mut low, mut high) = (0.0f64, 1.0f64);
    let mut rng = seed.rng();
    if rules.first_player == FirstPlayer::ThrowOff {
        // The throw-off's throws, in order; a void one is thrown again and not recorded.
        for (_, chip) in &rec.start.throw_off {
            let mut u = loop {
                if let Some(u) = Draws::take(rules, &mut rng).flat {
                    break u;
                }
            };
            u.sort_by(f64::total_cmp);
            let k = flat_sticks(*chip);
            if k > 0 {
                low = low.max(u[k - 1]);
            }
            if k < 4 {
                high = high.min(u[k]);
            }
        }
    } else {
        // The first seat is chosen without a throw: as the game does.
        let seats = u8::try_from(rec.seats.len()).ok()?;
        Game::new(rules.clone(), seats, rec.teams, &mut rng).ok()?;
    }
    for a in &rec.actions {
        let RecordAction::Throw { sticks, .. } = a else {
            continue;
        };
        match (Draws::take(rules, &mut rng).flat, sticks.nak) {
            (None, true) => {}
            (Some(u), false) => {
                for (x, flat) in u.iter().zip(sticks.flat) {
                    if flat {
                        low = low.max(*x);
                    } else {
                        high = high.min(*x);
                    }
                }
            }
            _ => return None,
        }
    }
    Some((low, high))
}

/// The value above `low`, up to `high`, with the fewest decimals (0.6 rather than 0.61803).
fn simplest_in(low: f64, high: f64) -> f64 {
    for digits in 1..=12 {
        let scale = 10f64.powi(digits);
        let v = ((low * scale).floor() + 1.0) / scale;
        if v > low && v <= high && v < 1.0 {
            return v;
        }
    }
    (low + high) / 2.0
}

#[cfg(test)]
mod tests {
    use super::simplest_in;

    #[test]
    fn the_simplest_value_in_a_range() {
        assert_eq!(simplest_in(0.5873, 0.6231), 0.6);
        assert_eq!(simplest_in(0.6, 0.6231), 0.61);
        assert_eq!(simplest_in(0.0, 1.0), 0.1);
        assert_eq!(simplest_in(0.61, 0.615), 0.611);
        assert_eq!(simplest_in(0.9, 1.0), 0.91);
        let v = simplest_in(0.123456789, 0.123456790);
        assert!(v > 0.123456789 && v <= 0.123456790);
    }
}
