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
        fair_button(game, lang),
    ]
}

/// "Fair throws": how the throws are made fair, answered privately (on every board of a game
/// whose throws come from a committed seed).
pub fn fair_button(game: i64, lang: Lang) -> Button {
    Button {
        label: say(lang, "after-button-fair", &[]),
        style: Style::Secondary,
        custom_id: encode_after(game, AfterButton::Fair),
        disabled: false,
    }
}

/// The private answer of "Fair throws": the commitment, how it works, the seed once the game
/// is over, and how to check.
pub fn fair_text(t: &Table, lang: Lang) -> String {
    let Some(seed) = t.throw_seed else {
        return say(lang, "after-fair-none", &[]);
    };
    let mut s = say(
        lang,
        "after-fair",
        &[
            ("commitment", seed.commitment().into()),
            ("game", t.id.to_string().into()),
        ],
    );
    let over = t.game.as_ref().is_some_and(|g| g.is_over());
    s.push('\n');
    if over {
        s.push_str(&say(
            lang,
            "after-fair-seed",
            &[
                ("seed", seed.hex().into()),
                ("game", t.id.to_string().into()),
            ],
        ));
    } else {
        s.push_str(&say(
            lang,
            "after-fair-later",
            &[("game", t.id.to_string().into())],
        ));
    }
    s
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
