//! One custom-id type for every button: every button a board can carry is written with
//! `Display` and read back with `FromStr` to the same [`ButtonId`]; what is not ours is refused.

use proptest::prelude::*;
use yut_ai::Level;
use yut_game::{Chip, Dest, Move, Origin, Preset};
use yut_table::custom_id::{decode, decode_after, encode, encode_after};
use yut_table::{AfterButton, ButtonId, Command};

fn point() -> impl Strategy<Value = u8> {
    0u8..29
}

fn a_move() -> impl Strategy<Value = Move> {
    let piece = prop_oneof![Just(Origin::New), point().prop_map(Origin::At)];
    let to = prop_oneof![
        Just(Dest::Home),
        Just(Dest::Waiting),
        point().prop_map(Dest::Point)
    ];
    let stack = prop_oneof![Just(None), Just(Some(true)), Just(Some(false))];
    (prop::sample::select(Chip::ALL.to_vec()), piece, to, stack).prop_map(
        |(chip, piece, to, stack)| Move {
            chip,
            piece,
            to,
            stack,
        },
    )
}

/// Every command a button carries (the internal ones, time-outs, bot turns, threads and
/// creation, are never on a button).
fn a_command() -> impl Strategy<Value = Command> {
    let level = prop::sample::select(Level::ALL.to_vec());
    let preset = prop::sample::select(vec![
        Preset::Standard,
        Preset::Boardgame,
        Preset::Yunnori,
        Preset::Nyout,
    ]);
    prop_oneof![
        prop::sample::select(vec![
            Command::Join,
            Command::Leave,
            Command::RemoveBot,
            Command::Start,
            Command::Throw,
            Command::More,
            Command::Back,
            Command::Return,
            Command::AutoPlay,
            Command::Resign,
            Command::Stop,
            Command::Rematch,
            Command::Accept,
            Command::Decline,
            Command::Repost,
            Command::Mode {
                teams: true,
                seats: 4
            },
        ]),
        (0u8..2).prop_map(|team| Command::Team { team }),
        level.clone().prop_map(|level| Command::AddBot { level }),
        level.prop_map(|level| Command::FillBots { level }),
        (2u8..=4).prop_map(|seats| Command::Mode {
            teams: false,
            seats
        }),
        preset.prop_map(|preset| Command::Preset { preset }),
        prop::sample::select(Chip::ALL.to_vec()).prop_map(|chip| Command::Select { chip }),
        a_move().prop_map(|mv| Command::Move { mv }),
    ]
}

fn a_button() -> impl Strategy<Value = ButtonId> {
    prop_oneof![
        (any::<i64>(), any::<u64>(), a_command()).prop_map(|(game, version, command)| {
            ButtonId::Game {
                game,
                version,
                command,
            }
        }),
        (
            any::<i64>(),
            prop::sample::select(AfterButton::ALL.to_vec())
        )
            .prop_map(|(game, button)| ButtonId::After { game, button }),
    ]
}

proptest! {
    #[test]
    fn every_button_reads_back_as_written(b in a_button()) {
        let id = b.to_string();
        prop_assert!(id.len() <= 100, "{id} is longer than Discord allows");
        prop_assert_eq!(id.parse::<ButtonId>(), Ok(b.clone()));
        // The two codecs of old say the same.
        match &b {
            ButtonId::Game { game, version, command } => {
                prop_assert_eq!(encode(*game, *version, command), id.clone());
                prop_assert_eq!(decode(&id), Ok((*game, *version, command.clone())));
                prop_assert_eq!(decode_after(&id), None);
            }
            ButtonId::After { game, button } => {
                prop_assert_eq!(encode_after(*game, *button), id.clone());
                prop_assert_eq!(decode_after(&id), Some((*game, *button)));
                prop_assert!(decode(&id).is_err());
            }
        }
    }

    #[test]
    fn anything_else_is_refused_without_a_panic(s in "\\PC{0,120}") {
        if let Ok(b) = s.parse::<ButtonId>() {
            // Only our own spellings parse, and they write back the same way.
            prop_assert_eq!(b.to_string(), s);
        }
    }
}

#[test]
fn what_is_not_a_button_is_refused() {
    for id in [
        "",
        "yut",
        "yut:1",
        "yut:1:2",
        "yut:1:2:dance",
        "yut:x:2:join",
        "yut:1:-2:join",
        "yut:1:2:join:extra",
        "yut:1:2:mv:do:n:29",
        "yut:1:2:timeout",
        "yut:1:2:botturn",
        "yuta:1",
        "yuta:1:gif",
        "yuta:1:replay:2",
        "yutb:1:replay",
        "yut:1:2:team:2",
        "yut:1:2:mode:5",
    ] {
        assert!(id.parse::<ButtonId>().is_err(), "{id:?} parsed");
    }
    let long = format!("yut:1:2:join{}", " ".repeat(100));
    assert!(long.parse::<ButtonId>().is_err());
}
