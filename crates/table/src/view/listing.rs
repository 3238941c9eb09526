//! `/yut games`: a server's running games and open lobbies, a page at a time, each with a link
//! to its board, its players, whose turn it is and how far along it is.

use super::*;

/// Games per page: with the longest names a page stays within Discord's 2,000 characters.
pub const GAMES_PER_PAGE: usize = 10;

/// A game as the list shows it: its table and the link to the message showing it.
pub struct Listed<'a> {
    pub table: &'a Table,
    pub link: String,
}

/// Page `page` (from 1; past the last, the last) of the list, in `lang`.
pub fn games_page(lang: Lang, games: &[Listed<'_>], page: usize) -> String {
    if games.is_empty() {
        return word(lang, "games-none");
    }
    let pages = games.len().div_ceil(GAMES_PER_PAGE);
    let page = page.clamp(1, pages);
    let mut s = say(
        lang,
        "games-head",
        &[
            ("count", (games.len() as u32).into()),
            ("page", (page as u32).into()),
            ("pages", (pages as u32).into()),
        ],
    );
    for g in games
        .iter()
        .skip((page - 1) * GAMES_PER_PAGE)
        .take(GAMES_PER_PAGE)
    {
        s.push('\n');
        s.push_str(&game_line(lang, g));
    }
    if page < pages {
        s.push('\n');
        s.push_str(&say(
            lang,
            "games-more",
            &[("next", (page as u32 + 1).into())],
        ));
    }
    s
}

/// A name cut to `max` characters.
fn short(name: String, max: usize) -> String {
    if name.chars().count() <= max {
        name
    } else {
        name.chars().take(max - 1).collect::<String>() + "…"
    }
}

/// "**#12** [3 players](link) · Alice, Bob, 🤖 Bot 3 (Easy) · ▶️ Bob · 🏠 3 of 12".
fn game_line(lang: Lang, g: &Listed<'_>) -> String {
    let t = g.table;
    let mode = mode_name(lang, t.settings.teams, t.settings.seats);
    let names: Vec<String> = t
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| short(s.name(i, lang), 24).replace(['[', ']', '*', '_', '`'], ""))
        .collect();
    let mut parts = vec![
        format!("**#{}** [{mode}]({})", t.id, g.link),
        names.join(", "),
    ];
    match (&t.game, t.status) {
        (Some(game), Status::Playing) => {
            if let Some(seat) = t.acting() {
                parts.push(format!("▶️ {}", names[seat as usize]));
            }
            let sides = game.sides();
            let home: u32 = (0..sides).map(|side| game.home(side) as u32).sum();
            let pieces = game.pieces_per_side() as u32 * sides as u32;
            parts.push(say(
                lang,
                "games-home",
                &[("home", home.into()), ("pieces", pieces.into())],
            ));
        }
        _ => parts.push(say(
            lang,
            "games-lobby",
            &[
                ("taken", (t.seats.len() as u32).into()),
                ("seats", (t.settings.capacity() as u32).into()),
            ],
        )),
    }
    parts.join(" · ")
}
