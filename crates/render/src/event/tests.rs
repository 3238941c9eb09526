use super::bracket::bracket_words;
use super::podium::podium_words;
use super::standings::{standings_words, MAX_STANDING_ROWS};
use super::*;
use crate::Lang;
use yut_text::say;

const LANGS: [Lang; 3] = [Lang::En, Lang::Ko, Lang::Es];

const NAMES: [&str; 32] = [
    "Minji",
    "김서연",
    "Alejandro",
    "박지훈",
    "Sofía",
    "Yutmaster 🎲",
    "이하은",
    "Chris",
    "최도윤",
    "Valentina",
    "정민서",
    "Oliver",
    "강예준",
    "Lucía",
    "윤지우",
    "Mateo",
    "Daniela",
    "임서준",
    "Noah",
    "한소율",
    "Camila",
    "오시우",
    "Liam",
    "서하윤",
    "Emma",
    "신주원",
    "Hugo",
    "권나은",
    "Martina",
    "황건우",
    "Leo",
    "송채원",
];
const LONG: &str = "Sir Throwsalot the Magnificent of the Northern Yut Mats";
const LONG_KO: &str = "윷놀이를세상에서제일좋아하는사람입니다정말로요";

/// The PNG's width, height and colour type, decoded with the `png` crate.
fn decode(png_bytes: &[u8]) -> (u32, u32, png::ColorType) {
    let dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = dec.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    (info.width, info.height, info.color_type)
}

fn rows(n: usize) -> Vec<StandingRow> {
    (0..n)
        .map(|i| StandingRow {
            place: if i == 3 { 3 } else { i as u32 + 1 },
            name: NAMES[i % NAMES.len()].to_string(),
            score: format!("{}", 10 - (i as i32) / 3),
            record: format!("{}-{}", 5 - (i % 6).min(5), (i % 6).min(5)),
            tiebreaks: vec![format!("{}", 20 - i / 2), format!("{}", 14 + i % 5)],
            me: i == 5,
        })
        .collect()
}

fn heads() -> Vec<String> {
    vec!["Buchholz".to_string(), "Pieces".to_string()]
}

fn standings<'a>(rows: &'a [StandingRow], heads: &'a [String], more: u32) -> StandingsPicture<'a> {
    StandingsPicture {
        title: "Spring Yut Open",
        subtitle: "Round 3 of 5 · 16 players",
        rows,
        more,
        tiebreak_heads: heads,
    }
}

/// The standard seeding order of a bracket of `size` (1 v N, 2 v N-1, ...), 0-based.
fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    order
}

/// Where a match's entrant comes from.
#[derive(Clone, Copy)]
enum Src {
    Seed(usize),
    Won(usize),
    Lost(usize),
}

/// A bracket of `n` entrants (single, or double elimination laid out as `yut-event` lays
/// it), played for `passes` rounds of play: the better seed wins but for a few upsets; the
/// next matches ready are live.
fn bracket(n: usize, double: bool, passes: usize) -> Vec<BracketMatch> {
    let size = n.next_power_of_two();
    let order = seed_order(size);
    let mut ms: Vec<(BracketSide, u32, u32, [Src; 2])> = vec![];
    let mut prev: Vec<usize> = vec![];
    let mut upper: Vec<Vec<usize>> = vec![];
    let mut r = 0;
    while size >> (r + 1) >= 1 {
        let count = size >> (r + 1);
        let this: Vec<usize> = (0..count)
            .map(|i| {
                let slots = if r == 0 {
                    [Src::Seed(order[2 * i]), Src::Seed(order[2 * i + 1])]
                } else {
                    [Src::Won(prev[2 * i]), Src::Won(prev[2 * i + 1])]
                };
                ms.push((BracketSide::Upper, r as u32, i as u32, slots));
                ms.len() - 1
            })
            .collect();
        upper.push(this.clone());
        prev = this;
        r += 1;
    }
    if double {
        let mut lr = 0u32;
        let mut surv: Vec<Src> = vec![];
        for i in 0..upper[0].len() / 2 {
            ms.push((
                BracketSide::Lower,
                0,
                i as u32,
                [Src::Lost(upper[0][2 * i]), Src::Lost(upper[0][2 * i + 1])],
            ));
            surv.push(Src::Won(ms.len() - 1));
        }
        for (k, round) in upper.iter().enumerate().skip(1) {
            lr += 1;
            let mut drops: Vec<Src> = round.iter().map(|&m| Src::Lost(m)).collect();
            if k % 2 == 1 {
                drops.reverse();
            }
            let mut next = vec![];
            for (i, (s, d)) in surv.iter().zip(drops).enumerate() {
                ms.push((BracketSide::Lower, lr, i as u32, [d, *s]));
                next.push(Src::Won(ms.len() - 1));
            }
            surv = next;
            if surv.len() > 1 {
                lr += 1;
                let mut next = vec![];
                for (i, pair) in surv.chunks(2).enumerate() {
                    ms.push((BracketSide::Lower, lr, i as u32, [pair[0], pair[1]]));
                    next.push(Src::Won(ms.len() - 1));
                }
                surv = next;
            }
        }
        let top = *upper.last().unwrap().last().unwrap();
        ms.push((BracketSide::Final, 0, 0, [Src::Won(top), surv[0]]));
        ms.push((BracketSide::Final, 1, 0, [Src::Won(top), surv[0]]));
    }
    // Play: each pass decides every match whose entrants are known.
    let mut result: Vec<Option<(Option<usize>, Option<usize>)>> = vec![None; ms.len()];
    let who = |src: Src, result: &[Option<(Option<usize>, Option<usize>)>]| match src {
        Src::Seed(i) => Some((i < n).then_some(i)),
        Src::Won(m) => result[m].map(|r| r.0),
        Src::Lost(m) => result[m].map(|r| r.1),
    };
    let mut live = vec![false; ms.len()];
    for pass in 0..=passes {
        let ready: Vec<usize> = (0..ms.len())
            .filter(|&m| result[m].is_none())
            .filter(|&m| ms[m].3.iter().all(|&s| who(s, &result).is_some()))
            .collect();
        for m in ready {
            let [a, b] = ms[m].3.map(|s| who(s, &result).unwrap());
            // A reset is played only if the lower bracket's champion won the grand final.
            let is_reset = ms[m].0 == BracketSide::Final && ms[m].1 == 1;
            if is_reset && result[m - 1].is_none_or(|r| r.0 == a) {
                continue;
            }
            if pass == passes {
                live[m] = a.is_some() && b.is_some() && m % 2 == 0;
                continue;
            }
            let upset = m % 5 == 3;
            let a_wins = match (a, b) {
                (Some(x), Some(y)) => (x < y) != upset,
                (a, _) => a.is_some(),
            };
            let (w, l) = if a_wins { (a, b) } else { (b, a) };
            result[m] = Some((w, l));
        }
    }
    let name = |e: Option<usize>| e.map_or("bye".to_string(), |i| NAMES[i].to_string());
    ms.iter()
        .enumerate()
        .map(|(m, &(side, round, slot, srcs))| {
            let mut entrants = srcs.map(|s| who(s, &result));
            let is_reset = side == BracketSide::Final && round == 1;
            if is_reset && result[m - 1].is_none_or(|r| Some(r.0) == entrants[0]) {
                // Not needed (yet): the grand final is not over, or the upper bracket's champion won it.
                entrants = [None, None];
            }
            let names = entrants.map(|e| e.map(name));
            let winner = result[m].and_then(|(w, _)| entrants.iter().position(|&e| e == Some(w)));
            let score = winner.map(|w| {
                let s = if m % 3 == 0 { "2-1" } else { "2-0" };
                if w == 0 {
                    s.to_string()
                } else {
                    s.chars().rev().collect()
                }
            });
            BracketMatch {
                side,
                round,
                slot,
                names,
                winner,
                score,
                live: live[m],
            }
        })
        .collect()
}

/// The winner of the last match played of the last side (the final, or a grand final's
/// reset when played).
fn champion_of(ms: &[BracketMatch]) -> Option<String> {
    let last = ms
        .iter()
        .filter(|m| m.winner.is_some())
        .max_by_key(|m| (m.side, m.round))?;
    last.names[last.winner?].clone()
}

fn pic<'a>(matches: &'a [BracketMatch]) -> BracketPicture<'a> {
    BracketPicture {
        title: "Spring Yut Open",
        subtitle: "Single elimination · 32 players",
        matches,
    }
}

fn places(n: usize) -> Vec<(String, String)> {
    [
        ("Minji", "7 points"),
        ("김서연", "6 points"),
        ("Alejandro", "5 points"),
        ("박지훈", "5 points"),
    ]
    .iter()
    .take(n)
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect()
}

fn podium<'a>(places: &'a [(String, String)]) -> PodiumPicture<'a> {
    PodiumPicture {
        title: "Spring Yut Open",
        subtitle: "Champions of the season",
        places,
    }
}

#[test]
fn standings_are_a_valid_png_the_same_every_time() {
    let rows = rows(8);
    let heads = heads();
    let p = standings(&rows, &heads, 8);
    let a = standings_png(&p, Lang::En);
    assert_eq!(a, standings_png(&p, Lang::En), "deterministic");
    let (w, h, ct) = decode(&a);
    let (_, size) = standings_words(&p, Lang::En);
    assert_eq!((w as f32, h as f32), size);
    assert_eq!(ct, png::ColorType::Indexed);
    assert_eq!(w, 800);
    assert!((500..700).contains(&h), "{h}");
}

#[test]
fn standings_draw_32_rows_and_count_the_rest() {
    let rows = rows(40);
    let heads = heads();
    let p = standings(&rows, &heads, 10);
    let (words, (w, h)) = standings_words(&p, Lang::En);
    assert_eq!(w, 800.0);
    let (pw, ph, _) = decode(&standings_png(&p, Lang::En));
    assert_eq!((pw as f32, ph as f32), (w, h));
    assert!(words.contains(&NAMES[31].to_string()));
    assert!(!words.iter().any(|x| x == "33"), "a 33rd row: {words:?}");
    // The 8 rows past the 32nd are counted with the 10 not passed.
    assert_eq!(words.last().unwrap(), "and 18 more");
    assert!(h > 32.0 * 48.0 && h < 1900.0, "{h}");
    // Every row's name, in order.
    let names: Vec<&String> = words
        .iter()
        .filter(|x| NAMES.contains(&x.as_str()))
        .collect();
    assert_eq!(names.len(), MAX_STANDING_ROWS);
}

#[test]
fn standings_in_every_language_say_their_heads() {
    let rows = rows(4);
    let heads = heads();
    for lang in LANGS {
        let p = standings(&rows, &heads, 3);
        let (words, _) = standings_words(&p, lang);
        for key in [
            "picture-event-name",
            "picture-event-points",
            "picture-event-record",
        ] {
            let s = say(lang, key, &[]);
            assert!(words.contains(&s), "{lang:?}: {s} not in {words:?}");
        }
        let more = say(lang, "picture-event-more", &[("n", 3u32.into())]);
        assert!(words.contains(&more), "{lang:?}: {more}");
        assert!(decode(&standings_png(&p, lang)).0 >= 800);
    }
}

#[test]
fn long_names_are_cut_to_fit() {
    let (_, text) = kit();
    let mut rows = rows(3);
    rows[0].name = LONG.to_string();
    rows[1].name = LONG_KO.to_string();
    let heads = heads();
    let p = standings(&rows, &heads, 0);
    let (words, (w, _)) = standings_words(&p, Lang::Ko);
    let cut: Vec<&String> = words.iter().filter(|x| x.ends_with('…')).collect();
    assert_eq!(cut.len(), 2, "{words:?}");
    for c in cut {
        assert!(text.measure(c, BODY) < w - 2.0 * INSET - 300.0, "{c}");
    }
    // In a bracket's box and over a podium's step too.
    let mut ms = bracket(4, false, 1);
    ms[0].names[0] = Some(LONG.to_string());
    ms[1].names[1] = Some(LONG_KO.to_string());
    let (words, _) = bracket_words(&pic(&ms), Lang::En);
    let cut: Vec<&String> = words.iter().filter(|x| x.ends_with('…')).collect();
    assert!(cut.len() >= 2, "{words:?}");
    for c in cut {
        assert!(text.measure(c, 26) <= 220.0 - 24.0, "{c}");
    }
    let places = vec![
        (LONG.to_string(), LONG.to_string()),
        (LONG_KO.to_string(), "1".to_string()),
    ];
    let words = podium_words(&podium(&places), Lang::Es);
    assert_eq!(
        words.iter().filter(|x| x.ends_with('…')).count(),
        3,
        "{words:?}"
    );
    // The title, the subtitle and three ordinals; then each place's name and line.
    for (k, c) in words[5..].iter().enumerate() {
        let size = if k % 2 == 0 { 30 } else { SMALL };
        assert!(text.measure(c, size) <= 224.0 - 6.0, "{c}");
    }
}

#[test]
fn a_32_entrant_single_elimination_has_five_rounds() {
    let ms = bracket(32, false, 2);
    assert_eq!(ms.len(), 31);
    let p = pic(&ms);
    let png_bytes = bracket_png(&p, Lang::Ko);
    assert_eq!(png_bytes, bracket_png(&p, Lang::Ko), "deterministic");
    let (w, h, ct) = decode(&png_bytes);
    let (words, size) = bracket_words(&p, Lang::Ko);
    assert_eq!((w as f32, h as f32), size);
    assert_eq!(ct, png::ColorType::Indexed);
    // Five columns of 264 px less a gap, and 16 matches of 96 px less a gap.
    assert_eq!(w, (5.0 * 264.0 - 44.0 + 2.0 * INSET) as u32);
    assert!(h as f32 > 16.0 * 96.0 && h < 1900, "{h}");
    for head in ["32강", "16강", "8강", "4강", "결승"] {
        assert!(words.iter().any(|x| x == head), "{head} in {words:?}");
    }
    assert!(words.contains(&say(Lang::Ko, "picture-event-live", &[])));
    // Every language's heads fit their columns whole.
    for lang in LANGS {
        let (words, _) = bracket_words(&p, lang);
        for players in [32u32, 16, 8, 4, 2] {
            let head = say(
                lang,
                "picture-event-round-of",
                &[("players", players.into())],
            );
            assert!(words.contains(&head), "{lang:?}: {head} in {words:?}");
        }
    }
    assert!(words.contains(&say(Lang::Ko, "picture-event-tbd", &[])));
    // No champion yet.
    assert!(!words.contains(&say(Lang::Ko, "picture-event-winner", &[])));
    // Played out: the champion's banner.
    let done = bracket(32, false, 5);
    let (words, _) = bracket_words(&pic(&done), Lang::En);
    let at = words.iter().position(|x| x == "Winner").expect("a banner");
    assert_eq!(Some(&words[at + 1]), champion_of(&done).as_ref());
}

#[test]
fn a_16_entrant_double_elimination_has_both_brackets_and_the_finals() {
    let ms = bracket(16, true, 4);
    let upper = ms.iter().filter(|m| m.side == BracketSide::Upper).count();
    let lower = ms.iter().filter(|m| m.side == BracketSide::Lower).count();
    assert_eq!((upper, lower), (15, 14));
    for lang in LANGS {
        let p = BracketPicture {
            title: "Double trouble",
            subtitle: "Double elimination · 16 players",
            matches: &ms,
        };
        let png_bytes = bracket_png(&p, lang);
        let (w, h, _) = decode(&png_bytes);
        let (words, size) = bracket_words(&p, lang);
        assert_eq!((w as f32, h as f32), size);
        // Six lower rounds and the finals' column.
        assert_eq!(w, (7.0 * 264.0 - 44.0 + 2.0 * INSET) as u32);
        assert!(h > 1100 && h < 1700, "{h}");
        for key in [
            "picture-event-upper",
            "picture-event-lower",
            "picture-event-grand-final",
            "picture-event-grand-final-reset",
        ] {
            let s = say(lang, key, &[]);
            assert!(words.contains(&s), "{lang:?}: {s} in {words:?}");
        }
    }
    // Played out (the reset not needed): the top seed wins.
    let done = bracket(16, true, 12);
    let (words, _) = bracket_words(&pic(&done), Lang::En);
    let at = words.iter().position(|x| x == "Winner").expect("a banner");
    assert_eq!(Some(&words[at + 1]), champion_of(&done).as_ref());
}

#[test]
fn small_and_odd_brackets_draw() {
    // Two players; six (byes); a reset being played: no champion; only later rounds.
    let two = bracket(2, false, 1);
    assert_eq!(decode(&bracket_png(&pic(&two), Lang::Es)).0, 800);
    let six = bracket(6, false, 1);
    let (words, _) = bracket_words(&pic(&six), Lang::En);
    assert!(words.iter().any(|x| x == "bye"));
    let mut finals = bracket(4, true, 8);
    let last = finals.len() - 1;
    finals[last - 1].winner = Some(1);
    finals[last].names = finals[last - 1].names.clone();
    finals[last].winner = None;
    let (words, _) = bracket_words(&pic(&finals), Lang::En);
    assert!(!words.iter().any(|x| x == "Winner"), "{words:?}");
    let later: Vec<BracketMatch> = bracket(32, false, 3)
        .into_iter()
        .filter(|m| m.round >= 3)
        .collect();
    let (words, (w, _)) = bracket_words(&pic(&later), Lang::En);
    assert_eq!(w, 800.0);
    assert!(words.iter().any(|x| x == "Semifinals"));
    assert!(decode(&bracket_png(&pic(&[]), Lang::En)).0 == 800);
}

#[test]
fn podiums_of_one_to_four_places() {
    for n in 1..=4 {
        let places = places(n);
        let p = podium(&places);
        for lang in LANGS {
            let bytes = podium_png(&p, lang);
            assert_eq!(decode(&bytes), (800, 700, png::ColorType::Indexed));
            let words = podium_words(&p, lang);
            for (name, line) in &places {
                assert!(words.contains(name) && words.contains(line), "{words:?}");
            }
            let first = say(lang, "picture-ordinal", &[("n", 1u32.into())]);
            assert!(words.contains(&first));
        }
        assert_eq!(podium_png(&p, Lang::En), podium_png(&p, Lang::En));
    }
}

/// A part of a PNG (x, y, w, h) as an RGB PNG, to look at full size.
fn crop(png_bytes: &[u8], (x, y, w, h): (u32, u32, u32, u32)) -> Vec<u8> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (w.min(info.width - x), h.min(info.height - y));
    let mut out = Vec::new();
    for row in y..y + h {
        let at = ((row * info.width + x) * 3) as usize;
        out.extend_from_slice(&buf[at..at + w as usize * 3]);
    }
    let mut png_out = Vec::new();
    let mut enc = png::Encoder::new(&mut png_out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.write_header().unwrap().write_image_data(&out).unwrap();
    png_out
}

/// Writes sample pictures to the directory in `EVENT_SAMPLES`:
/// `EVENT_SAMPLES=/tmp/ev cargo test -p yut-render event::tests::samples -- --ignored`.
#[test]
#[ignore]
fn samples() {
    let Ok(dir) = std::env::var("EVENT_SAMPLES") else {
        return;
    };
    let dir = std::path::Path::new(&dir);
    std::fs::create_dir_all(dir).unwrap();
    let put = |name: &str, bytes: Vec<u8>| std::fs::write(dir.join(name), bytes).unwrap();
    let mut rs = rows(12);
    rs[4].name = LONG.to_string();
    rs[6].name = LONG_KO.to_string();
    let heads = heads();
    put(
        "standings-en.png",
        standings_png(&standings(&rs, &heads, 4), Lang::En),
    );
    let ko_heads = vec!["부흐홀츠".to_string(), "말 수".to_string()];
    put(
        "standings-ko.png",
        standings_png(&standings(&rs, &ko_heads, 4), Lang::Ko),
    );
    let all = rows(32);
    put(
        "standings-32-es.png",
        standings_png(&standings(&all, &heads, 0), Lang::Es),
    );
    let titled = |ms: &[BracketMatch], subtitle: &str, lang: Lang| {
        let p = BracketPicture {
            title: "Spring Yut Open",
            subtitle,
            matches: ms,
        };
        bracket_png(&p, lang)
    };
    let single = bracket(32, false, 2);
    let sub = "Single elimination · 32 players · round 3";
    put("bracket-single-32-en.png", titled(&single, sub, Lang::En));
    let eight = bracket(8, false, 3);
    put(
        "bracket-single-8-ko.png",
        titled(&eight, "단판 토너먼트 · 8명", Lang::Ko),
    );
    let double = bracket(16, true, 6);
    let sub = "Double elimination · 16 players";
    put("bracket-double-16-en.png", titled(&double, sub, Lang::En));
    let done = bracket(16, true, 12);
    let sub = "Doble eliminación · 16 jugadores";
    put(
        "bracket-double-16-es-done.png",
        titled(&done, sub, Lang::Es),
    );
    let four = bracket(4, true, 8);
    put(
        "bracket-double-4-ko.png",
        titled(&four, "더블 엘리미네이션 · 4명", Lang::Ko),
    );
    // Parts at full size: `EVENT_CROP=name.png:x,y,w,h`.
    if let Ok(spec) = std::env::var("EVENT_CROP") {
        for one in spec.split(';') {
            let (name, r) = one.split_once(':').unwrap();
            let v: Vec<u32> = r.split(',').map(|x| x.parse().unwrap()).collect();
            let bytes = std::fs::read(dir.join(name)).unwrap();
            let out = crop(&bytes, (v[0], v[1], v[2], v[3]));
            put(&format!("crop-{}-{}-{name}", v[0], v[1]), out);
        }
    }
    for n in [1, 3, 4] {
        let places = places(n);
        let lang = [Lang::En, Lang::Ko, Lang::Es][n % 3];
        put(
            &format!("podium-{n}.png"),
            podium_png(&podium(&places), lang),
        );
    }
}

#[test]
fn odd_input_draws_without_panicking() {
    let m = |side, round, slot, winner| BracketMatch {
        side,
        round,
        slot,
        names: [Some(String::new()), None],
        winner,
        score: Some("a very long score text 2-1-0".to_string()),
        live: true,
    };
    let ms = vec![
        m(BracketSide::Upper, 7, 0, Some(5)),
        m(BracketSide::Upper, u32::MAX, u32::MAX, Some(1)),
        m(BracketSide::Upper, 9, 3, None),
        m(BracketSide::Lower, 0, 2, Some(0)),
        m(BracketSide::Final, 4, 0, Some(1)),
        m(BracketSide::Final, 4, 1, None),
        m(BracketSide::Final, 6, 0, None),
        m(BracketSide::Final, 5, 0, None),
    ];
    let (w, h, _) = decode(&bracket_png(&pic(&ms), Lang::En));
    assert!(w >= 800 && h < 8000, "{w} × {h}");
    let row = StandingRow {
        place: 0,
        tiebreaks: vec!["1".into(); 9],
        ..StandingRow::default()
    };
    let many: Vec<String> = (0..9).map(|i| format!("Tie-break number {i}")).collect();
    let p = StandingsPicture {
        title: LONG,
        subtitle: LONG,
        rows: &vec![row; 40],
        more: u32::MAX,
        tiebreak_heads: &many,
    };
    assert!(decode(&standings_png(&p, Lang::Ko)).0 >= 800);
    let empty = StandingsPicture { rows: &[], ..p };
    assert!(decode(&standings_png(&empty, Lang::Es)).0 >= 800);
    let many_places: Vec<(String, String)> = places(4).iter().cycle().take(9).cloned().collect();
    assert_eq!(decode(&podium_png(&podium(&many_places), Lang::En)).0, 800);
}
