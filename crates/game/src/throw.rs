//! Throwing the four sticks, and the results they give (chips).

use super::rules::Rules;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A result in the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Chip {
    Do,
    Gae,
    Geol,
    Yut,
    Mo,
    Backdo,
    Seoul,
    Busan,
}

impl Chip {
    pub const ALL: [Chip; 8] = [
        Chip::Do,
        Chip::Gae,
        Chip::Geol,
        Chip::Yut,
        Chip::Mo,
        Chip::Backdo,
        Chip::Seoul,
        Chip::Busan,
    ];

    /// Steps moved: 1..5, or -1 for 빽도. Seoul and Busan are a 도 when moving a piece.
    pub fn steps(self) -> i8 {
        match self {
            Chip::Do | Chip::Seoul | Chip::Busan => 1,
            Chip::Gae => 2,
            Chip::Geol => 3,
            Chip::Yut => 4,
            Chip::Mo => 5,
            Chip::Backdo => -1,
        }
    }

    /// 윷 and 모 earn another throw.
    pub fn earns_throw(self) -> bool {
        matches!(self, Chip::Yut | Chip::Mo)
    }

    /// Rank for the throw-off: 모 > 윷 > 걸 > 개 > 도 > 빽도 (marks count as 도).
    pub fn rank(self) -> u8 {
        match self {
            Chip::Backdo => 0,
            Chip::Do | Chip::Seoul | Chip::Busan => 1,
            Chip::Gae => 2,
            Chip::Geol => 3,
            Chip::Yut => 4,
            Chip::Mo => 5,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Chip::Do => "do",
            Chip::Gae => "gae",
            Chip::Geol => "geol",
            Chip::Yut => "yut",
            Chip::Mo => "mo",
            Chip::Backdo => "backdo",
            Chip::Seoul => "seoul",
            Chip::Busan => "busan",
        }
    }

    pub fn korean(self) -> &'static str {
        match self {
            Chip::Do => "도",
            Chip::Gae => "개",
            Chip::Geol => "걸",
            Chip::Yut => "윷",
            Chip::Mo => "모",
            Chip::Backdo => "빽도",
            Chip::Seoul => "서울",
            Chip::Busan => "부산",
        }
    }

    pub fn from_name(s: &str) -> Option<Chip> {
        Chip::ALL.into_iter().find(|c| c.name() == s)
    }

    /// Can this chip occur under these rules?
    pub fn allowed(self, rules: &Rules) -> bool {
        match self {
            Chip::Backdo => rules.backdo,
            Chip::Seoul => rules.seoul,
            Chip::Busan => rules.busan,
            _ => true,
        }
    }
}

impl fmt::Display for Chip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which stick carries which mark.
pub const MARKED_STICK: usize = 0;
pub const SEOUL_STICK: usize = 1;
pub const BUSAN_STICK: usize = 2;

/// How four sticks fell: `flat[i]` is true when stick i shows its flat side. `nak` is a throw
/// that left the mat (void).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Toss {
    pub flat: [bool; 4],
    pub nak: bool,
}

impl Toss {
    /// Throw the sticks: each is flat with probability `flat_p`; with probability `nak_p` the
    /// throw is void.
    pub fn draw<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Toss {
        Draws::take(rules, rng).toss(rules)
    }

    /// The result these sticks give under `rules` (None for a void throw).
    pub fn chip(&self, rules: &Rules) -> Option<Chip> {
        if self.nak {
            return None;
        }
        let n = self.flat.iter().filter(|&&f| f).count();
        Some(match n {
            0 => Chip::Mo,
            1 => {
                if self.flat[MARKED_STICK] && rules.backdo {
                    Chip::Backdo
                } else if self.flat[SEOUL_STICK] && rules.seoul {
                    Chip::Seoul
                } else if self.flat[BUSAN_STICK] && rules.busan {
                    Chip::Busan
                } else {
                    Chip::Do
                }
            }
            2 => Chip::Gae,
            3 => Chip::Geol,
            _ => Chip::Yut,
        })
    }

    /// A canonical way for the sticks to fall to give `chip` (for forced throws and replays).
    pub fn showing(chip: Chip) -> Toss {
        let flat = match chip {
            Chip::Mo => [false; 4],
            Chip::Backdo => [true, false, false, false],
            Chip::Seoul => [false, true, false, false],
            Chip::Busan => [false, false, true, false],
            Chip::Do => [false, false, false, true],
            Chip::Gae => [false, false, true, true],
            Chip::Geol => [false, true, true, true],
            Chip::Yut => [true; 4],
        };
        Toss { flat, nak: false }
    }

    /// A void throw.
    pub fn nak() -> Toss {
        Toss {
            flat: [false; 4],
            nak: true,
        }
    }
}

/// The numbers a throw draws, uniform in [0, 1), in the order it draws them: first, if the
/// rules have void throws, the one that says whether the throw is void (below `nak_p`); then,
/// unless it is, one per stick (flat below `flat_p`). How a seed's throws fall is a function of
/// these numbers and the rules' two probabilities (a record's check tells which rule a changed
/// throw points to by them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Draws {
    pub nak: Option<f64>,
    pub flat: Option<[f64; 4]>,
}

impl Draws {
    /// Draw a throw's numbers from `rng`, as [`Toss::draw`] does.
    pub fn take<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Draws {
        let nak = (rules.nak_p > 0.0).then(|| rng.random::<f64>());
        let flat = if nak.is_some_and(|u| u < rules.nak_p) {
            None
        } else {
            let mut u = [0.0; 4];
            for x in &mut u {
                *x = rng.random::<f64>();
            }
            Some(u)
        };
        Draws { nak, flat }
    }

    /// How the sticks fall with these numbers under `rules`.
    pub fn toss(&self, rules: &Rules) -> Toss {
        match self.flat {
            None => Toss::nak(),
            Some(u) => Toss {
                flat: u.map(|x| x < rules.flat_p),
                nak: false,
            },
        }
    }
}

/// The exact probability of each result under `rules` (void throws excluded), in
/// [`Chip::ALL`] order.
pub fn odds(rules: &Rules) -> [f64; 8] {
    let p = rules.flat_p;
    let q = 1.0 - p;
    let one = p * q * q * q; // one given stick alone flat
    let mut out = [0.0; 8];
    out[Chip::Gae as usize] = 6.0 * p * p * q * q;
    out[Chip::Geol as usize] = 4.0 * p * p * p * q;
    out[Chip::Yut as usize] = p * p * p * p;
    out[Chip::Mo as usize] = q * q * q * q;
    let mut do_ways = 4.0;
    for (chip, on) in [
        (Chip::Backdo, rules.backdo),
        (Chip::Seoul, rules.seoul),
        (Chip::Busan, rules.busan),
    ] {
        if on {
            out[chip as usize] = one;
            do_ways -= 1.0;
        }
    }
    out[Chip::Do as usize] = do_ways * one;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_odds_match_the_spec() {
        let o = odds(&Rules::default());
        let pct = |c: Chip| (o[c as usize] * 10000.0).round() / 100.0;
        assert_eq!(pct(Chip::Do), 11.52);
        assert_eq!(pct(Chip::Gae), 34.56);
        assert_eq!(pct(Chip::Geol), 34.56);
        assert_eq!(pct(Chip::Yut), 12.96);
        assert_eq!(pct(Chip::Mo), 2.56);
        assert_eq!(pct(Chip::Backdo), 3.84);
        let r = Rules {
            backdo: false,
            ..Rules::default()
        };
        assert_eq!((odds(&r)[0] * 10000.0).round() / 100.0, 15.36);
        assert!((o.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn showing_round_trips() {
        let r = Rules {
            seoul: true,
            busan: true,
            ..Rules::default()
        };
        for c in Chip::ALL {
            assert_eq!(Toss::showing(c).chip(&r), Some(c));
        }
        assert_eq!(Toss::nak().chip(&r), None);
    }

    /// A throw draws its numbers as it always has (a seed's games stay the same), and they say
    /// how the sticks fall under any probabilities.
    #[test]
    fn draws_are_the_throws_numbers() {
        use rand::{Rng, SeedableRng};
        // The draw before the numbers were kept.
        fn before<R: Rng>(rules: &Rules, rng: &mut R) -> Toss {
            let nak = rules.nak_p > 0.0 && rng.random::<f64>() < rules.nak_p;
            let mut flat = [false; 4];
            if !nak {
                for f in &mut flat {
                    *f = rng.random::<f64>() < rules.flat_p;
                }
            }
            Toss { flat, nak }
        }
        for (flat_p, nak_p) in [(0.6, 0.0), (0.5, 0.2), (0.3, 0.9)] {
            let rules = Rules {
                flat_p,
                nak_p,
                ..Rules::default()
            };
            let mut a = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            let mut b = a.clone();
            for _ in 0..500 {
                let d = Draws::take(&rules, &mut a);
                assert_eq!(d.toss(&rules), before(&rules, &mut b));
                assert_eq!(d.nak.is_some(), nak_p > 0.0);
                if let Some(u) = d.flat {
                    // Another flat_p: each stick flat below it.
                    let other = Rules {
                        flat_p: 0.45,
                        ..rules.clone()
                    };
                    assert_eq!(d.toss(&other).flat, u.map(|x| x < 0.45));
                }
            }
            assert_eq!(
                a.random::<u64>(),
                b.random::<u64>(),
                "as many numbers drawn"
            );
        }
    }
}
