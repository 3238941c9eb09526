//! A game's thread: its name, its last words, and the turn's ping.

use super::*;

/// A game's thread is named after its players (Discord: at most 100 characters).
pub fn thread_name(t: &Table) -> String {
    let players = players_line(t);
    truncate(
        say(t.lang(), "thread-name", &[("players", players.into())]),
        100,
    )
}

/// The players of a game, "A vs B" (teams: "A & B vs C & D"), in the table's language.
pub fn players_line(t: &Table) -> String {
    let lang = t.lang();
    let names: Vec<String> = if t.settings.teams {
        let joiner = word(lang, "view-team-joiner");
        (0..2u8)
            .map(|side| {
                t.seats
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| (*i as u8) % 2 == side)
                    .map(|(i, s)| s.name(i, lang))
                    .collect::<Vec<_>>()
                    .join(&joiner)
            })
            .collect()
    } else {
        t.seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.name(i, lang))
            .collect()
    };
    names.join(&word(lang, "thread-versus"))
}

/// The winning side of a game that ended with a result (not abandoned, not stopped).
pub(crate) fn winner(t: &Table) -> Option<u8> {
    t.game
        .as_ref()
        .and_then(|g| g.outcome())
        .filter(|_| t.status == Status::Finished && !t.abandoned)
        .and_then(|o| o.ranking.first().copied())
}

/// What to say in the lobby's channel when a game played in a thread ends.
pub(crate) fn thread_end(t: &Table) -> Option<(u64, String)> {
    let parent = t.thread_parent()?;
    if t.status.is_active() {
        return None;
    }
    let lang = t.lang();
    let thread = format!("<#{}>", t.channel);
    let text = match winner(t) {
        Some(side) => say(
            lang,
            "thread-result",
            &[
                (
                    "winner",
                    format!("**{}**", side_in_sentence(t, side)).into(),
                ),
                ("thread", thread.into()),
            ],
        ),
        None => say(lang, "thread-no-result", &[("thread", thread.into())]),
    };
    Some((parent, text))
}

pub(crate) fn truncate(mut s: String, max_chars: usize) -> String {
    if s.chars().count() > max_chars {
        s = s.chars().take(max_chars - 1).collect::<String>() + "…";
    }
    s
}

/// Mention the person whose turn has just started.
pub(crate) fn turn_ping(t: &Table) -> Option<(u64, Lang)> {
    // Nobody is pinged before the game has moved to its thread (the ping is said there), nor
    // while it is held.
    if t.opening_thread() || t.held {
        return None;
    }
    let started = t
        .last_events
        .iter()
        .any(|e| matches!(e, Event::TurnPassed { .. } | Event::Starts { .. }));
    if !started {
        return None;
    }
    let seat = t.acting()?;
    let s = &t.seats[seat as usize];
    // Nobody is pinged for a turn the computer plays (away, or "bot plays my turn").
    if s.away || s.autoplay {
        return None;
    }
    // In the language the player last used with the bot, else the table's.
    Some((s.player.user()?, s.lang.unwrap_or(t.lang())))
}
