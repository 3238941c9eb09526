//! What a follower reads in a direct message when a game starts or ends (`/yut follow`, the
//! Follow button).

use super::*;

/// A game started: who started it (the followed player), who plays, the link to its board.
pub fn follow_started(t: &Table, lang: Lang, who: &str, link: &str) -> String {
    say(
        lang,
        "follow-dm-started",
        &[
            ("who", who.to_string().into()),
            ("players", players_line(t).into()),
            ("link", link.to_string().into()),
        ],
    )
}

/// A game ended: who played, who won (if anyone did), the link to its board.
pub fn follow_ended(t: &Table, lang: Lang, link: &str) -> String {
    let players = players_line(t);
    match winner(t) {
        Some(side) => say(
            lang,
            "follow-dm-ended",
            &[
                ("players", players.into()),
                ("winner", side_in_sentence(t, side).into()),
                ("link", link.to_string().into()),
            ],
        ),
        None => say(
            lang,
            "follow-dm-ended-none",
            &[
                ("players", players.into()),
                ("link", link.to_string().into()),
            ],
        ),
    }
}

/// The name a player is shown with at this table (None: not seated).
pub fn seated_name(t: &Table, user: u64) -> Option<String> {
    let i = t.seat_of(user)?;
    Some(t.seats[i].name(i, t.lang()))
}

/// "Follow" on a running game's board: a direct message to the clicker when the game ends.
pub fn follow_button(game: i64, lang: Lang) -> Button {
    Button {
        label: say(lang, "follow-button", &[]),
        style: Style::Secondary,
        custom_id: crate::custom_id::encode_after(game, crate::custom_id::AfterButton::Follow),
        disabled: false,
    }
}
