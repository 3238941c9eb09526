//! The message and the picture never contradict each other (issue 18): both are made from the
//! same table, and at every step of whole games (2, 3 and 4 seats, teams, every preset, English
//! Korean and Spanish) the results held, the player to act and the winner read the same in the text as
//! in the words the picture draws. Korean texts honour people, not bots.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yut_ai::Level;
use yut_game::{Phase, Preset, Rules};
use yut_render::renderer;
use yut_table::core::{Actor, Command, Lang, Settings, Status, Table};
use yut_table::paint::frame_of;
use yut_table::view::{chip_label, side_name, table_view, NoPainter};
use yut_text::say;

/// A name as the picture draws it: whole, or cut to fit with an ellipsis.
fn drawn_as(drawn: &str, name: &str) -> bool {
    drawn == name
        || drawn
            .strip_suffix('…')
            .is_some_and(|cut| !cut.is_empty() && name.starts_with(cut.trim_end()))
}

/// What one state shows, checked against itself. Returns whether a game was drawn.
fn agree(t: &Table) -> bool {
    let Some(g) = &t.game else { return false };
    let view = table_view(t, &NoPainter);
    let text = view.text.as_str();
    let frame = frame_of(t);
    let words = renderer().words(g, &frame);
    let lang = t.lang();
    let has = |w: &str| words.iter().any(|x| x == w);
    let ctx = || format!("\n--- text:\n{text}\n--- picture:\n{words:?}");
    // Korean: 님 after a person's name, never after a bot's (its name ends with its level in
    // brackets) or a team's.
    assert!(
        !text.contains(") 님") && !text.contains("팀 님"),
        "{}",
        ctx()
    );
    if t.status == Status::Playing && !g.is_over() {
        // The results held.
        let none = has(&say(lang, "picture-pool-empty", &[]));
        // The list's heading: the text of `view-to-spend` up to its list.
        let heading = say(lang, "view-to-spend", &[("list", "".into())]);
        let listed = text.contains(heading.trim_end());
        assert_eq!(none, g.pool().is_empty(), "picture's pool{}", ctx());
        assert_eq!(listed, !g.pool().is_empty(), "text's pool{}", ctx());
        if text.contains(&say(lang, "view-bonus-later", &[])) {
            assert!(!none, "a bonus after held results, none held{}", ctx());
        }
        for c in g.pool() {
            assert!(has(c.korean()), "{c:?} not on the picture{}", ctx());
            assert!(
                text.contains(&chip_label(*c, lang)),
                "{c:?} not in the text{}",
                ctx()
            );
        }
        // The player to act: one pill, on their panel (right after their name), saying the
        // same phase as the text, which names the same seat.
        let pills: Vec<usize> = (0..words.len())
            .filter(|&i| words[i].starts_with("▶ "))
            .collect();
        assert_eq!(pills.len(), 1, "one player to act{}", ctx());
        let p = pills[0];
        let seat = g.turn() as usize;
        assert!(
            p > 0 && drawn_as(&words[p - 1], &frame.players[seat].name),
            "the pill is not on seat {seat}'s panel{}",
            ctx()
        );
        let throwing = g.phase() == Phase::Throw;
        let pill_throw = words[p] == say(lang, "picture-turn-throw", &[]);
        let text_throw = text.contains(&say(lang, "view-doing-throw", &[]));
        assert_eq!(pill_throw, throwing, "picture's phase{}", ctx());
        assert_eq!(text_throw, throwing, "text's phase{}", ctx());
        let who = t.seats[seat].name(seat, lang);
        assert!(
            text.contains(&format!("▶️ **{who}**")),
            "text's player{}",
            ctx()
        ); // The move numbers: while a person chooses a move, the text points to numbered
           // buttons, and every number a button starts with is drawn on the board (at its
           // destination); while the computer moves, the text promises no numbers.
        let marks: Vec<String> = view
            .rows
            .iter()
            .flatten()
            .filter_map(|b| b.label.split_once(" · ").map(|(m, _)| m.to_string()))
            .filter(|m| m.parse::<u32>().is_ok())
            .collect();
        if let Some(c) = t.shown_chip() {
            let chip = chip_label(c, lang);
            let promised = say(lang, "view-doing-move", &[("chip", chip.into())]);
            let people = !t.computer_acts();
            assert_eq!(
                text.contains(&promised),
                people,
                "numbers promised{}",
                ctx()
            );
            assert_eq!(!marks.is_empty(), people, "numbered buttons{}", ctx());
        }
        for m in &marks {
            let drawn = words
                .iter()
                .any(|w| w == m || w.split('/').any(|part| part == m));
            assert!(drawn, "button {m} not on the board{}", ctx());
        }
    }
    // The last throw: the picture shows it while its thrower still acts (or the game is
    // over), naming who threw it, and that is the seat whose throw the last events tell (when
    // they tell one); once the turn has passed it shows no throw, nobody's.
    let threw = |s: u8| {
        let name = &frame.players[s as usize].name;
        say(lang, "picture-threw", &[("name", name.clone().into())])
    };
    let shown = g.last_thrower().filter(|&s| g.is_over() || s == g.turn());
    assert_eq!(yut_render::shown_throw(g).map(|(s, _)| s), shown);
    for s in (0..g.seats()).filter(|&s| Some(s) != shown) {
        let label = threw(s);
        assert!(
            !words.iter().any(|w| drawn_as(w, &label)),
            "{label:?} on the picture, not the seat to act's{}",
            ctx()
        );
    }
    if let Some(thrower) = shown {
        let label = threw(thrower);
        assert!(
            words.iter().any(|w| drawn_as(w, &label)),
            "no {label:?} on the picture{}",
            ctx()
        );
        if let Some(seat) = t.last_events.iter().rev().find_map(|e| match e {
            yut_game::Event::Thrown { seat, .. } => Some(*seat),
            _ => None,
        }) {
            assert_eq!(seat, thrower, "the last throw's owner{}", ctx());
        }
    }
    if let Some(o) = g.outcome() {
        // The winner: the picture's banner names every player of the winning side, and the
        // text ranks that side first; nobody else is named first.
        let banner = words
            .iter()
            .find(|w| w.starts_with("🏆"))
            .unwrap_or_else(|| panic!("no winner on the picture{}", ctx()));
        if !banner.ends_with('…') {
            for s in 0..g.seats() {
                let name = &frame.players[s as usize].name;
                let on_side = g.side_of(s) == o.winner;
                assert_eq!(
                    banner.contains(name.as_str()),
                    on_side,
                    "banner {banner}{}",
                    ctx()
                );
            }
        }
        let first = format!("1. {} —", side_name(t, o.winner));
        assert!(text.contains(&first), "text's winner ({first}){}", ctx());
        assert!(
            !has(&say(lang, "picture-pool-empty", &[]))
                && !words.iter().any(|w| w.starts_with("▶ "))
        );
    }
    true
}

fn settings(preset: Preset, teams: bool, seats: u8, lang: Lang) -> Settings {
    Settings {
        rules: Rules::preset(preset),
        preset: preset.word().into(),
        teams,
        seats,
        turn_seconds: 25,
        lang,
        bot_delay_ms: 1200,
    }
}

#[test]
fn the_text_and_the_picture_agree_at_every_step() {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let host = Actor::user(1, "Ann");
    let mut states = 0;
    let mut finished = 0;
    for (i, preset) in [
        Preset::Standard,
        Preset::Boardgame,
        Preset::Yunnori,
        Preset::Nyout,
    ]
    .into_iter()
    .enumerate()
    {
        for (teams, seats) in [(false, 2), (false, 3), (false, 4), (true, 4)] {
            let lang = [Lang::En, Lang::Ko, Lang::Es][(i + seats as usize) % 3];
            let mut t = Table::new(
                1,
                1,
                1,
                &host,
                settings(preset, teams, seats, lang),
                i as u64,
            );
            t.apply(
                &host,
                &Command::FillBots {
                    level: Level::Normal,
                },
                0,
            )
            .unwrap();
            t.apply(&host, &Command::Start, 0).unwrap();
            let mut now = 0;
            for _ in 0..3000 {
                if t.status != Status::Playing {
                    break;
                }
                states += agree(&t) as u32;
                now += 30_000;
                // Ann plays her own turns by hand: throw, pick a result (its numbered moves
                // shown), then a move.
                if t.acting() == Some(0) && !t.computer_acts() {
                    let g = t.game.as_ref().unwrap();
                    let cmd = match g.phase() {
                        Phase::Throw => Command::Throw,
                        _ if t.selected.is_none() => match g.legal_moves().first() {
                            Some(m) => Command::Select { chip: m.chip },
                            None => Command::Timeout,
                        },
                        _ => {
                            let moves = t.shown_moves();
                            match moves.get(rng.random_range(0..moves.len().max(1))) {
                                Some(m) => Command::Move { mv: *m },
                                None => Command::Back,
                            }
                        }
                    };
                    if t.apply(&host, &cmd, now).is_ok() {
                        continue;
                    }
                }
                let cmd = if t.computer_acts() {
                    Command::BotTurn
                } else {
                    Command::Timeout
                };
                t.apply(&Actor::System, &cmd, now).unwrap();
            }
            assert_eq!(t.status, Status::Finished, "{preset:?} {teams} {seats}");
            assert!(agree(&t));
            finished += 1;
        }
    }
    assert_eq!(finished, 16);
    assert!(states > 1000, "{states} states checked");
}
