//! 윷점 (yut-jeom), the New Year fortune of the source texts: three throws of the sticks, each
//! read as 도 (1), 개 (2), 걸 (3) or 윷 (4; 모 counts as 윷 and 빽도 as 도, as the old reading of
//! four values has it), give one of 4 × 4 × 4 = 64 omens, written in our own words (in the
//! text catalog, `omen-1-1-1` … `omen-4-4-4`, in every language).
//!
//! Pure and deterministic: the throws come from a generator seeded with the SHA-256 of the
//! server, the person and the day, so one person gets one fortune per day per server however
//! often they ask, and nothing has to be stored. The throws use the standard rules' stick odds.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use yut_game::{Chip, Rules, Toss};
use yut_text::Lang;

/// One day's fortune.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fortune {
    /// The three throws as thrown.
    pub throws: [Chip; 3],
    /// Their values, 1 to 4.
    pub marks: [u8; 3],
}

/// A throw's value in the reading: 도 1, 개 2, 걸 3, 윷 4.
pub fn mark(chip: Chip) -> u8 {
    match chip {
        Chip::Backdo | Chip::Do => 1,
        Chip::Gae => 2,
        Chip::Geol => 3,
        _ => 4,
    }
}

/// The day a moment falls on for a person: Korean clients read the day in Korea (UTC+9),
/// everyone else in UTC. Days since 1970-01-01.
pub fn day_of(now_ms: i64, lang: Lang) -> i64 {
    let offset = match lang {
        Lang::Ko => 9 * 3_600_000,
        _ => 0,
    };
    (now_ms + offset).div_euclid(86_400_000)
}

/// The fortune of `user` in `guild` on `day`.
pub fn cast(guild: u64, user: u64, day: i64) -> Fortune {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    h.update(b"yutbot fortune v1");
    h.update(guild.to_le_bytes());
    h.update(user.to_le_bytes());
    h.update(day.to_le_bytes());
    let mut rng = ChaCha20Rng::from_seed(h.finalize().into());
    let rules = Rules::default();
    let mut throws = [Chip::Do; 3];
    for t in &mut throws {
        // A stick off the mat (낙) is thrown again.
        *t = loop {
            if let Some(c) = Toss::draw(&rules, &mut rng).chip(&rules) {
                break c;
            }
        };
    }
    Fortune {
        throws,
        marks: throws.map(mark),
    }
}

impl Fortune {
    /// Which of the 64 omens (0..64).
    pub fn index(&self) -> usize {
        let [a, b, c] = self.marks.map(|m| (m - 1) as usize);
        a * 16 + b * 4 + c
    }

    /// The omen's catalog key (`omen-1-3-4`).
    pub fn key(&self) -> String {
        let [a, b, c] = self.marks;
        format!("omen-{a}-{b}-{c}")
    }

    /// The omen's words in a catalog language.
    pub fn omen_in(&self, code: &str) -> String {
        yut_text::say_in(code, &self.key(), &[])
    }

    /// The omen's words.
    pub fn omen(&self, lang: Lang) -> String {
        self.omen_in(yut_text::code(lang))
    }
}

/// The message: whose fortune, the three throws, the omen.
pub fn text(f: &Fortune, name: &str, lang: Lang) -> String {
    text_in(f, name, yut_text::code(lang))
}

/// [`text`] in a catalog language (`en`, `ko`, `es`): the throws by their Korean names (with
/// the romanised ones outside Korean).
pub fn text_in(f: &Fortune, name: &str, code: &str) -> String {
    use yut_text::say_in;
    let throws: Vec<String> = f
        .throws
        .iter()
        .map(|t| match code {
            "ko" => t.korean().to_string(),
            _ => format!("{} ({})", t.name(), t.korean()),
        })
        .collect();
    let [a, b, c] = f.marks;
    format!(
        "{}\n> {}\n{}",
        say_in(
            code,
            "fortune-title",
            &[
                ("name", name.into()),
                ("throws", throws.join(" · ").into()),
                ("marks", format!("{a}-{b}-{c}").into()),
            ],
        ),
        f.omen_in(code),
        say_in(code, "fortune-again", &[])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_fortune_per_person_per_day_per_server() {
        let a = cast(1, 42, 20_000);
        assert_eq!(a, cast(1, 42, 20_000), "the same all day");
        // Over many people and days every omen comes up, and fortunes differ.
        let mut seen = [0u32; 64];
        for user in 0..2_000u64 {
            seen[cast(1, user, 20_000).index()] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
        let differ = (0..50u64)
            .filter(|d| cast(1, 42, 20_000 + *d as i64) != cast(2, 42, 20_000 + *d as i64))
            .count();
        assert!(differ > 40, "another server, another fortune");
    }

    #[test]
    fn marks_read_backdo_as_do_and_mo_as_yut() {
        assert_eq!(mark(Chip::Backdo), 1);
        assert_eq!(mark(Chip::Mo), 4);
        assert_eq!(mark(Chip::Yut), 4);
        let f = Fortune {
            throws: [Chip::Do, Chip::Gae, Chip::Mo],
            marks: [1, 2, 4],
        };
        assert_eq!(f.index(), 4 + 3);
        assert_eq!(f.key(), "omen-1-2-4");
        assert_eq!(
            f.omen(Lang::En),
            "The kettle sings before the guests knock."
        );
    }

    #[test]
    fn every_omen_is_written_in_every_language_and_distinct() {
        for code in yut_text::LANGS {
            let mut all = Vec::new();
            for a in 1..=4 {
                for b in 1..=4 {
                    for c in 1..=4 {
                        let key = format!("omen-{a}-{b}-{c}");
                        assert!(yut_text::keys(code).contains(&key), "{code}: {key}");
                        all.push(yut_text::say_in(code, &key, &[]));
                    }
                }
            }
            assert!(all
                .iter()
                .all(|s| !s.trim().is_empty() && s.chars().count() < 200));
            all.sort();
            all.dedup();
            assert_eq!(all.len(), 64, "{code}: 64 different omens");
        }
        let f = cast(1, 2, 3);
        assert!(f.omen_in("ko").chars().any(|c| ('가'..='힣').contains(&c)));
        assert!(text_in(&f, "Ana", "es").contains("La fortuna del yut de Ana"));
    }

    #[test]
    fn the_day_turns_at_midnight_in_korea_for_korean_clients() {
        // 2026-12-01T15:00:00Z is midnight in Seoul.
        let at = 1_796_137_200_000;
        assert_eq!(day_of(at - 1, Lang::Ko) + 1, day_of(at, Lang::Ko));
        assert_eq!(day_of(at - 1, Lang::En), day_of(at, Lang::En));
    }
}
