//! What `/yut leaderboard` and `/yut stats` say (issue 15): the season's standings by rating,
//! provisional players apart, and a person's card. Plain text within Discord's 2,000
//! characters a message, in the table's language (the catalog's `standings-*` texts).

use super::core::Lang;
use yut_rating::ModeFamily;
use yut_store::{Card, Standings};
use yut_text::{say, Arg};

/// Discord's limit on a message's text.
pub const MESSAGE_LIMIT: usize = 2000;
/// Longest name shown (Discord's display names are at most 32 characters).
const NAME_CHARS: usize = 32;

fn name(s: &str) -> String {
    let s = s.replace(['*', '_', '`', '~', '|', '[', ']'], "");
    if s.chars().count() > NAME_CHARS {
        s.chars().take(NAME_CHARS - 1).collect::<String>() + "…"
    } else {
        s
    }
}

fn family_name(f: ModeFamily, lang: Lang) -> String {
    let key = match f {
        ModeFamily::OneVsOne => "standings-family-1v1",
        ModeFamily::Teams => "standings-family-teams",
        ModeFamily::FreeForAll => "standings-family-ffa",
    };
    say(lang, key, &[])
}

/// "season 2026-12", or the all-time standings.
fn season_name(season: &str, lang: Lang) -> String {
    match season {
        yut_rating::season::ALL_TIME => say(lang, "standings-season-all-time", &[]),
        s => say(lang, "standings-season", &[("season", s.into())]),
    }
}

/// A count as a number variable (the catalog picks its plural by it).
fn num(n: impl Into<f64>) -> Arg {
    Arg::Num(n.into())
}

fn percent(wins: u32, games: u32) -> u32 {
    if games == 0 {
        0
    } else {
        (100.0 * wins as f64 / games as f64).round() as u32
    }
}

/// One family's standings: the `top` settled ratings, then up to `top` provisional ones.
fn family_block(s: &Standings, top: usize, lang: Lang) -> String {
    let mut out = format!("__{}__\n", family_name(s.family, lang));
    let mut any = false;
    for (i, r) in s.ranked().take(top).enumerate() {
        any = true;
        out.push_str(&say(
            lang,
            "standings-ranked-row",
            &[
                ("place", (i + 1).to_string().into()),
                ("name", name(&r.name).into()),
                ("rating", r.rating.display().to_string().into()),
                ("games", num(r.season_games)),
                ("percent", num(percent(r.season_wins, r.season_games))),
            ],
        ));
        out.push('\n');
    }
    let provisional: Vec<String> = s
        .provisional()
        .take(top)
        .map(|r| {
            format!(
                "{} {} ({})",
                name(&r.name),
                r.rating.display(),
                r.rating.games
            )
        })
        .collect();
    if !provisional.is_empty() {
        any = true;
        let more = s.provisional().count().saturating_sub(top);
        out.push_str(&say(
            lang,
            "standings-provisional",
            &[("list", provisional.join(", ").into())],
        ));
        if more > 0 {
            out.push(' ');
            out.push_str(&say(
                lang,
                "standings-provisional-more",
                &[("more", num(more as u32))],
            ));
        }
        out.push('\n');
    }
    if !any {
        out.push_str(&say(lang, "standings-no-games", &[]));
        out.push('\n');
    }
    out
}

/// `/yut leaderboard`: one family (`top` 10) or every family (5 each), for one season;
/// `seasons` (newest first) are named so that archived ones can be asked for.
pub fn leaderboard_text(boards: &[Standings], seasons: &[String], lang: Lang) -> String {
    let season = boards.first().map_or("", |b| b.season.as_str());
    let mut out = say(
        lang,
        "standings-leaderboard-title",
        &[("season", season_name(season, lang).into())],
    );
    out.push('\n');
    let top = if boards.len() == 1 { 10 } else { 5 };
    for b in boards {
        out.push_str(&family_block(b, top, lang));
    }
    let others: Vec<&str> = seasons
        .iter()
        .filter(|s| s.as_str() != season)
        .take(6)
        .map(String::as_str)
        .collect();
    if !others.is_empty() {
        out.push_str(&say(
            lang,
            "standings-other-seasons",
            &[("list", others.join(", ").into())],
        ));
    }
    fit(out)
}

fn link(guild: u64, channel: u64, message: u64) -> String {
    format!("<https://discord.com/channels/{guild}/{channel}/{message}>")
}

/// `/yut stats`: rating and place per family this season, games, win rate, streaks, the
/// last 10 results with links to their boards, time-outs and leaves.
pub fn card_text(c: &Card, guild: u64, lang: Lang) -> String {
    let mut out = format!("**{}** · {}\n", name(&c.name), season_name(&c.season, lang));
    for f in &c.families {
        let fam = family_name(f.family, lang);
        let shown = f.rating.display();
        let place = match (f.rank, f.rating.provisional()) {
            (_, true) => say(
                lang,
                "standings-place-provisional",
                &[("games", num(f.rating.games))],
            ),
            (Some((r, n)), false) => say(
                lang,
                "standings-place-rank",
                &[("rank", r.to_string().into()), ("of", n.to_string().into())],
            ),
            (None, false) => say(lang, "standings-place-none", &[]),
        };
        out.push_str(&say(
            lang,
            "standings-family-line",
            &[
                ("family", fam.into()),
                ("rating", shown.to_string().into()),
                ("place", place.into()),
                ("games", num(f.season_games)),
                ("percent", num(percent(f.season_wins, f.season_games))),
            ],
        ));
        out.push('\n');
    }
    let streak = match c.streak.signum() {
        1 => say(lang, "standings-streak-won", &[("n", num(c.streak))]),
        -1 => say(lang, "standings-streak-lost", &[("n", num(-c.streak))]),
        _ => say(lang, "standings-streak-none", &[]),
    };
    out.push_str(&say(
        lang,
        "standings-card-games",
        &[
            ("games", c.games.to_string().into()),
            ("wins", c.wins.to_string().into()),
            ("percent", num(percent(c.wins, c.games))),
            ("streak", streak.into()),
            ("best", num(c.best_streak)),
        ],
    ));
    out.push('\n');
    out.push_str(&say(
        lang,
        "standings-card-conduct",
        &[
            ("timeouts", c.timeouts.to_string().into()),
            ("leaves", c.leaves.to_string().into()),
        ],
    ));
    out.push('\n');
    if !c.recent.is_empty() {
        out.push_str(&say(lang, "standings-recent-title", &[]));
        out.push('\n');
    }
    for r in &c.recent {
        let mark = match (r.won, r.left) {
            (_, true) => "🚪",
            (true, false) => "✅",
            (false, false) => "❌",
        };
        let game = match r.message_id {
            Some(m) => format!("[#{}]({})", r.game, link(guild, r.channel, m)),
            None => format!("#{}", r.game),
        };
        let fam = r.family.map_or("", |f| f.name());
        let change = match (r.before, r.after) {
            (Some(b), Some(a)) => format!(" {b} → {a}"),
            _ => String::new(),
        };
        out.push_str(&format!("{mark} {game} {fam}{change}\n"));
    }
    fit(out)
}

/// Cut a text to Discord's limit at a line's end.
fn fit(s: String) -> String {
    if s.chars().count() <= MESSAGE_LIMIT {
        return s;
    }
    let mut out = String::new();
    for line in s.lines() {
        if out.chars().count() + line.chars().count() + 2 > MESSAGE_LIMIT {
            out.push('…');
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
