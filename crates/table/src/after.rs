//! A finished board's after-game row (Replay, Analysis, My game review) and the lines that
//! make a game's throws verifiable: the seed's commitment while it runs, the seed after.

use crate::core::{Lang, Table};
use crate::custom_id::{encode_after, AfterButton};
use crate::view::{Button, Style};
use yut_text::say;

/// The row of a finished board: Replay, Analysis, My game review.
pub fn buttons(game: i64, lang: Lang) -> Vec<Button> {
    let b = |key: &str, style: Style, which: AfterButton| Button {
        label: say(lang, key, &[]),
        style,
        custom_id: encode_after(game, which),
        disabled: false,
    };
    vec![
        b("after-button-replay", Style::Secondary, AfterButton::Replay),
        b(
            "after-button-analysis",
            Style::Secondary,
            AfterButton::Analysis,
        ),
        b("after-button-review", Style::Secondary, AfterButton::Review),
    ]
}

/// The commitment line of a running game's board: the SHA-256 of its throw seed.
pub fn commitment_line(t: &Table) -> Option<String> {
    let c = t.throw_seed?.commitment();
    Some(say(
        t.lang(),
        "after-commitment",
        &[("commitment", c.into())],
    ))
}

/// The seed line of a finished game's board: the seed itself, revealed.
pub fn seed_line(t: &Table) -> Option<String> {
    let seed = t.throw_seed?;
    t.game.as_ref()?.outcome()?;
    Some(say(t.lang(), "after-seed", &[("seed", seed.hex().into())]))
}
