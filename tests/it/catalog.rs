//! The text catalog (`assets/locales/*.ftl`, issue 18): every key in every language with the
//! same variables, every key used by the code, and every text that has moved to the catalog
//! said in English, Korean and Spanish without a gap.

use std::collections::{BTreeMap, BTreeSet};
use yut_service::ChallengeProblem;
use yut_table::core::Refusal;
use yut_text::{has_key, keys, say_in, variables, LANGS};

/// Every file under `dir` whose name ends in one of `exts`, read into `out`.
fn sources_of(dir: &std::path::Path, exts: &[&str], out: &mut String) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources_of(&p, exts, out);
        } else if p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)) {
            out.push_str(&std::fs::read_to_string(&p).unwrap());
        }
    }
}

fn all_sources(dir: &std::path::Path, out: &mut String) {
    sources_of(dir, &["rs"], out);
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
    // The pages' own words (`web.ftl`), looked up by the pages' scripts and markup.
    let mut pages = String::new();
    sources_of(&top.join("assets/web"), &["js", "html"], &mut pages);
    // The Activity's start (bundled with Discord's SDK).
    sources_of(&top.join("assets/activity/src"), &["js"], &mut pages);
    let web: Vec<String> = keys("en")
        .into_iter()
        .filter(|k| k.starts_with("web-"))
        .collect();
    assert!(web.len() > 40, "{} page keys", web.len());
    src.push_str(&pages);
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
    // And every word a page asks for is in the catalog: no page word lives outside it.
    let asked = page_keys(&pages);
    assert!(
        asked.len() > 40,
        "{} keys asked for by the pages",
        asked.len()
    );
    let missing: Vec<&String> = asked.iter().filter(|k| !has_key("en", k)).collect();
    assert!(
        missing.is_empty(),
        "page words the catalog lacks: {missing:?}"
    );
}

/// The catalog keys the pages name: `t("key")`, `data-t="key"` (and `-label`, `-title`),
/// `"table-level-" + level`.
fn page_keys(pages: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in pages.match_indices('"') {
        let rest = &pages[i + 1..];
        let Some(end) = rest.find('"') else { break };
        let word = &rest[..end];
        let is_key = word.len() > 4
            && (word.starts_with("web-") || word.starts_with("view-preset-"))
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if is_key {
            out.insert(word.to_string());
        }
    }
    out
}

/// The pages hold no words of their own: their scripts and markup show only what the catalog
/// says (besides the name of the game, its Korean name, the languages' own names and signs).
#[test]
fn the_pages_hold_no_words_outside_the_catalog() {
    let top = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/web");
    for e in std::fs::read_dir(&top).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        if name.ends_with(".html") {
            // Text between tags, and the words of aria-label, title, placeholder and alt.
            let mut shown = Vec::new();
            let mut rest = text.as_str();
            while let Some(a) = rest.find('>') {
                rest = &rest[a + 1..];
                let b = rest.find('<').unwrap_or(rest.len());
                shown.push(rest[..b].trim().to_string());
            }
            for attr in ["aria-label=\"", " title=\"", "alt=\""] {
                for (i, _) in text.match_indices(attr) {
                    let v = &text[i + attr.len()..];
                    shown.push(v[..v.find('"').unwrap()].to_string());
                }
            }
            for s in shown {
                let words = latin_words(&s);
                let allowed = ["Yut", "Nori", "English"];
                let foreign: Vec<_> = words
                    .iter()
                    .filter(|w| !allowed.contains(&w.as_str()))
                    .collect();
                assert!(
                    foreign.is_empty(),
                    "{name}: words outside the catalog: {s:?}"
                );
            }
        }
        if name.ends_with(".js") {
            // No dictionary of words of its own: a page looks every word up with t().
            assert!(
                !text.contains("WORDS") && !text.contains("ko: {"),
                "{name} holds words of its own"
            );
        }
    }
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

/// Issue 46: in the Korean catalogs no particle that depends on the word before it (이/가,
/// 을/를, 은/는, 과/와, (으)로, (이)라는) is written fixed after a variable: JOSA chooses it
/// (`yut_text::korean`), and says it right through the catalog.
#[test]
fn korean_particles_after_a_variable_are_chosen_by_josa() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales");
    let mut files = vec![dir.join("ko.ftl")];
    for e in std::fs::read_dir(dir.join("ko")).unwrap() {
        files.push(e.unwrap().path());
    }
    const PARTICLES: [&str; 17] = [
        "(으)로",
        "(이)라는",
        "(이)가",
        "이(가)",
        "은(는)",
        "을(를)",
        "과(와)",
        "이라는",
        "라는",
        "으로",
        "로",
        "이",
        "가",
        "을",
        "를",
        "은",
        "는",
    ];
    let mut fixed = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        for (n, line) in src.lines().enumerate() {
            for (at, _) in line.match_indices('}') {
                // After the variable: closing quotes, Markdown and code marks, then the word.
                let rest = line[at + 1..].trim_start_matches(['"', '*', '`', '’', '”']);
                for p in PARTICLES {
                    let after = rest.strip_prefix(p).and_then(|r| r.chars().next());
                    if rest.starts_with(p)
                        && after.is_none_or(|c| c.is_whitespace() || ".,!?:)".contains(c))
                    {
                        fixed.push(format!("{}:{}: {line}", f.display(), n + 1));
                        break;
                    }
                }
            }
        }
    }
    assert!(fixed.is_empty(), "fixed particles: {fixed:#?}");

    let ko = |key: &str, args: &[(&str, &str)]| {
        let args: Vec<(&str, yut_text::Arg)> =
            args.iter().map(|(k, v)| (*k, (*v).into())).collect();
        say_in("ko", key, &args)
    };
    // 은/는 after a Hangul name; both forms after a Latin word.
    assert!(ko("challenge-bot", &[("name", "철수")]).starts_with("철수는 봇 계정"));
    assert!(ko("challenge-bot", &[("name", "Dotori")]).starts_with("Dotori은(는) 봇 계정"));
    // 이/가 after a side: a bot is read before its level's brackets (봇 2: 이 → 가).
    let won = |side: &str| ko("view-match-won", &[("side", side)]);
    assert!(won("🤖 봇 2 (보통)").contains("봇 2 (보통)가 승부에서"));
    assert!(won("🤖 봇 3 (보통)").contains("봇 3 (보통)이 승부에서"));
    assert!(won("Ann 님").contains("Ann 님이 승부에서"));
    assert!(won("A팀 (보라, 지우)").contains("A팀 (보라, 지우)이 승부에서"));
    let thread = |w: &str| ko("thread-result", &[("winner", w), ("thread", "<#1>")]);
    assert!(thread("**철수 님**").contains("**철수 님**이 <#1>"));
    assert!(thread("**🤖 봇 4 (쉬움)**").contains("(쉬움)**가 <#1>"));
    let chart = ko(
        "replay-chart-alt",
        &[
            ("game", "1"),
            ("leader", "B팀 (🤖 봇 2 (쉬움), 지우)"),
            ("share", "60"),
            ("winner", "x"),
            ("turning", "t"),
        ],
    );
    assert!(chart.contains("지우)이 차례의"), "{chart}");
    // (으)로 after a chip: ㄹ (도 1: 일) and a vowel (개 2) take 로, 걸 3 (삼) 으로.
    let chip = |c: &str| ko("view-doing-move", &[("chip", c)]);
    assert!(chip("도 1").starts_with("도 1로 "));
    assert!(chip("개 2").starts_with("개 2로 "));
    assert!(chip("걸 3").starts_with("걸 3으로 "));
    assert!(ko("view-doing-moving", &[("chip", "빽도 -1")]).starts_with("빽도 -1로 "));
    assert!(ko(
        "view-entered",
        &[("who", "🤖 봇 2 (보통)"), ("chip", "모 5"), ("to", "도")]
    )
    .contains("봇 2 (보통)가 모 5로 새 말"));
    assert!(ko(
        "view-captured",
        &[
            ("who", "Ann 님"),
            ("at", "도"),
            ("victim", "x"),
            ("count", "1")
        ]
    )
    .contains("Ann 님이 도에서"));
    // (이)라는, 을/를, 은/는 after what a player typed.
    let preset = |p: &str| ko("table-rules-unknown-preset", &[("preset", p)]);
    assert!(preset("기본").starts_with("\"기본\"이라는 규칙"));
    assert!(preset("윷놀이").starts_with("\"윷놀이\"라는 규칙"));
    assert!(preset("standard").starts_with("\"standard\"(이)라는 규칙"));
    let value = |v: &str| {
        ko(
            "table-rules-bad-value",
            &[
                ("option", "flat_p"),
                ("value", v),
                ("expected", "0 < x < 1"),
            ],
        )
    };
    assert!(value("1.5").contains("1.5를 쓸 수"));
    assert!(value("0.6").contains("0.6을 쓸 수"));
    assert!(value("yes").contains("yes을(를) 쓸 수"));
    assert!(ko("table-rules-not-a-pair", &[("text", "빽도")]).starts_with("\"빽도\"는 이름=값"));
    // The game's number in a command: 12 (십이) 로, 13 (십삼) 으로.
    assert!(ko("after-fair-later", &[("game", "12")]).contains("판:12`로 모든"));
    assert!(ko("after-fair-later", &[("game", "13")]).contains("판:13`으로 모든"));
}

/// Issue 46: English and Spanish say one point and one result in the singular, two or more
/// in the plural.
#[test]
fn plurals_agree_with_their_numbers_in_english_and_spanish() {
    let alt = |code: &str, lost: u32| {
        say_in(
            code,
            "replay-review-alt",
            &[
                ("n", 1u32.into()),
                ("action", 5u32.into()),
                ("lost", lost.into()),
            ],
        )
    };
    assert!(
        alt("en", 1).contains("; 1 point of chance given away."),
        "{}",
        alt("en", 1)
    );
    assert!(alt("en", 2).contains("; 2 points of chance"));
    assert!(alt("en", 0).contains("; 0 points of chance"));
    assert!(
        alt("es", 1).contains("; 1 punto de probabilidad perdido."),
        "{}",
        alt("es", 1)
    );
    assert!(alt("es", 7).contains("; 7 puntos de probabilidad perdidos."));
    assert!(alt("ko", 1).contains("승률 1점을"));
    let discarded = |code: &str, count: u32, list: &str| {
        say_in(
            code,
            "view-discarded",
            &[
                ("who", "Ann".into()),
                ("count", count.into()),
                ("list", list.into()),
            ],
        )
    };
    assert!(discarded("es", 1, "Do 1").ends_with("con Do 1: descartado."));
    assert!(discarded("es", 2, "Do 1, Gae 2").ends_with("con Do 1, Gae 2: descartados."));
    assert!(discarded("es", 3, "Do 1, Gae 2, Mo 5").ends_with(": descartados."));
    assert!(discarded("en", 1, "Do 1").ends_with("for Do 1: discarded."));
    assert!(discarded("en", 2, "Do 1, Gae 2").ends_with("for Do 1, Gae 2: all discarded."));
    assert!(discarded("ko", 1, "도 1").ends_with("도 1로 움직일 말이 없어 버려졌어요."));
    assert!(
        discarded("ko", 2, "도 1, 걸 3").ends_with("걸 3으로 움직일 말이 없어 모두 버려졌어요.")
    );
}
