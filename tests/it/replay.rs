//! After the game, without a database: the replay GIF (decoded with the `gif` crate), the
//! win-chance chart, the reviews, and the verifiable record with every kind of tampering.

use yut_ai::Level;
use yut_game::{Chip, Preset, Rules};
use yut_replay::anim::{self, Options};
use yut_replay::record::{verify, verify_record, Record, RecordAction, Rejected};
use yut_replay::{chart, review, walk, Played};
use yut_text::Lang;
use yut_tools::replay_sim::{play, SimGame};

fn game(seats: u8, teams: bool, humans: u8, seed: u64) -> Played {
    let (genesis, log) = play(&SimGame {
        seed,
        seats,
        teams,
        humans,
        ..SimGame::default()
    });
    let p = walk(&genesis, &log).expect("the log replays");
    assert!(p.finished(), "the simulated game ends");
    p
}

/// Decode a GIF and composite its frames (index buffers, transparency honoured) as a viewer
/// shows them: the canvas after each frame.
fn decode(gif_bytes: &[u8]) -> (usize, usize, Vec<Vec<u8>>, Vec<u8>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(gif_bytes).expect("a GIF");
    let (w, h) = (d.width() as usize, d.height() as usize);
    let palette = d.global_palette().expect("a global palette").to_vec();
    let mut canvas = vec![0u8; w * h];
    let mut shown = vec![];
    while let Some(f) = d.read_next_frame().expect("a frame") {
        assert!(
            f.palette.is_none(),
            "every frame uses the one global palette"
        );
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let p = f.buffer[y * f.width as usize + x];
                if Some(p) != f.transparent {
                    canvas[(f.top as usize + y) * w + f.left as usize + x] = p;
                }
            }
        }
        shown.push(canvas.clone());
    }
    (w, h, shown, palette)
}

#[test]
fn the_gif_has_a_frame_per_action_and_a_pause_and_ends_on_the_final_board() {
    let p = game(4, false, 1, 3);
    let r = anim::replay_gif(&p, Options::default());
    assert!(!r.thinned);
    assert_eq!(r.frames, p.actions() + 1, "every action and the pause");
    let (w, h, frames, palette) = decode(&r.gif);
    assert_eq!(frames.len(), p.actions() + 1);
    let (last, lw, lh) = anim::frame_indices(p.steps.last().unwrap(), true);
    assert_eq!((w, h), (lw, lh));
    assert_eq!(
        frames.last().unwrap(),
        &last,
        "the last frame is the final board"
    );
    // The first frame is the start, whole.
    let (first, _, _) = anim::frame_indices(&p.steps[0], true);
    assert_eq!(frames[0], first);
    // The global palette is the board renderer's.
    let pal: Vec<u8> = yut_render::renderer()
        .palette()
        .colors
        .iter()
        .flat_map(|c| [c.0, c.1, c.2])
        .collect();
    assert_eq!(palette, pal);
    // Every frame matches its board (only the changed areas are redrawn; they add up).
    for (i, step) in p.steps.iter().enumerate() {
        assert!(
            frames[i] == anim::frame_indices(step, true).0,
            "frame {i} of {} is its board",
            p.actions()
        );
    }
}

/// A GIF frame is the board at half size: every text of every frame of a whole game still
/// reads at 11 px or more where Discord shows the GIF smallest.
#[test]
fn every_text_of_a_gif_frame_reads_at_11_px() {
    let p = game(4, false, 1, 5);
    let mut smallest = f32::MAX;
    for step in &p.steps {
        let (_, w, h) = anim::frame_indices(step, true);
        let frame = yut_table::paint::frame_of(&step.table);
        let (full_w, _) = yut_render::renderer().size(step.game());
        let shrink = w as f32 / full_w as f32;
        let size = yut_render::renderer()
            .text_sizes(step.game(), &frame)
            .into_iter()
            .map(|(_, s)| s)
            .min()
            .expect("texts");
        let shown = size as f32 * shrink * yut_render::theme::displayed_scale(w as u32, h as u32);
        smallest = smallest.min(shown);
    }
    assert!(smallest >= 11.0, "GIF text shown at {smallest:.2} px");
}

/// Frames are drawn only where the drawing differs from the frame before: over whole games of
/// every size (teams too, and full size), each frame equals the board drawn from scratch.
#[test]
fn every_frame_of_a_replay_equals_its_board_drawn_whole() {
    for (seats, teams, seed, half) in [
        (2, false, 11, false),
        (3, false, 12, true),
        (4, true, 13, true),
        (4, false, 14, false),
    ] {
        let p = game(seats, teams, 2, seed);
        let r = anim::replay_gif(
            &p,
            Options {
                half,
                ..Options::default()
            },
        );
        let (_, _, frames, _) = decode(&r.gif);
        assert_eq!(frames.len(), p.actions() + 1);
        for (i, step) in p.steps.iter().enumerate() {
            assert!(
                frames[i] == anim::frame_indices(step, half).0,
                "seats {seats} teams {teams} half {half}: frame {i} of {} is its board",
                p.actions()
            );
        }
    }
}

#[test]
fn a_full_size_gif_ends_on_the_exact_board() {
    let p = game(2, false, 1, 5);
    let r = anim::replay_gif(
        &p,
        Options {
            half: false,
            ..Options::default()
        },
    );
    let (w, _, frames, _) = decode(&r.gif);
    assert_eq!(w, 840);
    assert_eq!(frames.len(), p.actions() + 1);
    let (last, _, _) = anim::frame_indices(p.steps.last().unwrap(), false);
    assert_eq!(frames.last().unwrap(), &last);
}

#[test]
fn a_gif_over_the_limit_is_thinned_and_says_so() {
    let p = game(4, false, 0, 8);
    let full = anim::replay_gif(&p, Options::default());
    let limit = full.gif.len() / 3;
    let r = anim::replay_gif(
        &p,
        Options {
            limit,
            ..Options::default()
        },
    );
    assert!(r.thinned);
    assert!(r.gif.len() <= limit, "{} > {limit}", r.gif.len());
    assert!(r.shown < p.actions());
    assert_eq!(r.actions, p.actions());
    let (_, _, frames, _) = decode(&r.gif);
    assert_eq!(frames.len(), r.shown + 1);
    assert_eq!(r.frames, r.shown + 1);
    let (last, _, _) = anim::frame_indices(p.steps.last().unwrap(), true);
    assert_eq!(
        frames.last().unwrap(),
        &last,
        "thinned, it still ends on the final board"
    );
}

fn png_size(png: &[u8]) -> (u32, u32) {
    let d = png::Decoder::new(std::io::Cursor::new(png));
    let r = d.read_info().expect("a PNG");
    (r.info().width, r.info().height)
}

#[test]
fn chart_and_reviews_exist_for_two_to_four_seats_and_teams() {
    for (seats, teams, seed) in [
        (2, false, 11),
        (3, false, 12),
        (4, false, 13),
        (4, true, 14),
    ] {
        let p = game(seats, teams, 2, seed);
        let c = chart::chances(&p);
        assert_eq!(c.len(), p.actions());
        let sides = if teams { 2 } else { seats as usize };
        for row in &c {
            assert_eq!(row.len(), sides);
            let sum: f32 = row.iter().sum();
            assert!((sum - 1.0).abs() < 1e-3, "chances add up to 1: {row:?}");
        }
        let winner = p.last.game.as_ref().unwrap().outcome().unwrap().winner as usize;
        assert_eq!(
            c.last().unwrap()[winner],
            1.0,
            "the winner's chance ends at 1"
        );
        assert!(chart::turning_point(&c, Some(winner as u8)).is_some());
        // The turning point is named for what it was: the winner's move, or the loser's
        // decisive mistake.
        let tp = chart::turning(&p, &c).expect("a turning point");
        let step = &p.steps[tp.step];
        let side = step.game().side_of(step.seat) as usize;
        assert_eq!(tp.by_winner, side == winner, "{tp:?}");
        for lang in [Lang::En, Lang::Ko, Lang::Es] {
            let (png, smallest) = chart::chart_drawn(&p, &c, lang);
            assert_eq!(png_size(&png), (600, 420));
            // Every text reads at 11 px or more where Discord shows the chart smallest.
            let shown = smallest as f32 * yut_render::theme::displayed_scale(600, 420);
            assert!(shown >= 11.0, "chart text shown at {shown:.1} px");
            let summary = chart::chart_summary(&p, &c, lang);
            let key = if tp.by_winner {
                "replay-turning-point"
            } else {
                "replay-decisive-mistake"
            };
            assert!(
                summary.contains(&yut_text::say(lang, key, &[])),
                "{summary}"
            );
        }
        let rs = review::reviews(&p);
        assert_eq!(
            rs.len(),
            2,
            "one review per person ({seats} seats, teams {teams})"
        );
        for r in &rs {
            assert!(r.examined > 0);
            assert!(r.worst.len() <= review::KEEP);
            for w in r.worst.windows(2) {
                assert!(w[0].lost() >= w[1].lost());
            }
            for d in &r.worst {
                assert!(d.lost() > 0.0);
                assert_ne!(d.played, d.master);
                let png = review::decision_png(&p, d).expect("a picture");
                assert_eq!(png_size(&png).0, 420);
            }
            let text = review::review_text(r, p.last.id, Lang::Ko);
            assert!(text.contains(&r.name));
        }
    }
}

#[test]
fn an_easy_player_gets_a_review_with_costly_decisions() {
    // Easy plays a random move half the time: over a game Master finds mistakes.
    let (genesis, log) = play(&SimGame {
        seed: 21,
        seats: 2,
        humans: 1,
        human_level: Level::Easy,
        bot_level: Level::Master,
        ..SimGame::default()
    });
    let p = walk(&genesis, &log).unwrap();
    let rs = review::reviews(&p);
    assert_eq!(rs.len(), 1);
    assert_eq!(rs[0].worst.len(), review::KEEP);
    let text = review::review_text(&rs[0], p.last.id, Lang::En);
    assert!(text.contains("Master would play"), "{text}");
}

fn record(p: &Played) -> Record {
    Record::of(p)
}

#[test]
fn the_verifier_accepts_simulated_games() {
    for (seats, teams, seed) in [(2, false, 1), (3, false, 2), (4, false, 3), (4, true, 4)] {
        let p = game(seats, teams, 1, seed);
        let rec = record(&p);
        let json = rec.to_json();
        assert_eq!(verify(json.as_bytes()), Ok(p.throws()));
    }
    // Presets with a throw-off, void throws and other rules.
    for preset in [Preset::Boardgame, Preset::Yunnori, Preset::Nyout] {
        let mut rules = Rules::preset(preset);
        rules.apply_text("nak_p=0.1").unwrap();
        let (genesis, log) = play(&SimGame {
            seed: 9,
            seats: 3,
            humans: 0,
            rules,
            ..SimGame::default()
        });
        let p = walk(&genesis, &log).unwrap();
        let json = record(&p).to_json();
        assert_eq!(verify(json.as_bytes()), Ok(p.throws()), "{preset:?}");
    }
}

#[test]
fn the_verifier_rejects_every_kind_of_tampering() {
    let p = game(2, false, 1, 31);
    let good = record(&p);
    assert!(verify_record(&good).is_ok());

    // A throw changed: the 5th throw shows another result.
    let mut bad = good.clone();
    let (i, _) = bad
        .actions
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, RecordAction::Throw { .. }))
        .nth(4)
        .unwrap();
    if let RecordAction::Throw { sticks, result, .. } = &mut bad.actions[i] {
        sticks.flat = sticks.flat.map(|f| !f);
        *result = sticks.chip(&good.rules);
    }
    match verify_record(&bad) {
        Err(Rejected::ThrowDiffers { throw, action, .. }) => {
            assert_eq!(throw, 5);
            assert_eq!(action, i + 1);
        }
        other => panic!("a changed throw: {other:?}"),
    }
    let msg = verify_record(&bad).unwrap_err().to_string();
    assert!(msg.starts_with("throw 5 "), "{msg}");

    // An action removed.
    let mut bad = good.clone();
    let k = bad
        .actions
        .iter()
        .position(|a| matches!(a, RecordAction::Move { .. }))
        .unwrap();
    bad.actions.remove(k);
    assert!(verify_record(&bad).is_err(), "an action removed");
    // The last action removed: the game does not end as recorded.
    let mut bad = good.clone();
    bad.actions.pop();
    assert!(matches!(verify_record(&bad), Err(Rejected::End(_))));

    // The seed changed (and the commitment with it, or not).
    let mut bad = good.clone();
    let mut seed = yut_table::ThrowSeed::parse(bad.seed.as_deref().unwrap()).unwrap();
    seed.0[0] ^= 1;
    bad.seed = Some(seed.hex());
    assert!(matches!(
        verify_record(&bad),
        Err(Rejected::Commitment { .. })
    ));
    bad.commitment = Some(seed.commitment());
    assert!(
        matches!(
            verify_record(&bad),
            Err(Rejected::ThrowDiffers { .. } | Rejected::StartDiffers { .. })
        ),
        "another seed throws differently"
    );

    // The commitment changed.
    let mut bad = good.clone();
    let mut c = bad.commitment.clone().unwrap();
    c.replace_range(0..1, if c.starts_with('0') { "1" } else { "0" });
    bad.commitment = Some(c);
    assert!(matches!(
        verify_record(&bad),
        Err(Rejected::Commitment { .. })
    ));

    // A move for the wrong seat, an illegal move, no seed.
    let mut bad = good.clone();
    if let Some(RecordAction::Move { seat, .. }) = bad.actions.get_mut(k) {
        *seat = 1 - *seat;
    }
    assert!(matches!(
        verify_record(&bad),
        Err(Rejected::WrongSeat { .. })
    ));
    let mut bad = good.clone();
    if let Some(RecordAction::Move { mv, .. }) = bad.actions.get_mut(k) {
        mv.chip = if mv.chip == Chip::Mo {
            Chip::Do
        } else {
            Chip::Mo
        };
    }
    assert!(matches!(verify_record(&bad), Err(Rejected::Illegal { .. })));
    let mut bad = good.clone();
    bad.seed = None;
    assert_eq!(verify_record(&bad), Err(Rejected::NoSeed));

    // Damaged and truncated files.
    let json = good.to_json();
    assert!(matches!(
        verify(&json.as_bytes()[..json.len() / 2]),
        Err(Rejected::NotARecord(_))
    ));
    assert!(matches!(verify(b"\xff\xfe"), Err(Rejected::NotARecord(_))));
}

#[test]
fn a_running_game_has_a_commitment_but_no_seed() {
    let (genesis, log) = play(&SimGame {
        seed: 2,
        seats: 2,
        ..SimGame::default()
    });
    let p = walk(&genesis, &log[..log.len() / 2]).unwrap();
    let rec = record(&p);
    assert!(rec.commitment.is_some());
    assert_eq!(rec.seed, None);
    assert_eq!(verify_record(&rec), Err(Rejected::NoSeed));
}

#[test]
fn games_stored_before_seeds_still_load_and_have_no_commitment() {
    let (genesis, log) = play(&SimGame {
        seed: 4,
        seats: 2,
        ..SimGame::default()
    });
    let mut state: serde_json::Value = serde_json::to_value(&genesis).unwrap();
    state.as_object_mut().unwrap().remove("throw_seed");
    let old: yut_table::Table = serde_json::from_value(state).unwrap();
    assert_eq!(old.throw_seed, None);
    let p = walk(&old, &log).unwrap();
    assert!(p.finished());
    let rec = record(&p);
    assert_eq!((rec.commitment, rec.seed), (None, None));
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    fn valid() -> &'static str {
        static JSON: OnceLock<String> = OnceLock::new();
        JSON.get_or_init(|| record(&game(2, false, 1, 77)).to_json())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let _ = verify(&bytes);
        }

        #[test]
        fn mutated_records_never_panic(
            edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0u8..4), 1..6),
        ) {
            let mut b = valid().as_bytes().to_vec();
            for (at, byte, kind) in edits {
                if b.is_empty() { break; }
                let i = at % b.len();
                match kind {
                    0 => b[i] = byte,
                    1 => { b.remove(i); }
                    2 => b.insert(i, byte),
                    _ => b.truncate(i),
                }
            }
            let _ = verify(&b);
        }

        #[test]
        fn edited_numbers_never_panic(at in any::<usize>(), value in prop_oneof![
            Just("-1".to_string()), Just("255".to_string()), Just("1e308".to_string()),
            Just("null".to_string()), Just("\"x\"".to_string()), any::<u32>().prop_map(|n| n.to_string()),
        ]) {
            // Replace one number of the record with something else.
            let s = valid();
            let spans: Vec<(usize, usize)> = s
                .char_indices()
                .filter(|(i, c)| c.is_ascii_digit() && !s[..*i].ends_with(|p: char| p.is_ascii_alphanumeric()))
                .map(|(i, _)| {
                    let end = s[i..].find(|c: char| !c.is_ascii_digit() && c != '.').map_or(s.len(), |e| i + e);
                    (i, end)
                })
                .collect();
            let (a, z) = spans[at % spans.len()];
            let edited = format!("{}{value}{}", &s[..a], &s[z..]);
            let _ = verify(edited.as_bytes());
        }
    }
}

/// Issue 46: the replay's caption is the catalog's, seconds included: "126초" in Korean,
/// "126 s" in English and Spanish, with the number of actions.
#[test]
fn the_replay_caption_is_said_in_the_tables_language() {
    let mut p = game(2, false, 1, 5);
    for (lang, want) in [
        (Lang::Ko, ["🎞️ 다시 보기: #", "번 판 · ", "수 · ", "초"]),
        (
            Lang::En,
            ["🎞️ Replay of game #", " · ", " actions · ", " s"],
        ),
        (
            Lang::Es,
            ["🎞️ Repetición de la partida #", " · ", " acciones · ", " s"],
        ),
    ] {
        p.last.settings.lang = lang;
        let files = yut_service::after::replay_files(&p, anim::DEFAULT_LIMIT);
        let caption = files.text.lines().next().unwrap();
        let seconds = files.replay.seconds.to_string();
        let shown = files.replay.shown.to_string();
        assert!(caption.contains(&format!("#{}", p.last.id)), "{caption}");
        assert!(
            caption.contains(&format!("{shown}{}", want[2].split(" · ").next().unwrap())),
            "{caption}"
        );
        assert!(
            caption.ends_with(&format!("{seconds}{}", want[3])),
            "{lang:?}: {caption}"
        );
        for w in want {
            assert!(caption.contains(w), "{lang:?}: {w} in {caption}");
        }
    }
}

/// Issue 46: a throw that differs is compared field by field and the check names the field:
/// a `result` changed alone is not said as "the record says 윷, the seed gives 윷".
#[test]
fn the_verifier_names_the_field_of_a_throw_that_differs() {
    use yut_replay::record::FieldDiff;
    let p = game(2, false, 1, 31);
    let good = record(&p);
    let (i, sticks, result) = good
        .actions
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            RecordAction::Throw { sticks, result, .. } => Some((i, *sticks, *result)),
            _ => None,
        })
        .nth(4)
        .unwrap();
    // The result alone.
    let other = if result == Some(Chip::Do) {
        Chip::Mo
    } else {
        Chip::Do
    };
    let mut bad = good.clone();
    if let RecordAction::Throw { result, .. } = &mut bad.actions[i] {
        *result = Some(other);
    }
    let e = verify_record(&bad).unwrap_err();
    match &e {
        Rejected::ThrowDiffers { throw, fields, .. } => {
            assert_eq!(*throw, 5);
            assert_eq!(fields.len(), 1, "{fields:?}");
            assert_eq!(fields[0].field, "result");
            assert_eq!(
                fields[0].recorded,
                format!("{} ({})", other.korean(), other.name())
            );
            assert_ne!(fields[0].recorded, fields[0].replayed);
        }
        other => panic!("a changed result: {other:?}"),
    }
    let msg = e.to_string();
    assert!(msg.starts_with("throw 5 "), "{msg}");
    assert!(msg.contains("in `result`: the record says "), "{msg}");
    assert!(!msg.contains("`sticks`"), "{msg}");
    // The sticks alone (the result left as the seed's): the sticks are named.
    let mut bad = good.clone();
    if let RecordAction::Throw { sticks: s, .. } = &mut bad.actions[i] {
        s.flat = sticks.flat.map(|f| !f);
    }
    match verify_record(&bad) {
        Err(Rejected::ThrowDiffers { fields, .. }) => {
            let named: Vec<&str> = fields.iter().map(|f: &FieldDiff| f.field).collect();
            assert_eq!(named, ["sticks"], "{fields:?}");
            let flipped: String = sticks
                .flat
                .iter()
                .map(|&f| if f { 'R' } else { 'F' })
                .collect();
            assert_eq!(fields[0].recorded, flipped);
        }
        other => panic!("changed sticks: {other:?}"),
    }
}

/// Issue 46: a record whose `flat_p` was changed is said to have other rules, not a throw
/// that differs: the seed gives every throw with the value the game was played with (and the
/// start too, when a throw-off chooses who starts).
#[test]
fn the_verifier_blames_changed_rules_not_a_throw() {
    let p = game(2, false, 1, 31);
    let good = record(&p);
    assert_eq!(good.rules.flat_p, 0.6);
    for changed in [0.7, 0.5, 0.65] {
        let mut bad = good.clone();
        bad.rules.flat_p = changed;
        let e = verify_record(&bad).unwrap_err();
        match &e {
            Rejected::RulesDiffer {
                rule,
                recorded,
                fits,
                low,
                high,
            } => {
                assert_eq!((*rule, *recorded, *fits), ("flat_p", changed, 0.6), "{e}");
                assert!(*low < 0.6 && 0.6 <= *high, "{e}");
                assert!(!(*low < changed && changed <= *high), "{e}");
            }
            other => panic!("flat_p {changed}: {other:?} ({other})"),
        }
        let msg = e.to_string();
        assert!(msg.starts_with("the rules differ: "), "{msg}");
        assert!(msg.contains("`flat_p` = 0.6 "), "{msg}");
    }
    // A throw-off decides who starts, and void throws are thrown again: the same.
    let mut rules = Rules::preset(Preset::Boardgame);
    rules.apply_text("nak_p=0.1").unwrap();
    let (genesis, log) = play(&SimGame {
        seed: 9,
        seats: 3,
        humans: 0,
        rules,
        ..SimGame::default()
    });
    let good = record(&walk(&genesis, &log).unwrap());
    assert!(!good.start.throw_off.is_empty());
    let mut bad = good.clone();
    bad.rules.flat_p = 0.3;
    match verify_record(&bad) {
        Err(Rejected::RulesDiffer { fits, .. }) => assert_eq!(fits, good.rules.flat_p),
        other => panic!("a throw-off's flat_p: {other:?}"),
    }
    // Another seed is not another flat_p: no value gives its throws.
    let mut bad = good.clone();
    let mut seed = yut_table::ThrowSeed::parse(bad.seed.as_deref().unwrap()).unwrap();
    seed.0[3] ^= 1;
    bad.seed = Some(seed.hex());
    bad.commitment = Some(seed.commitment());
    assert!(matches!(
        verify_record(&bad),
        Err(Rejected::ThrowDiffers { .. } | Rejected::StartDiffers { .. })
    ));
    // A changed throw in a record whose flat_p is as played stays the throw's fault.
    let mut bad = good.clone();
    if let Some(RecordAction::Throw { sticks, .. }) = bad
        .actions
        .iter_mut()
        .filter(|a| matches!(a, RecordAction::Throw { sticks, .. } if !sticks.nak))
        .nth(3)
    {
        sticks.flat = sticks.flat.map(|f| !f);
    }
    assert!(matches!(
        verify_record(&bad),
        Err(Rejected::ThrowDiffers { .. })
    ));
}
