//! The pure table: views stay inside Discord's limits in every state, the custom-id codec
//! round-trips, and refusals leave the table unchanged.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yut_ai::Level;
use yut_game::{Preset, Rules};
use yut_table::core::{Actor, Command, Lang, Settings, Status, Table};
use yut_table::view::{decode, encode, table_view, NoPainter, View};

fn check_limits(v: &View) {
    assert!(v.text.chars().count() <= 2000, "content too long");
    if let Some(alt) = &v.alt {
        assert!(alt.chars().count() <= 1024, "alt text too long");
        assert!(!alt.is_empty());
    }
    assert!(v.rows.len() <= 5, "{} rows", v.rows.len());
    for row in &v.rows {
        assert!(
            !row.is_empty() && row.len() <= 5,
            "{} buttons in a row",
            row.len()
        );
        if let yut_table::view::Row::Menu(m) = row {
            assert!(m.custom_id.len() <= 100, "{}", m.custom_id);
            assert!((1..=25).contains(&m.options.len()));
            assert!(m.options.iter().filter(|o| o.default).count() <= 1);
            for o in &m.options {
                assert!(o.label.chars().count() <= 100, "{}", o.label);
                let id = yut_table::view::Menu::chosen(&m.custom_id, &o.value);
                let (game, version, _) = decode(&id).expect("every option decodes");
                assert_eq!((Some(game), Some(version)), (v.game, v.version));
            }
        }
        for b in row {
            assert!(b.custom_id.len() <= 100, "{}", b.custom_id);
            assert!(b.label.chars().count() <= 80, "{}", b.label);
            if let Some((game, _)) = yut_service::after::decode_after(&b.custom_id) {
                // A finished game's Replay, Analysis and Review buttons carry no version.
                assert_eq!(Some(game), v.game);
                continue;
            }
            let (game, version, cmd) = decode(&b.custom_id).expect("every button decodes");
            assert_eq!(decode(&encode(1, 2, &cmd)).unwrap().2, cmd);
            // The view says which game and version it shows, as its buttons do.
            assert_eq!((Some(game), Some(version)), (v.game, v.version));
        }
    }
}

/// English words that only an untranslated text would put in a Spanish (or Korean) view:
/// the board's text, its buttons and its picture's description, word by word.
const ENGLISH: [&str; 14] = [
    "the", "Throw", "your", "Your", "turn", "plays", "Leave", "Waiting", "wins", "Join", "Start",
    "Stop", "move", "Move",
];

/// [`check_limits`], and in Spanish or Korean, no English word.
fn check_view(v: &View, lang: Lang) {
    check_limits(v);
    if lang == Lang::En {
        return;
    }
    let mut all = vec![v.text.clone()];
    all.extend(v.alt.clone());
    all.extend(v.rows.iter().flatten().map(|b| b.label.clone()));
    all.extend(
        v.menus()
            .flat_map(|m| m.options.iter().map(|o| o.label.clone())),
    );
    for t in all {
        for word in t.split(|c: char| !c.is_alphanumeric()) {
            assert!(!ENGLISH.contains(&word), "{lang:?}: {word:?} in {t}");
        }
    }
}

/// Every option of the lobby's menus: its label, whether it is the one in force, and the
/// command choosing it stands for.
fn menu_options(t: &Table) -> Vec<(String, bool, Command)> {
    let v = table_view(t, &NoPainter);
    v.menus()
        .flat_map(|m| {
            m.options.iter().map(|o| {
                let id = yut_table::view::Menu::chosen(&m.custom_id, &o.value);
                (o.label.clone(), o.default, decode(&id).unwrap().2)
            })
        })
        .collect()
}

fn settings(preset: Preset, teams: bool, seats: u8, lang: Lang) -> Settings {
    Settings {
        rules: Rules::preset(preset),
        preset: format!("{preset:?}").to_lowercase(),
        teams,
        seats,
        turn_seconds: 25,
        lang,
        bot_delay_ms: 1200,
    }
}

#[test]
fn every_view_fits_discord() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let host = Actor::user(
        1,
        "Host with a rather long display name 🎲🎲🎲 윷놀이 한 판",
    );
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
            for lang in [Lang::En, Lang::Ko, Lang::Es] {
                let mut t = Table::new(
                    1,
                    1,
                    1,
                    &host,
                    settings(preset, teams, seats, lang),
                    i as u64,
                );
                check_view(&table_view(&t, &NoPainter), lang);
                t.apply(
                    &host,
                    &Command::FillBots {
                        level: Level::Normal,
                    },
                    0,
                )
                .unwrap();
                check_view(&table_view(&t, &NoPainter), lang);
                t.apply(&host, &Command::Start, 0).unwrap();
                let mut now = 0;
                let mut steps = 0;
                while t.status == Status::Playing && steps < 3000 {
                    check_view(&table_view(&t, &NoPainter), lang);
                    now += 30_000;
                    // The host sometimes selects a chip (and backs out) before the timer plays.
                    if t.acting() == Some(0) {
                        if let Some(g) = &t.game {
                            if let Some(m) = g.legal_moves().first().copied() {
                                if t.apply(&host, &Command::Select { chip: m.chip }, now)
                                    .is_ok()
                                {
                                    check_view(&table_view(&t, &NoPainter), lang);
                                    if rng.random_bool(0.5) {
                                        t.apply(&host, &Command::Back, now).unwrap();
                                    }
                                }
                            }
                        }
                    }
                    let cmd = if t.computer_acts() {
                        Command::BotTurn
                    } else {
                        Command::Timeout
                    };
                    t.apply(&Actor::System, &cmd, now).unwrap();
                    steps += 1;
                }
                assert_eq!(
                    t.status,
                    Status::Finished,
                    "{preset:?} teams={teams} seats={seats}"
                );
                let v = table_view(&t, &NoPainter);
                check_view(&v, lang);
                let won = match lang {
                    Lang::En => "wins",
                    Lang::Ko => "승리",
                    Lang::Es => "gana",
                };
                assert!(v.text.contains(won), "{}", v.text);
            }
        }
    }
}

#[test]
fn custom_ids_round_trip_and_garbage_is_refused() {
    for bad in [
        "",
        "yut",
        "yut:1",
        "yut:1:2",
        "yut:x:2:throw",
        "yut:1:2:fly",
        "yut:1:2:mv:geol:99:3",
        "yut:1:2:mv:zap:n:3",
        "yut:1:2:bot:godlike",
        "other:1:2:throw",
        "yut:1:2:timeout",
    ] {
        assert!(decode(bad).is_err(), "{bad}");
    }
    let long = format!("yut:1:2:{}", "a".repeat(200));
    assert!(decode(&long).is_err());
}

#[test]
fn refusals_leave_the_table_unchanged() {
    let host = Actor::user(1, "Ann");
    let stranger = Actor::user(9, "Zed");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::En),
        1,
    );
    let before = t.clone();
    assert!(
        t.apply(&host, &Command::Start, 0).is_err(),
        "one player cannot start"
    );
    assert!(t.apply(&stranger, &Command::Start, 0).is_err());
    assert!(t.apply(&host, &Command::Throw, 0).is_err());
    assert!(t.apply(&Actor::System, &Command::Timeout, 0).is_err());
    assert_eq!(t, before);
    t.apply(&stranger, &Command::Join, 0).unwrap();
    assert_eq!(t.version, 1);
    assert!(t.apply(&stranger, &Command::Join, 0).is_err());
    // A full table: anyone seated may start.
    t.apply(&stranger, &Command::Start, 0).unwrap();
    let playing = t.clone();
    let other = if t.acting() == Some(0) {
        &stranger
    } else {
        &host
    };
    let e = t.apply(other, &Command::Throw, 0).unwrap_err();
    assert!(e.message(Lang::En).contains("turn"));
    assert!(e.message(Lang::Ko).contains("차례"));
    assert!(
        t.apply(&Actor::System, &Command::Timeout, 1000).is_err(),
        "not due yet"
    );
    assert_eq!(t, playing);
    // Auto-play: the first click hands the turn to the bot; a second is refused and changes
    // nothing (the bot is not postponed, the buttons on show stay current).
    let me = if t.acting() == Some(0) {
        &host
    } else {
        &stranger
    };
    t.apply(me, &Command::AutoPlay, 500).unwrap();
    let handed = t.clone();
    let e = t.apply(me, &Command::AutoPlay, 900).unwrap_err();
    assert!(e.message(Lang::En).contains("already"));
    assert_eq!(t, handed);
}

#[test]
fn leave_gives_up_a_lobby_seat_and_hands_a_running_seat_to_a_bot() {
    use yut_table::core::Player;
    let host = Actor::user(1, "Ann");
    let zed = Actor::user(9, "Zed");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 3, Lang::En),
        1,
    );
    t.apply(&zed, &Command::Join, 0).unwrap();
    t.apply(&zed, &Command::Leave, 0).unwrap();
    assert_eq!(t.seats.len(), 1, "the lobby seat is free again");
    t.apply(&zed, &Command::Join, 0).unwrap();
    t.apply(&host, &Command::Start, 0).unwrap();
    assert_eq!(t.status, Status::Playing);
    t.apply(&zed, &Command::Leave, 10).unwrap();
    assert_eq!(t.seats.len(), 2, "a running game keeps its seats");
    assert!(matches!(
        t.seats[1].player,
        Player::Bot {
            level: Level::Normal
        }
    ));
    // Gone is gone: a second leave is refused and changes nothing.
    let before = t.clone();
    assert!(t.apply(&zed, &Command::Leave, 20).is_err());
    assert_eq!(t, before);
}

/// The people seated say "I'm back" whenever they are marked away, so that a game played by
/// time-outs alone runs to its end instead of being abandoned (everyone away for a round).
fn keep_present(t: &mut Table, now: i64) {
    let away: Vec<Actor> = t
        .seats
        .iter()
        .filter(|s| s.away)
        .filter_map(|s| match &s.player {
            yut_table::core::Player::Human { user, name } => Some(Actor::user(*user, name)),
            _ => None,
        })
        .collect();
    for a in away {
        t.apply(&a, &Command::Return, now).unwrap();
    }
}

/// A bot's move is recorded with its command and replays from the record, not by asking the
/// bot again: a log written by one version of the bots replays the same under another. And
/// a bot's choice does not draw from the table's throw stream.
#[test]
fn bot_turns_replay_from_the_recorded_action() {
    use yut_game::{Action, Phase};
    let host = Actor::user(1, "Ann");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::En),
        3,
    );
    t.apply(
        &host,
        &Command::AddBot {
            level: Level::Random,
        },
        0,
    )
    .unwrap();
    t.apply(&host, &Command::Start, 0).unwrap();
    let mut now = 0;
    let mut checked_spends = 0;
    for _ in 0..2000 {
        if t.status != Status::Playing {
            break;
        }
        keep_present(&mut t, now);
        now += 60_000;
        let before = t.clone();
        let out = t.apply(&Actor::System, &Command::Timeout, now).unwrap();
        let played = out.played.expect("the computer's action is reported");
        // Replaying from the record gives the same table.
        let mut again = before.clone();
        again
            .apply_logged(&Actor::System, &Command::Timeout, now, Some(&played))
            .unwrap();
        assert_eq!(again, t);
        let game = before.game.as_ref().unwrap();
        if game.phase() == Phase::Spend {
            // A spend draws nothing from the throw stream, however the bot chose.
            assert_eq!(before.rng, t.rng);
            // A different recorded move is played as recorded.
            let moves = game.legal_moves();
            if let Some(other) = moves.iter().find(|m| Action::Move(**m) != played) {
                let mut alt = before.clone();
                alt.apply_logged(
                    &Actor::System,
                    &Command::Timeout,
                    now,
                    Some(&Action::Move(*other)),
                )
                .unwrap();
                assert_ne!(
                    alt.game, t.game,
                    "the recorded move, not the bot's, is played"
                );
                checked_spends += 1;
            }
        }
    }
    assert_eq!(t.status, Status::Finished);
    assert!(checked_spends > 10, "{checked_spends} spends checked");
}

#[test]
fn the_header_names_the_rules_in_the_table_language() {
    let host = Actor::user(1, "Host");
    for (preset, en, ko) in [
        (Preset::Standard, "standard rules", "기본 규칙"),
        (Preset::Nyout, "nyout rules", "옛 규칙"),
    ] {
        for (lang, want) in [(Lang::En, en), (Lang::Ko, ko)] {
            let t = Table::new(1, 1, 1, &host, settings(preset, false, 2, lang), 0);
            let text = table_view(&t, &NoPainter).text;
            assert!(text.lines().next().unwrap().contains(want), "{text}");
        }
    }
    // House rules follow the preset's name.
    let mut s = settings(Preset::Standard, false, 2, Lang::Ko);
    s.rules.apply_text("finish=exact").unwrap();
    let t = Table::new(1, 1, 1, &host, s, 0);
    let text = table_view(&t, &NoPainter).text;
    assert!(text.contains("기본 + finish=exact 규칙"), "{text}");
}

#[test]
fn extreme_house_rules_still_fit_discord() {
    // Sticks that nearly always land flat: 윷 after 윷, pools of dozens of results. Every
    // view (text, buttons) must still fit a Discord message, and the games must end.
    let host = Actor::user(1, "Host");
    for house in [
        "flat_p=0.97",
        "flat_p=0.995",
        "flat_p=0.03",
        "flat_p=0.9 seoul=on busan=on stacking=choose shortcut=choose backdo_path=choose nak_p=0.5",
    ] {
        for lang in [Lang::En, Lang::Ko, Lang::Es] {
            let mut s = settings(Preset::Standard, false, 4, lang);
            s.rules.apply_text(house).unwrap();
            let mut t = Table::new(1, 1, 1, &host, s, 3);
            t.apply(
                &host,
                &Command::FillBots {
                    level: Level::Normal,
                },
                0,
            )
            .unwrap();
            t.apply(&host, &Command::Start, 0).unwrap();
            let (mut now, mut steps, mut longest) = (0, 0, 0);
            while t.status == Status::Playing && steps < 20_000 {
                let v = table_view(&t, &NoPainter);
                let pool = t.game.as_ref().map_or(0, |g| g.pool().len());
                if pool > 40 {
                    // Runs of one result are written once with a count.
                    assert!(v.text.contains(" ×"), "{}", v.text);
                }
                longest = longest.max(pool);
                check_view(&v, lang);
                keep_present(&mut t, now);
                now += 30_000;
                let cmd = if t.computer_acts() {
                    Command::BotTurn
                } else {
                    Command::Timeout
                };
                t.apply(&Actor::System, &cmd, now).unwrap();
                steps += 1;
            }
            assert_eq!(t.status, Status::Finished, "{house}");
            check_view(&table_view(&t, &NoPainter), lang);
            if house == "flat_p=0.995" {
                assert!(longest >= 40, "pools of {longest} only");
            }
        }
    }
}

/// The lobby's mode buttons: the host switches between 2, 3, 4 players and 2v2 teams; the
/// mode in force is shown pressed; others are refused; fewer seats than are taken is refused
/// and changes nothing; a switch to teams alternates A and B, and the game starts as chosen.
#[test]
fn the_host_picks_the_mode_in_the_lobby() {
    let host = Actor::user(1, "Ann");
    let zed = Actor::user(9, "Zed");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::En),
        1,
    );
    // The menu's options: label, shown as the one in force, command.
    let mode_buttons = |t: &Table| -> Vec<(String, bool, Command)> {
        menu_options(t)
            .into_iter()
            .filter(|o| matches!(o.2, Command::Mode { .. }))
            .collect()
    };
    let shown = mode_buttons(&t);
    assert_eq!(shown.len(), 4, "{shown:?}");
    let pressed: Vec<_> = shown.iter().filter(|b| b.1).map(|b| b.0.as_str()).collect();
    assert_eq!(pressed, ["2 players"]);
    t.apply(&zed, &Command::Join, 0).unwrap();
    // Not the host: refused, nothing changes.
    let before = t.clone();
    let four = Command::Mode {
        teams: false,
        seats: 4,
    };
    let e = t.apply(&zed, &four, 0).unwrap_err();
    assert!(e.message(Lang::En).contains("host"), "{e}");
    assert_eq!(t, before);
    // A moderator may.
    let moderator = Actor::User {
        id: 9,
        name: "Zed".into(),
        moderator: true,
        lang: None,
    };
    t.apply(&moderator, &four, 0).unwrap();
    assert_eq!((t.settings.teams, t.settings.capacity()), (false, 4));
    t.apply(&host, &Command::AddBot { level: Level::Easy }, 0)
        .unwrap();
    // Three seated: two players is refused with the reason, and nothing changes.
    let before = t.clone();
    let two = Command::Mode {
        teams: false,
        seats: 2,
    };
    let e = t.apply(&host, &two, 0).unwrap_err();
    assert!(e.message(Lang::En).contains("3 seats are taken"), "{e}");
    assert!(
        e.message(Lang::Ko).contains("3명"),
        "{}",
        e.message(Lang::Ko)
    );
    assert_eq!(t, before);
    // Teams: seats alternate A, B, A in the order they sat down.
    let teams = Command::Mode {
        teams: true,
        seats: 4,
    };
    t.apply(&host, &teams, 0).unwrap();
    assert!(t.settings.teams);
    let sides: Vec<u8> = t.seats.iter().map(|s| s.team).collect();
    assert_eq!(sides, [0, 1, 0]);
    let pressed: Vec<_> = mode_buttons(&t)
        .into_iter()
        .filter(|b| b.1)
        .map(|b| b.0)
        .collect();
    assert_eq!(pressed, ["2v2 teams"]);
    assert!(table_view(&t, &NoPainter).text.contains("2v2 teams"));
    check_limits(&table_view(&t, &NoPainter));
    t.apply(
        &host,
        &Command::FillBots {
            level: Level::Normal,
        },
        0,
    )
    .unwrap();
    t.apply(&host, &Command::Start, 0).unwrap();
    assert_eq!(t.status, Status::Playing);
    let g = t.game.as_ref().unwrap();
    assert_eq!((g.seats(), g.teams(), g.sides()), (4, true, 2));
    // Once playing, the mode is fixed.
    let before = t.clone();
    assert!(t.apply(&host, &two, 0).is_err());
    assert_eq!(t, before);
    assert!(mode_buttons(&t).is_empty());
    // Back from teams to three players: everyone keeps a seat, sides reset.
    let mut l = Table::new(
        2,
        1,
        1,
        &host,
        settings(Preset::Standard, true, 4, Lang::Ko),
        1,
    );
    l.apply(&zed, &Command::Join, 0).unwrap();
    l.apply(
        &host,
        &Command::Mode {
            teams: false,
            seats: 3,
        },
        0,
    )
    .unwrap();
    assert_eq!(
        (l.settings.teams, l.settings.seats, l.seats.len()),
        (false, 3, 2)
    );
    let pressed: Vec<_> = mode_buttons(&l)
        .into_iter()
        .filter(|b| b.1)
        .map(|b| b.0)
        .collect();
    assert_eq!(pressed, ["3인"]);
    for bad in ["yut:1:2:mode:5", "yut:1:2:mode:1", "yut:1:2:mode:team"] {
        assert!(decode(bad).is_err(), "{bad}");
    }
}

/// The lobby's preset buttons: the host switches the rules; the house rules and the match
/// length chosen on `/yut new` stay on top of the new preset; others are refused; the game
/// starts with the rules shown.
#[test]
fn the_host_picks_the_preset_in_the_lobby() {
    use yut_game::{OptionValue, Preset};
    let host = Actor::user(1, "Ann");
    let zed = Actor::user(9, "Zed");
    let mut s = settings(Preset::Standard, false, 2, Lang::En);
    s.rules.apply_text("backdo=off seoul=on").unwrap();
    s.rules.set("first_to", &OptionValue::Int(3)).unwrap();
    let mut t = Table::new(1, 1, 1, &host, s, 1);
    // The menu's options: label, shown as the one in force, command.
    let preset_buttons = |t: &Table| -> Vec<(String, bool, Command)> {
        menu_options(t)
            .into_iter()
            .filter(|o| matches!(o.2, Command::Preset { .. }))
            .collect()
    };
    let shown = preset_buttons(&t);
    let labels: Vec<_> = shown.iter().map(|b| b.0.as_str()).collect();
    assert_eq!(
        labels,
        [
            "standard rules",
            "boardgame rules",
            "yunnori rules",
            "nyout rules"
        ]
    );
    assert_eq!(shown.iter().filter(|b| b.1).count(), 1);
    assert!(shown[0].1, "standard is the one in force");
    t.apply(&zed, &Command::Join, 0).unwrap();
    let nyout = Command::Preset {
        preset: Preset::Nyout,
    };
    let before = t.clone();
    let e = t.apply(&zed, &nyout, 0).unwrap_err();
    assert!(e.message(Lang::En).contains("host"));
    assert_eq!(t, before);
    t.apply(&host, &nyout, 0).unwrap();
    let mut want = Rules::preset(Preset::Nyout);
    want.apply_text("backdo=off seoul=on first_to=3").unwrap();
    assert_eq!(t.settings.rules, want);
    assert_eq!(t.settings.preset, "nyout");
    let text = table_view(&t, &NoPainter).text;
    assert!(text.contains("nyout + seoul=on rules"), "{text}");
    assert!(text.contains("first to 3"), "{text}");
    check_limits(&table_view(&t, &NoPainter));
    // Back to standard: exactly what /yut new had set up.
    t.apply(
        &host,
        &Command::Preset {
            preset: Preset::Standard,
        },
        0,
    )
    .unwrap();
    assert_eq!(t.settings.rules, before.settings.rules);
    t.apply(
        &host,
        &Command::Preset {
            preset: Preset::Yunnori,
        },
        0,
    )
    .unwrap();
    t.apply(&host, &Command::Start, 0).unwrap();
    assert_eq!(t.game.as_ref().unwrap().rules(), &t.settings.rules);
    assert!(
        preset_buttons(&t).is_empty(),
        "no preset buttons once playing"
    );
    let before = t.clone();
    assert!(t.apply(&host, &nyout, 0).is_err());
    assert_eq!(t, before);
    assert!(decode("yut:1:2:preset:chess").is_err());
}

/// The lobby's idle clock, pure: every change restarts it; only the system's time-out at or
/// after the deadline closes the lobby; the closed lobby says why and offers to open again.
#[test]
fn an_idle_lobby_closes_itself() {
    use yut_table::core::LOBBY_IDLE_MS;
    let host = Actor::user(1, "Ann");
    let zed = Actor::user(9, "Zed");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::Ko),
        1,
    );
    t.arm_lobby(0);
    assert_eq!(t.deadline_ms, Some(LOBBY_IDLE_MS));
    t.apply(&zed, &Command::Join, 600_000).unwrap();
    assert_eq!(t.deadline_ms, Some(600_000 + LOBBY_IDLE_MS));
    let before = t.clone();
    assert!(t
        .apply(&Actor::System, &Command::Timeout, LOBBY_IDLE_MS)
        .is_err());
    assert!(t
        .apply(&host, &Command::Timeout, 600_000 + LOBBY_IDLE_MS)
        .is_err());
    assert_eq!(t, before);
    t.apply(&Actor::System, &Command::Timeout, 600_000 + LOBBY_IDLE_MS)
        .unwrap();
    assert_eq!((t.status, t.deadline_ms), (Status::Stopped, None));
    let v = table_view(&t, &NoPainter);
    check_limits(&v);
    assert!(v.text.contains("대기실을 닫았어요"), "{}", v.text);
    let labels: Vec<_> = v.rows.iter().flatten().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["대기실 다시 열기"]);
    let again = t.rematch(2, 7, 3_000_000, 1);
    assert_eq!(again.status, Status::Lobby);
    assert_eq!(again.deadline_ms, Some(3_000_000 + LOBBY_IDLE_MS));
    assert_eq!(again.seats, t.seats);
    assert!(again.notice.is_none());
    // A started game has no lobby clock; its deadline is the turn's.
    let mut p = again.clone();
    p.apply(&host, &Command::Start, 3_000_000).unwrap();
    assert!(p.deadline_ms.unwrap() <= 3_000_000 + 25_000);
}

/// Point names the picture does not write (all but the corners' and the centre's), in a
/// language; a name that is also a throw's (Korean 도, 개…) is left out, the held results
/// naming it.
fn unlabelled_point_names(lang: Lang) -> Vec<String> {
    use yut_text::word;
    let chips: Vec<String> = yut_game::Chip::ALL
        .iter()
        .map(|c| yut_table::view::chip_label(*c, lang))
        .collect();
    (0..yut_game::board::POINTS as u8)
        .filter_map(|p| {
            let name = word(lang, &format!("view-point-{p}"));
            let drawn = yut_render::layout::point_label(p).map(|k| word(lang, k));
            (drawn.as_deref() != Some(name.as_str()) && !chips.iter().any(|c| c.contains(&name)))
                .then_some(name)
        })
        .collect()
}

/// The board's alt text says what the picture shows: the winner once the game is over, the
/// last move, every side's pieces waiting, home and where the others stand (as steps from
/// home, stacks counted), the results held and who is to act; it names no point the picture
/// does not label.
#[test]
fn the_board_is_described_for_screen_readers() {
    use yut_game::{Phase, Unit};
    use yut_table::view::{board_alt, side_in_sentence, steps_home};
    use yut_text::say;
    let host = Actor::user(1, "Ann");
    let zed = Actor::user(9, "Zed");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::En),
        3,
    );
    assert!(
        table_view(&t, &NoPainter).alt.is_none(),
        "a lobby has no board"
    );
    t.apply(&zed, &Command::Join, 0).unwrap();
    t.apply(&host, &Command::Start, 0).unwrap();
    let hidden: Vec<(Lang, Vec<String>)> = [Lang::En, Lang::Ko, Lang::Es]
        .into_iter()
        .map(|l| (l, unlabelled_point_names(l)))
        .collect();
    assert!(hidden[0].1.contains(&"Dwit-geol spot".to_string()));
    assert!(hidden[0].1.contains(&"Cham".to_string()));
    let mut now = 0;
    // Play to the end, seeing a stack of two or more, a result held and a capture.
    let (mut seen_stack, mut seen_pool, mut seen_capture) = (false, false, false);
    for step in 0..4000 {
        let g = t.game.as_ref().unwrap();
        let alt = board_alt(&t);
        assert_eq!(
            table_view(&t, &NoPainter).alt.as_deref(),
            Some(alt.as_str())
        );
        for side in 0..2u8 {
            let who = if side == 0 { "Ann" } else { "Zed" };
            let line = format!("{who}: {} waiting, {} home", g.waiting(side), g.home(side));
            assert!(alt.contains(&line), "{alt} lacks {line}");
        }
        for u in g.units() {
            let n = steps_home(g, u);
            let steps = if n == 1 {
                "1 step".to_string()
            } else {
                format!("{n} steps")
            };
            assert!(alt.contains(&format!("{steps} from home")), "{alt}: {u:?}");
        }
        let stacks: Vec<&Unit> = g.units().iter().filter(|u| u.count > 1).collect();
        for u in &stacks {
            seen_stack = true;
            assert!(
                alt.contains(&format!("a stack of {} at ", u.count)),
                "{alt}"
            );
        }
        if g.phase() == Phase::Spend && !g.pool().is_empty() {
            seen_pool = true;
            assert!(alt.contains("Results held:"), "{alt}");
        }
        let last = yut_render::LastMove::from_events(&t.last_events);
        assert_eq!(alt.contains("Last move: "), last.is_some(), "{alt}");
        if let Some(l) = last.filter(|l| !l.captured.is_empty()) {
            seen_capture = true;
            assert!(alt.contains("pieces sent back."), "{alt}: {l:?}");
        }
        // No point named that the picture does not label, in any language.
        if step % 7 == 0 || g.is_over() {
            for (lang, names) in &hidden {
                let mut other = t.clone();
                other.settings.lang = *lang;
                let alt = board_alt(&other);
                for n in names {
                    assert!(!alt.contains(n.as_str()), "{lang:?}: {n:?} in {alt}");
                }
            }
        }
        if t.status != Status::Playing {
            break;
        }
        let acting = t.acting().unwrap();
        let name = if acting == 0 { "Ann" } else { "Zed" };
        assert!(alt.ends_with(&format!("{name} to act.")), "{alt}");
        keep_present(&mut t, now);
        now += 30_000;
        t.apply(&Actor::System, &Command::Timeout, now).unwrap();
    }
    assert!(seen_stack && seen_pool && seen_capture);
    // The final board says who won, first, in every language.
    let g = t.game.as_ref().unwrap();
    let winner = g.outcome().expect("the game was played to its end").winner;
    for lang in [Lang::En, Lang::Ko, Lang::Es] {
        let mut t = t.clone();
        t.settings.lang = lang;
        let won = say(
            lang,
            "view-alt-won",
            &[("side", side_in_sentence(&t, winner).into())],
        );
        let alt = board_alt(&t);
        let board = yut_text::word(lang, "view-alt-board");
        assert!(alt.starts_with(&format!("{board} {won}")), "{alt}");
    }
    assert!(board_alt(&t).contains(if winner == 0 {
        "Winner: Ann."
    } else {
        "Winner: Zed."
    }));
    let mut ko = t.clone();
    ko.settings.lang = Lang::Ko;
    assert!(board_alt(&ko).starts_with("윷판."));
}

/// "Fill empty seats" fills with the level of the bot seated last (Normal before any).
#[test]
fn fill_uses_the_level_of_the_last_bot_added() {
    use yut_table::core::Player;
    let host = Actor::user(1, "Ann");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 4, Lang::En),
        1,
    );
    let fill = |t: &Table| {
        table_view(t, &NoPainter)
            .rows
            .iter()
            .flatten()
            .find_map(|b| match decode(&b.custom_id).unwrap().2 {
                Command::FillBots { level } => Some((b.label.clone(), level)),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(
        fill(&t),
        ("Fill empty seats (Normal bots)".to_string(), Level::Normal)
    );
    t.apply(
        &host,
        &Command::AddBot {
            level: Level::Master,
        },
        0,
    )
    .unwrap();
    let (label, level) = fill(&t);
    assert_eq!(
        (label.as_str(), level),
        ("Fill empty seats (Master bots)", Level::Master)
    );
    t.apply(&host, &Command::FillBots { level }, 0).unwrap();
    let levels: Vec<_> = t
        .seats
        .iter()
        .filter_map(|s| match s.player {
            Player::Bot { level } => Some(level),
            _ => None,
        })
        .collect();
    assert_eq!(levels, [Level::Master; 3]);

    // The level menu: a seated person picks Easy; the bot buttons then seat Easy bots, the
    // menu shows Easy; a stranger's choice is refused and changes nothing.
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 3, Lang::En),
        1,
    );
    let level_menu = |t: &Table| {
        let v = table_view(t, &NoPainter);
        let m = v
            .menus()
            .find(|m| m.custom_id.ends_with(":level"))
            .expect("a level menu")
            .clone();
        m.options
            .iter()
            .filter(|o| o.default)
            .map(|o| o.label.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(level_menu(&t), ["Bot level: Normal"]);
    let before = t.clone();
    let easy = Command::BotLevel { level: Level::Easy };
    assert!(t.apply(&Actor::user(9, "Zed"), &easy, 0).is_err());
    assert_eq!(t, before);
    t.apply(&host, &easy, 0).unwrap();
    assert_eq!(level_menu(&t), ["Bot level: Easy"]);
    assert_eq!(
        fill(&t),
        ("Fill empty seats (Easy bots)".to_string(), Level::Easy)
    );
    let add =
        table_view(&t, &NoPainter)
            .buttons()
            .find_map(|b| match decode(&b.custom_id).unwrap().2 {
                Command::AddBot { level } => Some((b.label.clone(), level)),
                _ => None,
            });
    assert_eq!(add, Some(("+ Bot (Easy)".to_string(), Level::Easy)));
}

/// The lobby: Join and Leave (and the teams) as buttons, then one menu each for the mode, the
/// rules and the bots' level, then the bot buttons, Start and Cancel; every option a command
/// that decodes, the one in force marked, in every mode and language.
#[test]
fn the_lobby_has_three_menus_and_its_buttons() {
    use yut_table::view::Row;
    for lang in [Lang::En, Lang::Ko, Lang::Es] {
        for (teams, seats) in [(false, 2), (false, 3), (false, 4), (true, 4)] {
            let host = Actor::user(1, "Ann");
            let t = Table::new(
                1,
                1,
                1,
                &host,
                settings(Preset::Yunnori, teams, seats, lang),
                1,
            );
            let v = table_view(&t, &NoPainter);
            check_view(&v, lang);
            let kinds: Vec<&str> = v
                .rows
                .iter()
                .map(|r| match r {
                    Row::Buttons(_) => "buttons",
                    Row::Menu(_) => "menu",
                })
                .collect();
            assert_eq!(kinds, ["buttons", "menu", "menu", "menu", "buttons"]);
            let commands: Vec<Vec<(Command, bool)>> = v
                .menus()
                .map(|m| {
                    m.options
                        .iter()
                        .map(|o| {
                            let id = yut_table::view::Menu::chosen(&m.custom_id, &o.value);
                            (decode(&id).expect("an option decodes").2, o.default)
                        })
                        .collect()
                })
                .collect();
            let current: Vec<Vec<Command>> = commands
                .iter()
                .map(|m| m.iter().filter(|c| c.1).map(|c| c.0.clone()).collect())
                .collect();
            assert_eq!(
                current,
                [
                    vec![Command::Mode { teams, seats }],
                    vec![Command::Preset {
                        preset: Preset::Yunnori
                    }],
                    vec![Command::BotLevel {
                        level: Level::Normal
                    }],
                ]
            );
            assert_eq!(commands.iter().map(Vec::len).collect::<Vec<_>>(), [4, 4, 3]);
            let pressed: Vec<Command> = v
                .buttons()
                .map(|b| decode(&b.custom_id).unwrap().2)
                .collect();
            for c in [Command::Join, Command::Leave, Command::Start, Command::Stop] {
                assert!(pressed.contains(&c), "{c:?}");
            }
            assert_eq!(pressed.len(), if teams { 9 } else { 7 });
        }
    }
}

/// While a bot (or the stand-in of an auto-playing person) acts, the board offers only what a
/// person may do then: leave, stop, and "I'm back" for the person whose seat is played for
/// them; no throw, result or move buttons, and the picture highlights no destination. Move
/// marks are numbers, never seat letters.
#[test]
fn bot_turns_offer_no_action_buttons() {
    use yut_table::paint::frame_of;
    let ann = Actor::user(1, "Ann");
    let mut t = Table::new(
        1,
        1,
        1,
        &ann,
        settings(Preset::Standard, false, 2, Lang::En),
        9,
    );
    t.apply(
        &ann,
        &Command::AddBot {
            level: Level::Random,
        },
        0,
    )
    .unwrap();
    t.apply(&ann, &Command::Start, 0).unwrap();
    let actions = |v: &View| -> Vec<Command> {
        v.rows
            .iter()
            .flatten()
            .filter(|b| !b.custom_id.starts_with("yuta:"))
            .map(|b| decode(&b.custom_id).unwrap().2)
            .collect()
    };
    let mut now = 0;
    let (mut bot_boards, mut ann_boards, mut auto_boards) = (0, 0, 0);
    for step in 0..400 {
        if t.status != Status::Playing {
            break;
        }
        let v = table_view(&t, &NoPainter);
        check_limits(&v);
        let cmds = actions(&v);
        let ann_turn = t.acting() == Some(0);
        if t.computer_acts() {
            for c in &cmds {
                assert!(
                    matches!(c, Command::Resign | Command::Stop | Command::Return),
                    "a dead button while the computer acts: {c:?}"
                );
            }
            assert_eq!(
                cmds.contains(&Command::Return),
                ann_turn,
                "I'm back only for the person played for"
            );
            let f = frame_of(&t);
            assert!(f.selected.is_none() && f.labels.is_empty());
            assert!(v.ping.is_none() || !ann_turn);
            if ann_turn {
                auto_boards += 1;
            } else {
                bot_boards += 1;
            }
        } else {
            assert!(ann_turn);
            ann_boards += 1;
            assert!(cmds.iter().any(|c| matches!(
                c,
                Command::Throw | Command::Select { .. } | Command::Move { .. }
            )));
            for b in v
                .rows
                .iter()
                .flatten()
                .filter(|b| !b.custom_id.starts_with("yuta:"))
            {
                if let Command::Move { .. } = decode(&b.custom_id).unwrap().2 {
                    let mark = b.label.split(' ').next().unwrap();
                    assert!(mark.parse::<u32>().is_ok(), "{}", b.label);
                }
            }
        }
        now += 60_000;
        // Ann lets the bot play her turns for a while, then comes back.
        if ann_turn && !t.computer_acts() && (40..80).contains(&step) {
            t.apply(&ann, &Command::AutoPlay, now).unwrap();
            continue;
        }
        if ann_turn && t.computer_acts() && step >= 80 {
            t.apply(&ann, &Command::Return, now).unwrap();
            assert!(!t.computer_acts(), "her own turn again");
            assert!(
                t.deadline_ms.unwrap() >= now + 25_000,
                "her own time to act"
            );
            continue;
        }
        if t.computer_acts() {
            t.apply(&Actor::System, &Command::BotTurn, now).unwrap();
        } else {
            // Ann plays her own turn.
            let g = t.game.as_ref().unwrap();
            let cmd = match g.phase() {
                yut_game::Phase::Throw => Command::Throw,
                _ => Command::Move {
                    mv: g.legal_moves()[0],
                },
            };
            t.apply(&ann, &cmd, now).unwrap();
        }
    }
    assert!(
        bot_boards > 10 && ann_boards > 10 && auto_boards > 0,
        "{bot_boards} {ann_boards} {auto_boards}"
    );
    // "I'm back" from someone nobody plays for is refused.
    if t.status == Status::Playing && !t.seats[0].autoplay && !t.seats[0].away {
        assert!(t.apply(&ann, &Command::Return, now).is_err());
    }
}

/// A leave, a stop (by whom), a seat handed to a bot and a player back from away are said on
/// the board everyone sees, in the table's language; a team is named without 님.
#[test]
fn every_event_is_said_on_the_shared_board() {
    for lang in [Lang::En, Lang::Ko, Lang::Es] {
        let host = Actor::user(1, "Ann");
        let zed = Actor::user(9, "Zed");
        let mut t = Table::new(
            1,
            1,
            1,
            &host,
            settings(Preset::Standard, false, 3, lang),
            1,
        );
        t.apply(&zed, &Command::Join, 0).unwrap();
        t.apply(&host, &Command::AddBot { level: Level::Easy }, 0)
            .unwrap();
        t.apply(&host, &Command::Start, 0).unwrap();
        // Zed leaves mid-game: the board says so, and that a bot took the seat.
        t.apply(&zed, &Command::Leave, 10).unwrap();
        let text = table_view(&t, &NoPainter).text;
        let want = match lang {
            Lang::En => ["Zed left the game", "a bot (Normal) plays their seat"],
            Lang::Ko => ["Zed 님이 판을 떠났어요", "봇(보통)"],
            Lang::Es => ["Zed", "bot"],
        };
        check_view(&table_view(&t, &NoPainter), lang);
        for w in want {
            assert!(text.contains(w), "{lang:?}: {w} in {text}");
        }
        // Ann lets the bot play, comes back: said.
        let mut now = 10;
        while t.acting() != Some(0) && t.status == Status::Playing {
            now += 2_000;
            let _ = t.apply(&Actor::System, &Command::BotTurn, now);
        }
        if t.acting() == Some(0) {
            t.apply(&host, &Command::AutoPlay, now).unwrap();
            t.apply(&host, &Command::Return, now + 1).unwrap();
            let text = table_view(&t, &NoPainter).text;
            let w = match lang {
                Lang::En => "Ann is back",
                Lang::Ko => "Ann 님이 돌아와",
                Lang::Es => "Ann",
            };
            check_view(&table_view(&t, &NoPainter), lang);
            assert!(text.contains(w), "{lang:?}: {w} in {text}");
        }
        // Ann stops it: everyone reads who did.
        t.apply(&host, &Command::Stop, now + 2).unwrap();
        let text = table_view(&t, &NoPainter).text;
        let w = match lang {
            Lang::En => "Ann stopped the game",
            Lang::Ko => "Ann 님이 판을 끝냈어요",
            Lang::Es => "Ann",
        };
        check_view(&table_view(&t, &NoPainter), lang);
        assert!(text.contains(w), "{lang:?}: {w} in {text}");
    }
    // 2v2 in Korean: a team is named "A팀 (…)", never followed by 님.
    let host = Actor::user(1, "Ann");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, true, 4, Lang::Ko),
        3,
    );
    for _ in 0..3 {
        t.apply(&host, &Command::AddBot { level: Level::Easy }, 0)
            .unwrap();
    }
    t.apply(&host, &Command::Start, 0).unwrap();
    t.apply(&host, &Command::Leave, 5).unwrap();
    let mut now = 10;
    while t.status == Status::Playing && now < 10_000_000 {
        now += 2_000;
        let _ = t.apply(&Actor::System, &Command::BotTurn, now);
    }
    assert_eq!(t.status, Status::Finished);
    let text = table_view(&t, &NoPainter).text;
    assert!(text.contains("팀 ("), "{text}");
    // After each team's closing parenthesis (names inside may have their own), no 님.
    for (at, _) in text.match_indices("팀 (") {
        let rest = &text[at + "팀 (".len()..];
        let mut depth = 1;
        let close = rest
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map(|(i, _)| i)
            .expect("the team's names close");
        assert!(
            !rest[close + 1..].starts_with(" 님"),
            "no 님 after a team: {text}"
        );
    }
    assert!(!text.contains("편 ("), "{text}");
}

/// A player is pinged in the language they last used with the bot, not the table's.
#[test]
fn turn_pings_speak_the_players_language() {
    let host = Actor::user(1, "Ann").speaking(Lang::En);
    let zed = Actor::user(9, "Zed").speaking(Lang::Ko);
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::En),
        4,
    );
    t.apply(&zed, &Command::Join, 0).unwrap();
    t.apply(&host, &Command::Start, 0).unwrap();
    let mut seen = [false; 2];
    let mut now = 0;
    for _ in 0..400 {
        if t.status != Status::Playing {
            break;
        }
        let v = table_view(&t, &NoPainter);
        match v.ping {
            Some((9, lang)) => {
                assert_eq!(lang, Lang::Ko, "Zed is pinged in Korean");
                seen[1] = true;
            }
            Some((1, lang)) => {
                assert_eq!(lang, Lang::En);
                seen[0] = true;
            }
            Some(other) => panic!("{other:?}"),
            None => {}
        }
        // Whoever is up plays the first legal action.
        let who = if t.acting() == Some(0) { &host } else { &zed };
        let g = t.game.as_ref().unwrap();
        let cmd = match g.phase() {
            yut_game::Phase::Throw => Command::Throw,
            _ => Command::Move {
                mv: g.legal_moves()[0],
            },
        };
        now += 100;
        t.apply(who, &cmd, now).unwrap();
    }
    assert_eq!(seen, [true, true], "both were pinged");
    assert_eq!(t.seats[1].lang, Some(Lang::Ko));
}

/// A notice is stored as what happened, not in words: the same stored game reads in the
/// language it is shown in, and a line stored by an earlier version still loads and shows.
#[test]
fn a_stored_notice_is_said_in_the_language_it_is_shown_in() {
    use yut_table::core::Notice;
    let host = Actor::user(1, "Ann");
    let zed = Actor::user(9, "Zed");
    let mut t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::En),
        1,
    );
    t.apply(&zed, &Command::Join, 0).unwrap();
    t.apply(&host, &Command::Start, 0).unwrap();
    t.apply(&zed, &Command::Leave, 10).unwrap();
    assert_eq!(t.notice, Some(Notice::Left { name: "Zed".into() }));
    let stored = serde_json::to_string(&t).unwrap();
    assert!(!stored.contains("left the game"), "no words stored");
    for (lang, want) in [
        (Lang::En, "Zed left the game"),
        (Lang::Ko, "Zed 님이 판을 떠났어요"),
        (Lang::Es, "Zed"),
    ] {
        let mut shown: Table = serde_json::from_str(&stored).unwrap();
        shown.settings.lang = lang;
        let text = table_view(&shown, &NoPainter).text;
        assert!(text.contains(want), "{lang:?}: {text}");
        check_view(&table_view(&shown, &NoPainter), lang);
    }
    // Every kind round-trips; an old stored line is kept as it was.
    for n in [
        Notice::Back { name: "A".into() },
        Notice::Stopped { name: "B".into() },
        Notice::LobbyClosed { minutes: 30 },
        Notice::TimedOut { name: "C".into() },
        Notice::Abandoned,
        Notice::Left { name: "D".into() },
    ] {
        let j = serde_json::to_string(&n).unwrap();
        assert_eq!(serde_json::from_str::<Notice>(&j).unwrap(), n, "{j}");
        for lang in [Lang::En, Lang::Ko, Lang::Es] {
            let said = n.text(lang);
            assert!(!said.is_empty() && !said.contains('{'), "{said}");
        }
        assert_ne!(n.text(Lang::Es), n.text(Lang::En));
    }
    let old: Notice =
        serde_json::from_str("\"⏰ Ann ran out of time; the bot played for them.\"").unwrap();
    assert_eq!(
        old.text(Lang::Ko),
        "⏰ Ann ran out of time; the bot played for them."
    );
}

/// A notice ("Bob left the game") lasts until the next person acts or one full round of
/// turns, whichever comes first.
#[test]
fn a_notice_lasts_one_round_or_until_a_person_acts() {
    use yut_game::Event;
    let said = |t: &Table| table_view(t, &NoPainter).text.contains("Bob left the game");
    let seat = |ann: &Actor, bob: &Actor| {
        let mut t = Table::new(
            1,
            1,
            1,
            ann,
            settings(Preset::Standard, false, 3, Lang::En),
            7,
        );
        t.apply(bob, &Command::Join, 0).unwrap();
        t.apply(ann, &Command::AddBot { level: Level::Easy }, 0)
            .unwrap();
        t.apply(ann, &Command::Start, 0).unwrap();
        t
    };
    let (ann, bob) = (Actor::user(1, "Ann"), Actor::user(2, "Bob"));

    // Everyone left: the bots play on; the notice stays for one round of turns, then goes.
    let mut t = seat(&ann, &bob);
    t.apply(&ann, &Command::Resign, 0).unwrap();
    t.apply(&bob, &Command::Resign, 0).unwrap();
    assert!(said(&t), "shown when it happens");
    let mut passes = 0;
    let mut steps = 0;
    while t.status == Status::Playing && passes < 6 {
        steps += 1;
        assert!(steps < 1_000, "the bots keep playing");
        let now = steps * 1_000_000_000;
        let out = t.apply(&Actor::System, &Command::BotTurn, now).unwrap();
        passes += out
            .events
            .iter()
            .filter(|e| matches!(e, Event::TurnPassed { .. }))
            .count();
        assert_eq!(said(&t), passes < 3, "after {passes} turns passed");
    }
    assert!(passes >= 3, "a round was played");

    // Bob left; the bots play until Ann's turn, whose board still says it; Ann's throw
    // clears it.
    let mut t = seat(&ann, &bob);
    t.apply(&bob, &Command::Resign, 0).unwrap();
    let mut steps = 0;
    while t.computer_acts() {
        steps += 1;
        assert!(steps < 1_000, "Ann's turn comes");
        let now = steps * 1_000_000_000;
        t.apply(&Actor::System, &Command::BotTurn, now).unwrap();
        assert!(said(&t));
    }
    assert!(said(&t), "Ann sees it when her turn comes");
    let text = table_view(&t, &NoPainter).text;
    t.apply(&ann, &Command::Throw, 0).unwrap();
    assert!(!said(&t), "gone once a person acts: {text}");
}

/// The words of every board of a table played to its end by its bots and, on seat 0's turns,
/// by its host (the first legal action).
fn play_out(t: &mut Table, host: &Actor, now: &mut i64, texts: &mut Vec<String>) {
    while t.status == Status::Playing && *now < 50_000_000 {
        *now += 2_000;
        if t.acting() == Some(0) && !t.computer_acts() {
            let g = t.game.as_ref().unwrap();
            let cmd = match g.phase() {
                yut_game::Phase::Throw => Command::Throw,
                _ => Command::Move {
                    mv: g.legal_moves()[0],
                },
            };
            t.apply(host, &cmd, *now).unwrap();
        } else {
            let _ = t.apply(&Actor::System, &Command::BotTurn, *now);
        }
        let v = table_view(t, &NoPainter);
        texts.push(v.text);
        texts.extend(v.alt);
    }
    assert_eq!(t.status, Status::Finished);
}

/// Issue 46: a Korean particle after a name fits the name's last sound (one helper,
/// `yut_text::korean`): a bot's name "🤖 봇 2 (쉬움)" is read 봇 이 (the brackets are an aside)
/// and takes 가, 봇 3 takes 이; a chip "걸 3" takes 으로, "도 1" and "개 2" take 로; a team whose
/// players' names end in a vowel, "A팀 (보라, 🤖 봇 3 (쉬움))", is read A팀 and takes 이.
#[test]
fn korean_particles_fit_the_names_before_them() {
    use yut_game::OptionValue;
    let host = Actor::user(1, "보라");
    let mut s = settings(Preset::Standard, true, 4, Lang::Ko);
    s.rules.set("first_to", &OptionValue::Int(2)).unwrap();
    let mut t = Table::new(1, 1, 1, &host, s, 7);
    for _ in 0..3 {
        t.apply(&host, &Command::AddBot { level: Level::Easy }, 0)
            .unwrap();
    }
    t.apply(&host, &Command::Start, 0).unwrap();
    let (mut now, mut texts, mut id) = (0, Vec::new(), 1);
    loop {
        play_out(&mut t, &host, &mut now, &mut texts);
        if t.series.winner().is_some() {
            break;
        }
        id += 1;
        t = t.rematch(id, id as u64, now, 1);
    }
    let all = texts.join("\n");
    // Both forms written side by side only where the ending cannot be told: never here.
    for both in ["(으)로", "이(가)", "(이)가", "을(를)", "은(는)"] {
        assert!(!all.contains(both), "{both} in {all}");
    }
    // Bots 2 and 4 (이, 사) take 가; bot 3 (삼) takes 이; a person, after 님, 이.
    for wrong in [
        "봇 2 (쉬움)이 ",
        "봇 4 (쉬움)이 ",
        "봇 3 (쉬움)가 ",
        "님가 ",
    ] {
        assert!(!all.contains(wrong), "{wrong} in {all}");
    }
    assert!(
        all.contains("봇 2 (쉬움)가 ") || all.contains("봇 4 (쉬움)가 "),
        "a bot after a vowel: {all}"
    );
    // A chip: 도 1 (일, ㄹ) and 개 2 (이) take 로, 걸 3 (삼) 으로, 윷 4 and 모 5 로.
    for wrong in ["도 1으로", "개 2으로", "걸 3로", "윷 4으로", "모 5으로"] {
        assert!(!all.contains(wrong), "{wrong} in {all}");
    }
    assert!(
        ["도 1로", "개 2로", "걸 3으로", "윷 4로", "모 5로"]
            .iter()
            .any(|c| all.contains(c)),
        "a chip with its particle: {all}"
    );
    // The match's winner: a team, "A팀 (보라, …)" or "B팀 (…)", read as its 팀: 이.
    let line = all
        .lines()
        .find(|l| l.contains("승부에서 이겼어요"))
        .unwrap_or_else(|| panic!("the match is won: {all}"));
    assert!(
        line.starts_with("🏆 A팀 (보라, ") || line.starts_with("🏆 B팀 ("),
        "{line}"
    );
    assert!(line.ends_with(")이 승부에서 이겼어요!"), "{line}");
}

/// Issue 46: the help says the host changes the mode and the rules with the lobby's menus,
/// and they are menus.
#[test]
fn the_help_says_the_lobby_has_menus_for_the_mode_and_the_rules() {
    let host = Actor::user(1, "Ann");
    let t = Table::new(
        1,
        1,
        1,
        &host,
        settings(Preset::Standard, false, 2, Lang::En),
        1,
    );
    let v = table_view(&t, &NoPainter);
    let in_menus = |want: fn(&Command) -> bool| {
        v.menus().any(|m| {
            m.options.iter().any(|o| {
                let id = yut_table::view::Menu::chosen(&m.custom_id, &o.value);
                want(&decode(&id).unwrap().2)
            })
        })
    };
    assert!(in_menus(|c| matches!(c, Command::Mode { .. })));
    assert!(in_menus(|c| matches!(c, Command::Preset { .. })));
    for (code, menus) in [
        ("en", "with its menus"),
        ("ko", "메뉴에서"),
        ("es", "con sus menús"),
    ] {
        let help = yut_text::say_in(code, "cmd-help", &[]);
        let line = help
            .lines()
            .find(|l| l.contains(menus))
            .unwrap_or_else(|| panic!("{code}: {help}"));
        for buttons in ["button", "버튼", "botones"] {
            assert!(!line.contains(buttons), "{code}: {line}");
        }
    }
}

/// Issue 46: results thrown away are said with their number: "descartado" for one,
/// "descartados" for two or more.
#[test]
fn discarded_results_are_said_with_their_number() {
    use yut_game::{Chip, Event};
    for (lang, one, two) in [
        (Lang::Es, ": descartado.", ": descartados."),
        (Lang::En, ": discarded.", ": all discarded."),
        (
            Lang::Ko,
            "도 1로 움직일 말이 없어 버려졌어요.",
            "없어 모두 버려졌어요.",
        ),
    ] {
        let host = Actor::user(1, "Ann");
        let t = Table::new(
            1,
            1,
            1,
            &host,
            settings(Preset::Standard, false, 2, lang),
            1,
        );
        let said = |chips: Vec<Chip>| {
            yut_table::view::narrate(&t, &[Event::Discarded { seat: 0, chips }]).join("\n")
        };
        let s = said(vec![Chip::Do]);
        assert!(s.ends_with(one), "{lang:?}: {s}");
        let s = said(vec![Chip::Do, Chip::Gae]);
        assert!(s.ends_with(two), "{lang:?}: {s}");
    }
}
