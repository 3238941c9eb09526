//! Korean particles (조사) that depend on the word before them: 이/가, 을/를, 은/는, 과/와,
//! (으)로, (이)라는. The one place that chooses them; the catalogs call it as the Fluent
//! function `JOSA` (`{ $side }{ JOSA($side, "이/가") }`), code as [`josa`].
//!
//! The choice follows the sound the word ends with (받침, the final consonant):
//! - a Hangul syllable: its final consonant, `(code - 0xAC00) % 28 != 0`; for (으)로 a final ㄹ
//!   counts as none ("서울로", "집으로").
//! - a digit: as the number is read in Korean. A number ending in 0 ends in 영, 십, 백, 천, 만…:
//!   a final consonant; otherwise its last digit: 1 일, 7 칠, 8 팔 (ㄹ); 3 삼, 6 육 (a
//!   consonant); 2 이, 4 사, 5 오, 9 구 (none). "%" is read 퍼센트 (none).
//! - a Latin letter standing alone ("봇 A") or ending a word in capitals (an abbreviation read
//!   letter by letter, "NPC"): the letter's Korean name, L 엘 and R 알 (ㄹ), M 엠 and N 엔 (a
//!   consonant), every other none (에이, 비, 씨, …).
//! - anything else, a Latin word among them (its English sound cannot be told from its
//!   spelling: "Ann", "Bob", "Mike"), an emoji, another script: both forms, as Korean
//!   interfaces write them: "이(가)", "을(를)", "은(는)", "과(와)", "(으)로", "(이)라는".
//!
//! What the reader does not hear is skipped first: spaces, Markdown marks (`**`, `_`, `` ` ``),
//! closing quotes, and a closing parenthetical: as Korean writing does for a gloss ("커피
//! (coffee)를"), the particle agrees with the word before the brackets: "A팀 (보라, 지우)이",
//! "봇 2 (보통)가". A word that is nothing but brackets is read inside them.

/// How a word ends, for its particle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A vowel: no final consonant (가, 를, 는, 와, 로).
    Vowel,
    /// A final consonant other than ㄹ (이, 을, 은, 과, 으로).
    Consonant,
    /// A final ㄹ: a consonant, but (으)로 takes 로.
    Rieul,
    /// Cannot be told (a Latin word, an emoji, nothing): both forms are written.
    Unknown,
}

/// How `word` ends, as read aloud (see the module's rules).
pub fn ending(word: &str) -> Ending {
    let s = heard(word);
    let Some(last) = s.chars().next_back() else {
        return Ending::Unknown;
    };
    match last {
        '가'..='힣' => match (last as u32 - 0xAC00) % 28 {
            0 => Ending::Vowel,
            8 => Ending::Rieul,
            _ => Ending::Consonant,
        },
        // Compatibility jamo written alone: ㄱ…ㅎ are consonants, ㅏ…ㅣ vowels.
        'ㄹ' => Ending::Rieul,
        'ㄱ'..='ㅎ' => Ending::Consonant,
        'ㅏ'..='ㅣ' => Ending::Vowel,
        '0'..='9' => digit(last),
        '%' => Ending::Vowel,
        c if c.is_ascii_alphabetic() => {
            let run: Vec<char> = s
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            if run.len() == 1 || run.iter().all(|c| c.is_ascii_uppercase()) {
                letter(c)
            } else {
                Ending::Unknown
            }
        }
        _ => Ending::Unknown,
    }
}

/// A digit ending a number, as read in Korean (0 ends 영, 십, 백, 천, 만, …).
fn digit(d: char) -> Ending {
    match d {
        '0' | '3' | '6' => Ending::Consonant,
        '1' | '7' | '8' => Ending::Rieul,
        _ => Ending::Vowel,
    }
}

/// A Latin letter's Korean name: 엘, 알 end in ㄹ; 엠, 엔 in a consonant; the others in a vowel.
fn letter(c: char) -> Ending {
    match c.to_ascii_uppercase() {
        'L' | 'R' => Ending::Rieul,
        'M' | 'N' => Ending::Consonant,
        _ => Ending::Vowel,
    }
}

/// `word` without what is not heard at its end: spaces, Markdown marks, closing quotes, and a
/// closing parenthetical (the word before the brackets is the one the particle follows).
fn heard(word: &str) -> &str {
    let mut s = word;
    loop {
        let t = s.trim_end_matches(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    '*' | '_' | '~' | '`' | '|' | '"' | '\'' | '”' | '’' | '」' | '』'
                )
        });
        let Some(close) = t.chars().next_back() else {
            return t;
        };
        let open = match close {
            ')' => '(',
            ']' => '[',
            '）' => '（',
            _ => return t,
        };
        // The bracket that opens the closing group, nested groups counted.
        let mut depth = 0usize;
        let mut start = None;
        for (i, c) in t.char_indices().rev() {
            if c == close {
                depth += 1;
            } else if c == open {
                depth -= 1;
                if depth == 0 {
                    start = Some(i);
                    break;
                }
            }
        }
        let Some(start) = start else {
            // Unbalanced: read the bracket itself (nothing to hear).
            return t;
        };
        let before = &t[..start];
        if before.trim().is_empty() {
            // Nothing but brackets: read what they hold.
            s = &t[start + open.len_utf8()..t.len() - close.len_utf8()];
        } else {
            s = before;
        }
    }
}

/// The particle of `pair` that fits after `word`. `pair` is the form after a consonant and
/// the form after a vowel, with a slash: "이/가", "을/를", "은/는", "과/와", "으로/로",
/// "이라는/라는". A form after a consonant starting with 으 (으로) is not used after ㄹ. When
/// the ending cannot be told, both forms: "이(가)", or "(으)로" when one form ends the other.
pub fn josa(word: &str, pair: &str) -> String {
    let Some((closed, open)) = pair.split_once('/') else {
        return pair.to_string();
    };
    let pick = match ending(word) {
        Ending::Vowel => Some(open),
        Ending::Consonant => Some(closed),
        Ending::Rieul if closed.starts_with('으') => Some(open),
        Ending::Rieul => Some(closed),
        Ending::Unknown => None,
    };
    match pick {
        Some(p) => p.to_string(),
        None => match closed.strip_suffix(open) {
            Some(extra) if !extra.is_empty() && !open.is_empty() => format!("({extra}){open}"),
            _ => format!("{closed}({open})"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hangul_by_its_final_consonant() {
        // 받침 or none.
        assert_eq!(josa("철수", "이/가"), "가");
        assert_eq!(josa("영희", "을/를"), "를");
        assert_eq!(josa("보통", "이/가"), "이");
        assert_eq!(josa("팀", "은/는"), "은");
        assert_eq!(josa("사과", "과/와"), "와");
        assert_eq!(josa("책", "과/와"), "과");
        // (으)로: ㄹ takes 로, as a vowel does; another consonant 으로.
        assert_eq!(josa("서울", "으로/로"), "로");
        assert_eq!(josa("집", "으로/로"), "으로");
        assert_eq!(josa("부산", "으로/로"), "으로");
        assert_eq!(josa("바다", "으로/로"), "로");
        // Other particles treat ㄹ as a consonant.
        assert_eq!(josa("서울", "이/가"), "이");
        assert_eq!(josa("걸", "을/를"), "을");
        // The copula: "이라는" after a consonant, "라는" after a vowel.
        assert_eq!(josa("기본", "이라는/라는"), "이라는");
        assert_eq!(josa("보드게임", "이라는/라는"), "이라는");
        assert_eq!(josa("윷놀이", "이라는/라는"), "라는");
        // The first and last syllables of the block.
        assert_eq!(ending("가"), Ending::Vowel);
        assert_eq!(ending("힣"), Ending::Consonant);
        assert_eq!(ending("ㄹ"), Ending::Rieul);
        assert_eq!(ending("ㅋ"), Ending::Consonant);
        assert_eq!(ending("ㅏ"), Ending::Vowel);
    }

    #[test]
    fn digits_as_the_number_is_read() {
        for (n, e) in [
            ("1", Ending::Rieul),        // 일
            ("2", Ending::Vowel),        // 이
            ("3", Ending::Consonant),    // 삼
            ("4", Ending::Vowel),        // 사
            ("5", Ending::Vowel),        // 오
            ("6", Ending::Consonant),    // 육
            ("7", Ending::Rieul),        // 칠
            ("8", Ending::Rieul),        // 팔
            ("9", Ending::Vowel),        // 구
            ("0", Ending::Consonant),    // 영
            ("10", Ending::Consonant),   // 십
            ("100", Ending::Consonant),  // 백
            ("1000", Ending::Consonant), // 천
            ("12", Ending::Vowel),       // 십이
            ("0.6", Ending::Consonant),  // 영 점 육
            ("50%", Ending::Vowel),      // 퍼센트
        ] {
            assert_eq!(ending(n), e, "{n}");
        }
        // A chip on a button: "도 1", "개 2", "걸 3", "빽도 -1".
        assert_eq!(josa("도 1", "으로/로"), "로");
        assert_eq!(josa("개 2", "으로/로"), "로");
        assert_eq!(josa("걸 3", "으로/로"), "으로");
        assert_eq!(josa("윷 4", "으로/로"), "로");
        assert_eq!(josa("빽도 -1", "으로/로"), "로");
        assert_eq!(josa("0.6", "을/를"), "을");
        assert_eq!(josa("5", "을/를"), "를");
    }

    #[test]
    fn latin_letters_by_their_korean_names_and_words_with_both_forms() {
        // A letter alone: 에이, 비, 씨… end in a vowel; 엘, 알 in ㄹ; 엠, 엔 in a consonant.
        assert_eq!(josa("봇 A", "이/가"), "가");
        assert_eq!(josa("팀 B", "은/는"), "는");
        assert_eq!(josa("L", "으로/로"), "로");
        assert_eq!(josa("R", "이/가"), "이");
        assert_eq!(josa("M", "을/를"), "을");
        assert_eq!(josa("x", "이/가"), "가");
        // An abbreviation in capitals is read letter by letter.
        assert_eq!(josa("NPC", "이/가"), "가");
        assert_eq!(josa("HTML", "으로/로"), "로");
        assert_eq!(josa("BGM", "과/와"), "과");
        // A word is not: both forms, as Korean interfaces write them.
        assert_eq!(josa("Ann", "이/가"), "이(가)");
        assert_eq!(josa("standard", "이라는/라는"), "(이)라는");
        assert_eq!(josa("backdo", "을/를"), "을(를)");
        assert_eq!(josa("Bo", "은/는"), "은(는)");
        assert_eq!(josa("Mike", "과/와"), "과(와)");
        assert_eq!(josa("Ann", "으로/로"), "(으)로");
        // Nor are an emoji, another script, or nothing.
        assert_eq!(josa("🎲", "이/가"), "이(가)");
        assert_eq!(josa("山田", "을/를"), "을(를)");
        assert_eq!(josa("", "이/가"), "이(가)");
    }

    #[test]
    fn what_is_not_heard_is_skipped() {
        // Markdown, spaces and quotes.
        assert_eq!(josa("**철수 님**", "이/가"), "이");
        assert_eq!(josa("\"보라\" ", "은/는"), "는");
        assert_eq!(josa("`집`", "으로/로"), "으로");
        // A parenthetical: the word before it (a gloss, as "커피(coffee)를").
        assert_eq!(josa("🤖 봇 2 (보통)", "이/가"), "가");
        assert_eq!(josa("🤖 봇 3 (무작위)", "이/가"), "이");
        assert_eq!(josa("A팀 (보라, 지우)", "이/가"), "이");
        assert_eq!(josa("B조 (Ann, 🤖 봇 2 (쉬움))", "이/가"), "가");
        assert_eq!(josa("커피(coffee)", "을/를"), "를");
        // Nothing but brackets: what they hold.
        assert_eq!(josa("(보통)", "이/가"), "이");
        // An unbalanced bracket is not a group.
        assert_eq!(josa("보라)", "이/가"), "이(가)");
    }

    #[test]
    fn a_pair_without_a_slash_is_used_as_it_is() {
        assert_eq!(josa("철수", "의"), "의");
        assert_eq!(josa("Ann", "의"), "의");
    }
}
