//! The names and words a view uses: points, chips, moves, sides (with Korean honorifics).

use super::*;

/// The catalog key of each point's name, by id. In English the corners, the centre and
/// 참먹이 go by their names (as on the board picture); other points are "spots", so "Geol spot"
/// is not read as a throw.
pub(crate) const POINT_KEYS: [&str; POINTS] = [
    "view-point-0",
    "view-point-1",
    "view-point-2",
    "view-point-3",
    "view-point-4",
    "view-point-5",
    "view-point-6",
    "view-point-7",
    "view-point-8",
    "view-point-9",
    "view-point-10",
    "view-point-11",
    "view-point-12",
    "view-point-13",
    "view-point-14",
    "view-point-15",
    "view-point-16",
    "view-point-17",
    "view-point-18",
    "view-point-19",
    "view-point-20",
    "view-point-21",
    "view-point-22",
    "view-point-23",
    "view-point-24",
    "view-point-25",
    "view-point-26",
    "view-point-27",
    "view-point-28",
];

/// A point's name.
pub(crate) fn point_name(p: u8, lang: Lang) -> String {
    debug_assert_eq!(point(p).id, p);
    word(lang, POINT_KEYS[p as usize])
}

/// A chip as players say it: 도, 개, 걸, 윷, 모, 빽도 (with the romanization in English).
pub fn chip_label(chip: Chip, lang: Lang) -> String {
    let key = match chip {
        Chip::Do => "view-chip-do",
        Chip::Gae => "view-chip-gae",
        Chip::Geol => "view-chip-geol",
        Chip::Yut => "view-chip-yut",
        Chip::Mo => "view-chip-mo",
        Chip::Backdo => "view-chip-backdo",
        Chip::Seoul => "view-chip-seoul",
        Chip::Busan => "view-chip-busan",
    };
    word(lang, key)
}

/// The letter for the n-th move button (A, B, ...).
/// The mark of the `i`-th move, on its button and at its destination in the picture: a number,
/// so it never reads as a seat letter (the pieces carry A, B, C, D).
pub fn move_mark(i: usize) -> String {
    (i + 1).to_string()
}

/// Label of a move button.
pub fn move_label(i: usize, mv: &Move, lang: Lang) -> String {
    format!("{} · {}", move_mark(i), move_words(mv, lang))
}

/// A move in words: "New piece → Gae spot", "걸 → 모 (업기)".
pub fn move_words(mv: &Move, lang: Lang) -> String {
    let from = match mv.piece {
        Origin::New => word(lang, "view-move-new"),
        Origin::At(p) => point_name(p, lang),
    };
    let to = match mv.to {
        Dest::Point(p) => point_name(p, lang),
        Dest::Home => word(lang, "view-move-home"),
        Dest::Waiting => word(lang, "view-move-off"),
    };
    let key = match mv.stack {
        Some(true) => "view-move-stack",
        Some(false) => "view-move-beside",
        None => "view-move",
    };
    say(lang, key, &[("from", from.into()), ("to", to.into())])
}

/// The moves shown as buttons now, with their labels (the page of the shown chip).
pub fn shown_labels(t: &Table) -> Vec<(Move, String)> {
    let lang = t.lang();
    if t.computer_acts() {
        return Vec::new();
    }
    t.shown_moves()
        .into_iter()
        .enumerate()
        .skip(t.page as usize * MOVES_PER_PAGE)
        .take(MOVES_PER_PAGE)
        .map(|(i, m)| {
            let label = move_label(i, &m, lang);
            (m, label)
        })
        .collect()
}

pub(crate) fn dest_name(d: Dest, lang: Lang) -> String {
    match d {
        Dest::Point(p) => point_name(p, lang),
        Dest::Home => word(lang, "view-dest-home"),
        Dest::Waiting => word(lang, "view-dest-off"),
    }
}

/// A side as a sentence names it: in Korean a player with 님, a team bare (no 님 after a
/// team); in other languages the side's name.
pub fn side_in_sentence(t: &Table, side: u8) -> String {
    if t.settings.teams {
        side_name(t, side)
    } else {
        honored(t, side)
    }
}

// Korean: the honorific 님 after a person's name is chosen here (who sits there is the
// table's); the particles after it (이/가, (으)로) by the catalog's JOSA (`yut_text::korean`).

/// A seat's name, in Korean with " 님" after a person's name (nothing after a bot's).
pub(crate) fn honored(t: &Table, seat: u8) -> String {
    format!("{}{}", seat_name(t, seat), honor(t, seat))
}

/// " 님" after a person's name in Korean; nothing after a bot's, nor in other languages.
pub(crate) fn honor(t: &Table, seat: u8) -> &'static str {
    if t.lang() != Lang::Ko {
        return "";
    }
    match t.seats.get(seat as usize).map(|s| &s.player) {
        Some(Player::Bot { .. }) => "",
        _ => " 님",
    }
}

/// A side's name: the seat's name, or the team's in 2v2.
pub fn side_name(t: &Table, side: u8) -> String {
    if t.settings.teams {
        let lang = t.lang();
        let names: Vec<String> = t
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| (*i as u8) % 2 == side)
            .map(|(i, s)| s.name(i, lang))
            .collect();
        let team = if side == 0 { "A" } else { "B" };
        let team = say(lang, "team-name", &[("team", team.into())]);
        format!("{team} ({})", names.join(&word(lang, "view-team-joiner")))
    } else {
        seat_name(t, side)
    }
}

/// Is this seat a bot? (For renderers and stats.)
pub fn is_bot(p: &Player) -> bool {
    matches!(p, Player::Bot { .. })
}
