//! The text catalog (`assets/locales/*.ftl`, issue 18): every key in every language with the
//! same variables, every key used by the code, and every text that has moved to the catalog
//! said in English, Korean and Spanish without a gap.

use std::collections::{BTreeMap, BTreeSet};
use yut_service::ChallengeProblem;
use yut_table::core::Refusal;
use yut_text::{has_key, keys, say_in, variables, LANGS};

fn all_sources(dir: &std::path::Path, out: &mut String) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            all_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push_str(&std::fs::read_to_string(&p).unwrap());
        }
    }
}

#[test]
fn every_key_is_in_every_language_with_the_same_variables() {
    let en: BTreeSet<String> = keys("en").into_iter().collect();
    assert!(en.len() > 90, "{} keys", en.len());
    for code in LANGS {
        let list = keys(code);
        let set: BTreeSet<String> = list.iter().cloned().collect();
        assert_eq!(set.len(), list.len(), "{code}: a key defined twice");
        let missing: Vec<_> = en.difference(&set).collect();
        let extra: Vec<_> = set.difference(&en).collect();
        assert!(missing.is_empty(), "{code} lacks {missing:?}");
        assert!(extra.is_empty(), "{code} has keys English lacks: {extra:?}");
        for k in &en {
            assert_eq!(
                variables(code, k),
                variables("en", k),
                "{code}: {k} uses other variables"
            );
        }
    }
}

#[test]
fn every_key_is_used() {
    let mut src = String::new();
    let top = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    all_sources(&top.join("src"), &mut src);
    all_sources(&top.join("crates"), &mut src);
    let unused: Vec<String> = keys("en")
        .into_iter()
        // The omens are looked up by their three throws (`Fortune::key`).
        .filter(|k| !k.starts_with("omen-"))
        // The slash commands' texts by the commands' names (`localize`; tested below).
        .filter(|k| !k.starts_with("reg-"))
        .filter(|k| !src.contains(&format!("\"{k}\"")))
        .collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");
    assert!(src.contains("format!(\"omen-{a}-{b}-{c}\")"));
}

/// The slash commands' texts (`registration.ftl`, issue 28): `localize` asks for every `reg-`
/// key of the catalog in every language, and for no other; each command's and option's key
/// once (a choice's once per option offering it); the English names are the code's.
#[test]
fn every_registration_key_is_asked_for_by_localize() {
    let mut asked: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut commands = yutbot::discord::commands::all();
    let problems = yutbot::discord::commands::localize_with(&mut commands, &mut |code, key| {
        *asked
            .entry((code.to_string(), key.to_string()))
            .or_default() += 1;
        has_key(code, key).then(|| say_in(code, key, &[]))
    });
    assert!(problems.is_empty(), "{problems:#?}");
    let catalog: BTreeSet<String> = keys("en")
        .into_iter()
        .filter(|k| k.starts_with("reg-"))
        .collect();
    assert!(catalog.len() > 100, "{} keys", catalog.len());
    for code in LANGS {
        let by_localize: BTreeSet<String> = asked
            .keys()
            .filter(|(c, _)| c == code)
            .map(|(_, k)| k.clone())
            .collect();
        let stale: Vec<_> = catalog.difference(&by_localize).collect();
        let missing: Vec<_> = by_localize.difference(&catalog).collect();
        assert!(
            stale.is_empty(),
            "{code}: keys localize never asks for: {stale:?}"
        );
        assert!(
            missing.is_empty(),
            "{code}: keys the catalog lacks: {missing:?}"
        );
    }
    let twice: Vec<_> = asked
        .iter()
        .filter(|((_, k), n)| **n > 1 && !k.starts_with("reg-choice-"))
        .collect();
    assert!(
        twice.is_empty(),
        "two commands or options share a key: {twice:?}"
    );
    // Every text fits Discord: names of at most 32 characters without spaces (a context menu's:
    // spaces and capitals allowed), descriptions and choices of 1 to 100.
    for code in LANGS {
        for k in &catalog {
            let t = say_in(code, k, &[]);
            let n = t.chars().count();
            let is_name = !k.ends_with("-desc") && !k.starts_with("reg-choice-");
            if k.starts_with("reg-menu-") {
                assert!(
                    (1..=32).contains(&n) && t.trim() == t,
                    "{code} {k}: {t:?} is not a menu name Discord takes"
                );
            } else if is_name {
                assert!(
                    (1..=32).contains(&n) && t == t.to_lowercase() && !t.contains(' '),
                    "{code} {k}: {t:?} is not a name Discord takes"
                );
            } else {
                assert!((1..=100).contains(&n), "{code} {k}: {n} characters");
            }
        }
    }
}

#[test]
fn refusals_and_challenge_problems_are_said_in_every_language() {
    let mut texts: Vec<(String, String)> = Vec::new();
    for r in Refusal::samples() {
        for code in LANGS {
            texts.push((format!("{r:?} {code}"), r.message_in(code)));
        }
        // The languages say it differently (none falls back to English).
        assert_ne!(r.message_in("es"), r.message_in("en"), "{r:?}");
        assert_ne!(r.message_in("ko"), r.message_in("en"), "{r:?}");
    }
    for c in ChallengeProblem::samples() {
        for code in LANGS {
            texts.push((format!("{c:?} {code}"), c.message_in(code)));
        }
        assert_ne!(c.message_in("es"), c.message_in("en"), "{c:?}");
    }
    for p in yut_service::Problem::samples() {
        for code in LANGS {
            texts.push((format!("{p:?} {code}"), p.message_in(code)));
        }
        assert_ne!(p.message_in("es"), p.message_in("en"), "{p:?}");
    }
    for (what, t) in &texts {
        assert!(
            !t.trim().is_empty() && t.chars().count() <= 2000,
            "{what}: {t}"
        );
        assert!(
            !t.contains('{') && !t.contains('}'),
            "{what}: a variable left: {t}"
        );
        assert!(
            !t.starts_with("refusal-") && !t.starts_with("challenge-"),
            "{what}: {t}"
        );
        assert!(!t.contains('\u{2068}'), "{what}: isolation marks");
    }
    // The variables are filled in.
    let r = Refusal::SeatsTaken {
        taken: 3,
        wanted: 2,
    };
    assert!(r
        .message_in("es")
        .contains("Hay 3 asientos ocupados, más de 2"));
    assert!(
        say_in("ko", "refusal-not-your-turn", &[("whose", "Bo".into())]).contains("Bo 님 차례")
    );
    // A key no language has is said as itself (and logged), never a panic.
    assert_eq!(say_in("es", "no-such-key", &[]), "no-such-key");
}

/// A text with what may stay as it is in any language taken out: code spans (commands,
/// option names and values, hashes), placeables, links and mentions.
fn prose(s: &str) -> String {
    let mut out = String::new();
    let mut code = false;
    let mut brace = 0;
    let mut angle = false;
    for c in s.chars() {
        match c {
            '`' => code = !code,
            '{' if !code => brace += 1,
            '}' if !code && brace > 0 => brace -= 1,
            '<' if !code => angle = true,
            '>' if angle => angle = false,
            _ if code || brace > 0 || angle => {}
            _ => out.push(c),
        }
    }
    out.split_whitespace()
        // Links, and commands as typed (`/yut new`).
        .filter(|w| !w.starts_with("http") && !w.starts_with('/'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of Latin letters in a text.
fn latin_words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() >= 2 && w.is_ascii())
        .map(str::to_string)
        .collect()
}

/// No English inside a Korean or Spanish sentence: a Korean text's Latin words are only names
/// (Yutbot, Discord…) and units; a Spanish text holds none of the game's English identifiers
/// (preset words, house-rule names and values) outside code, and none of English's commonest
/// words. Checked on every value of the catalogs, and on the house-rule help as it is sent.
#[test]
fn korean_and_spanish_texts_hold_no_english_outside_code() {
    use yut_game::Rules;
    // Names and abbreviations that are the same in every language.
    let names: BTreeSet<&str> = [
        "Yutbot", "Discord", "SHA", "PNG", "GIF", "JSON", "ID", "UTC", "Back", "Do", "Mo", "Yut",
        "Nori", "vs", "Weng", "Lin", "HMAC", "URL", "Elo", "OK",
    ]
    .into_iter()
    .collect();
    let mut english: BTreeSet<String> = [
        "the",
        "and",
        "with",
        "your",
        "you",
        "game",
        "games",
        "player",
        "players",
        "throw",
        "move",
        "board",
        "rules",
        "settings",
        "default",
        "on",
        "off",
        "turn",
        "wins",
        "home",
        "wait",
        "team",
        "bot",
        "seat",
        "pieces",
        "piece",
        "standard",
        "boardgame",
        "nyout",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    for name in Rules::OPTION_NAMES {
        english.extend(name.split('_').filter(|w| w.len() > 2).map(str::to_string));
        for v in latin_words(&Rules::allowed(name).unwrap_or_default()) {
            english.insert(v);
        }
    }
    // Words Spanish shares with those lists.
    // and the game's own Korean words, romanised (names, not English).
    for shared in [
        "pass", "no", "exact", "bot", "yut", "mo", "do", "cham", "backdo", "back", "jjimo",
        "seoul", "busan", "nyout",
    ] {
        english.remove(shared);
    }
    let mut flagged = vec![];
    for code in ["ko", "es"] {
        let mut texts: Vec<(String, String)> = keys(code)
            .into_iter()
            .filter(|k| !k.starts_with("reg-"))
            .map(|k| {
                let v = say_in(code, &k, &[]);
                (k, v)
            })
            .collect();
        let lang = yut_text::Lang::from_locale(code);
        for p in [
            yut_game::Preset::Standard,
            yut_game::Preset::Boardgame,
            yut_game::Preset::Yunnori,
            yut_game::Preset::Nyout,
        ] {
            texts.push((
                format!("house-rule help of {p:?}"),
                yutbot::discord::rules_text::options(p, lang),
            ));
        }
        for (k, v) in texts {
            for w in latin_words(&prose(&v)) {
                let bad = match code {
                    "ko" => !names.contains(w.as_str()),
                    _ => english.contains(&w.to_lowercase()),
                };
                if bad {
                    flagged.push(format!("{code} {k}: {w:?} in {v:?}"));
                }
            }
        }
    }
    // English counts with Fluent plurals, never "piece(s)".
    for k in keys("en") {
        let v = say_in("en", &k, &[]);
        if v.contains("(s)") {
            flagged.push(format!("en {k}: a plural written as (s) in {v:?}"));
        }
    }
    assert!(flagged.is_empty(), "{}", flagged.join("\n"));
}

/// The two missing-permission texts (the board cannot be posted; a click cannot update it) name
/// the same permissions, in every language.
#[test]
fn both_missing_permission_texts_list_the_same_permissions() {
    for code in LANGS {
        let list = |key: &str| {
            let v = say_in(code, key, &[]);
            let open = v
                .find('(')
                .unwrap_or_else(|| panic!("{code} {key}: no list in {v}"));
            let close = v[open..].find(')').expect("a closed list") + open;
            v[open..=close].to_string()
        };
        assert_eq!(
            list("send-missing-permissions"),
            list("router-missing-permissions"),
            "{code}"
        );
    }
}
