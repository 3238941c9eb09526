//! The text of a game being played, and of a game over.

use super::*;

pub(crate) fn play_text(t: &Table) -> String {
    let lang = t.lang();
    let g = t.game.as_ref().expect("playing");
    let mut s = header(t);
    s.push('\n');
    // A notice first: it tells what caused the moves narrated after it (a bot took a seat
    // left, the time ran out).
    if let Some(n) = &t.notice {
        s.push_str(&n.text(t.lang()));
        s.push('\n');
    }
    for line in narrate(t, &t.last_events)
        .into_iter()
        .rev()
        .take(8)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        s.push_str(&line);
        s.push('\n');
    }
    let seat = g.turn();
    let who = seat_name(t, seat);
    let away = t.seats[seat as usize].away;
    // In the order they came, runs of the same result as one entry ("윷 Yut +4 ×3"), so a long
    // run of 윷 under odd house rules still fits a message.
    let mut runs: Vec<(Chip, usize)> = Vec::new();
    for &c in g.pool() {
        match runs.last_mut() {
            Some((r, n)) if *r == c => *n += 1,
            _ => runs.push((c, 1)),
        }
    }
    let pool: Vec<String> = runs
        .iter()
        .map(|&(c, n)| {
            let label = chip_label(c, lang);
            if n > 1 {
                format!("{label} ×{n}")
            } else {
                label
            }
        })
        .collect();
    let doing = match (g.phase(), t.shown_chip()) {
        (Phase::Throw, _) => word(lang, "view-doing-throw"),
        (_, Some(c)) => {
            // The numbers are on the buttons and the board only while a person chooses.
            let key = if t.computer_acts() {
                "view-doing-moving"
            } else {
                "view-doing-move"
            };
            say(lang, key, &[("chip", chip_label(c, lang).into())])
        }
        (_, None) => word(lang, "view-doing-pick"),
    };
    // The name in bold, the Korean 님 after it (outside the bold).
    let who = format!("**{who}**{}", honor(t, seat));
    let key = if away { "view-turn-away" } else { "view-turn" };
    s.push_str(&say(
        lang,
        key,
        &[("who", who.into()), ("doing", doing.into())],
    ));
    if !pool.is_empty() {
        s.push('\n');
        s.push_str(&say(
            lang,
            "view-to-spend",
            &[("list", pool.join(", ").into())],
        ));
    }
    // The commitment on the first board (before any throw); after, behind "Fair throws".
    if g.last_toss().is_none() {
        if let Some(line) = crate::after::commitment_line(t) {
            s.push('\n');
            s.push_str(&line);
        }
    }
    s
}

pub(crate) fn end_text(t: &Table) -> String {
    let lang = t.lang();
    let mut s = header(t);
    s.push('\n');
    if let Some(i) = t.invite.as_ref().filter(|_| t.status == Status::Stopped) {
        s.push_str(&invite_end(t, i));
        return s;
    }
    if t.status == Status::Stopped {
        match &t.notice {
            Some(n) => s.push_str(&n.text(lang)),
            None => s.push_str(&word(lang, "view-stopped")),
        }
        return s;
    }
    for line in narrate(t, &t.last_events) {
        s.push_str(&line);
        s.push('\n');
    }
    if let Some(o) = t.game.as_ref().and_then(|g| g.outcome()) {
        s.push_str(&word(lang, "view-final-ranking"));
        s.push('\n');
        let g = t.game.as_ref().expect("finished game");
        for (i, side) in o.ranking.iter().enumerate() {
            s.push_str(&say(
                lang,
                "view-ranking-line",
                &[
                    ("place", (i as u32 + 1).into()),
                    ("side", side_name(t, *side).into()),
                    ("home", g.home(*side).into()),
                ],
            ));
            s.push('\n');
        }
    }
    if let Some(line) = crate::after::seed_line(t) {
        s.push_str(&line);
        s.push('\n');
    }
    if t.series.first_to > 1 {
        let sides = t.game.as_ref().map_or(0, |g| g.sides());
        let score: Vec<String> = (0..sides)
            .map(|sd| format!("{} {}", side_name(t, sd), t.series.wins[sd as usize]))
            .collect();
        s.push_str(&say(
            lang,
            "view-match",
            &[("score", score.join(" · ").into())],
        ));
        if let Some(w) = t.series.winner() {
            s.push('\n');
            s.push_str(&say(
                lang,
                "view-match-won",
                &[("side", side_in_sentence(t, w).into())],
            ));
        }
    }
    s
}
