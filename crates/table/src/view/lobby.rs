//! The lobby's text: the header, house rules, the invitation and the chances of each side.

use super::*;

/// A preset's name as players see it (Korean: the names the Korean command menu shows); a
/// preset the catalog does not know by its word.
pub fn preset_name(preset: &str, lang: Lang) -> String {
    let key = match preset {
        "standard" => "view-preset-standard",
        "boardgame" => "view-preset-boardgame",
        "yunnori" => "view-preset-yunnori",
        "nyout" => "view-preset-nyout",
        p => return p.to_string(),
    };
    word(lang, key)
}

/// A preset's name for a sentence that also gives its word, the one commands take, as code
/// ("기본 (`standard`)"); in English they are the same, given once.
pub fn preset_with_word(preset: &str, lang: Lang) -> String {
    let name = preset_name(preset, lang);
    if name == preset {
        name
    } else {
        format!("{name} (`{preset}`)")
    }
}

/// The mode: "3 players", "2v2 teams".
pub(crate) fn mode_name(lang: Lang, teams: bool, seats: u8) -> String {
    if teams {
        word(lang, "view-mode-teams")
    } else {
        say(lang, "view-mode-seats", &[("seats", seats.into())])
    }
}

pub(crate) fn header(t: &Table) -> String {
    let lang = t.lang();
    let mode = mode_name(lang, t.settings.teams, t.settings.seats);
    let series = if t.series.first_to > 1 {
        let n = say(lang, "view-first-to", &[("wins", t.series.first_to.into())]);
        format!(" · {n}")
    } else {
        String::new()
    };
    let mut rules = preset_name(&t.settings.preset, lang);
    let house = house_rules(t);
    if !house.is_empty() {
        rules = format!("{rules} + {}", house.join(", "));
    }
    say(
        lang,
        "view-header",
        &[
            ("mode", mode.into()),
            ("rules", rules.into()),
            ("seconds", t.settings.turn_seconds.into()),
            ("series", series.into()),
        ],
    )
}

/// The table's options that differ from its preset (`name=value`), the match length aside
/// (the header says it in words).
pub fn house_rules(t: &Table) -> Vec<String> {
    let Ok(base) = yut_game::Rules::preset_named(&t.settings.preset) else {
        return Vec::new();
    };
    let mut d = t.settings.rules.differences(&base);
    d.retain(|x| !x.starts_with("first_to="));
    d
}

/// A list of names: "A, B and C".
pub(crate) fn and_list(code: &str, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => say_in(
            code,
            "names-and",
            &[("first", rest.join(", ").into()), ("last", last.into())],
        ),
    }
}

/// Who asks whom, in one line.
pub(crate) fn invite_line(t: &Table, kind: InviteKind) -> String {
    let (lang, code) = (t.lang(), i18n::code(t.lang()));
    let host = t
        .seat_of(t.host)
        .map(|i| t.seats[i].name(i, lang))
        .unwrap_or_default();
    match kind {
        InviteKind::Rematch => say_in(code, "invite-rematch-line", &[("host", host.into())]),
        InviteKind::Challenge => {
            let names = |team: Option<u8>| {
                t.seats
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| match team {
                        Some(team) => s.team == team,
                        None => s.player.user() != Some(t.host),
                    })
                    .map(|(i, s)| s.name(i, lang))
                    .collect::<Vec<_>>()
            };
            let (mine, theirs) = if t.settings.teams {
                let my_team = t.seat_of(t.host).map_or(0, |i| t.seats[i].team);
                (names(Some(my_team)), names(Some(1 - my_team)))
            } else {
                (vec![host], names(None))
            };
            say_in(
                code,
                "invite-challenge-line",
                &[
                    ("mine", and_list(code, &mine).into()),
                    ("count", (mine.len() as u32).into()),
                    ("theirs", and_list(code, &theirs).into()),
                ],
            )
        }
    }
}

/// Each side's predicted chance to win, from the ratings.
pub(crate) fn chances_line(t: &Table, chances: &[u8]) -> Option<String> {
    if chances.is_empty() {
        return None;
    }
    let (lang, code) = (t.lang(), i18n::code(t.lang()));
    let parts: Vec<String> = chances
        .iter()
        .enumerate()
        .map(|(side, c)| {
            let who = if t.settings.teams {
                let team = if side == 0 { "A" } else { "B" };
                say_in(code, "team-name", &[("team", team.into())])
            } else {
                t.seats
                    .get(side)
                    .map(|s| s.name(side, lang))
                    .unwrap_or_default()
            };
            format!("{who} {c}%")
        })
        .collect();
    Some(say_in(
        code,
        "invite-chances",
        &[("list", parts.join(" · ").into())],
    ))
}

/// A lobby waiting for its invited players.
pub(crate) fn invite_text(t: &Table) -> String {
    let (lang, code) = (t.lang(), i18n::code(t.lang()));
    let Some(invite) = t.open_invite() else {
        return lobby_text(t);
    };
    let mut s = header(t);
    s.push('\n');
    s.push_str(&invite_line(t, invite.kind));
    s.push('\n');
    for (i, seat) in t.seats.iter().enumerate() {
        let mark = if seat.pending { "⏳" } else { "✅" };
        let host = if seat.player.user() == Some(t.host) {
            format!(" ({})", say_in(code, "seat-host", &[]))
        } else {
            String::new()
        };
        let team = if t.settings.teams {
            format!(" [{}]", if seat.team == 0 { "A" } else { "B" })
        } else {
            String::new()
        };
        s.push_str(&format!(
            "{}. {mark} {}{team}{host}\n",
            i + 1,
            seat.name(i, lang)
        ));
    }
    for name in &invite.declined {
        s.push_str(&say_in(
            code,
            "invite-declined-seat",
            &[("name", name.into())],
        ));
        s.push('\n');
    }
    if let Some(line) = chances_line(t, &invite.chances) {
        s.push_str(&line);
        s.push('\n');
    }
    let pending = t.pending_names();
    if !pending.is_empty() {
        s.push_str(&say_in(
            code,
            "invite-asked",
            &[("names", and_list(code, &pending).into())],
        ));
        s.push(' ');
    }
    s.push_str(&say_in(
        code,
        match invite.kind {
            InviteKind::Challenge => "invite-how-challenge",
            InviteKind::Rematch => "invite-how-rematch",
        },
        &[],
    ));
    s
}

/// How an invitation ended without a game.
pub(crate) fn invite_end(t: &Table, invite: &Invite) -> String {
    let code = i18n::code(t.lang());
    let minutes = (INVITE_MS / 60_000) as u32;
    if invite.expired {
        let names = and_list(code, &t.pending_names());
        let key = match (invite.kind, names.is_empty()) {
            (InviteKind::Challenge, false) => "invite-lapsed-challenge",
            (InviteKind::Challenge, true) => "invite-lapsed-challenge-nobody",
            (InviteKind::Rematch, false) => "invite-lapsed-rematch",
            (InviteKind::Rematch, true) => "invite-lapsed-rematch-nobody",
        };
        return say_in(
            code,
            key,
            &[("names", names.into()), ("minutes", minutes.into())],
        );
    }
    if let Some(name) = &invite.called_off {
        return say_in(code, "invite-called-off", &[("name", name.into())]);
    }
    match (invite.kind, invite.declined.last()) {
        (InviteKind::Challenge, Some(name)) => {
            say_in(code, "invite-declined-challenge", &[("name", name.into())])
        }
        _ => say_in(code, "invite-over", &[]),
    }
}

pub(crate) fn lobby_text(t: &Table) -> String {
    let lang = t.lang();
    let mut s = header(t);
    s.push('\n');
    for (i, seat) in t.seats.iter().enumerate() {
        let host = if seat.player.user() == Some(t.host) {
            format!(" ({})", word(lang, "seat-host"))
        } else {
            String::new()
        };
        let team = if t.settings.teams {
            format!(" [{}]", if seat.team == 0 { "A" } else { "B" })
        } else {
            String::new()
        };
        s.push_str(&format!("{}. {}{team}{host}\n", i + 1, seat.name(i, lang)));
    }
    let free = t.settings.capacity() as usize - t.seats.len();
    for i in 0..free {
        s.push_str(&format!("{}. —\n", t.seats.len() + i + 1));
    }
    s.push_str(&word(lang, "view-lobby-help"));
    if t.deadline_ms.is_some() {
        s.push('\n');
        s.push_str(&word(lang, "view-lobby-closes"));
    }
    s
}

pub(crate) fn seat_name(t: &Table, seat: u8) -> String {
    t.seats
        .get(seat as usize)
        .map(|s| s.name(seat as usize, t.lang()))
        .unwrap_or_else(|| format!("#{}", seat + 1))
}
