//! What `/yut leaderboard` and `/yut stats` say (issue 15): the season's standings by rating,
//! provisional players apart, and a person's card. Plain text within Discord's 2,000
//! characters a message, in English or Korean.

use super::core::Lang;
use crate::rating::ModeFamily;
use crate::store::{Card, Standings};

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

fn family_name(f: ModeFamily, lang: Lang) -> &'static str {
    match (f, lang) {
        (ModeFamily::OneVsOne, Lang::En) => "1v1",
        (ModeFamily::Teams, Lang::En) => "2v2 teams",
        (ModeFamily::FreeForAll, Lang::En) => "free-for-all",
        (ModeFamily::OneVsOne, Lang::Ko) => "1대1",
        (ModeFamily::Teams, Lang::Ko) => "2대2 팀전",
        (ModeFamily::FreeForAll, Lang::Ko) => "개인전",
    }
}

fn season_name(season: &str, lang: Lang) -> String {
    match (season, lang) {
        (crate::rating::season::ALL_TIME, Lang::En) => "all time".into(),
        (crate::rating::season::ALL_TIME, Lang::Ko) => "전체".into(),
        (s, _) => s.to_string(),
    }
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
        out.push_str(&match lang {
            Lang::En => format!(
                "{}. **{}** {} — {} games, {}% won\n",
                i + 1,
                name(&r.name),
                r.rating.display(),
                r.season_games,
                percent(r.season_wins, r.season_games)
            ),
            Lang::Ko => format!(
                "{}. **{}** {} — {}판, 승률 {}%\n",
                i + 1,
                name(&r.name),
                r.rating.display(),
                r.season_games,
                percent(r.season_wins, r.season_games)
            ),
        });
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
        out.push_str(&match lang {
            Lang::En => format!(
                "*Provisional (fewer than 10 rated games):* {}",
                provisional.join(", ")
            ),
            Lang::Ko => format!(
                "*잠정 (점수 매긴 판 10판 미만):* {}",
                provisional.join(", ")
            ),
        });
        if more > 0 {
            out.push_str(&match lang {
                Lang::En => format!(" and {more} more"),
                Lang::Ko => format!(" 외 {more}명"),
            });
        }
        out.push('\n');
    }
    if !any {
        out.push_str(match lang {
            Lang::En => "No rated games yet.\n",
            Lang::Ko => "아직 점수를 매긴 판이 없어요.\n",
        });
    }
    out
}

/// `/yut leaderboard`: one family (`top` 10) or every family (5 each), for one season;
/// `seasons` (newest first) are named so that archived ones can be asked for.
pub fn leaderboard_text(boards: &[Standings], seasons: &[String], lang: Lang) -> String {
    let season = boards.first().map_or("", |b| b.season.as_str());
    let mut out = match lang {
        Lang::En => format!("**Leaderboard** · season {}\n", season_name(season, lang)),
        Lang::Ko => format!("**순위** · 시즌 {}\n", season_name(season, lang)),
    };
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
        out.push_str(&match lang {
            Lang::En => format!("Other seasons: {}", others.join(", ")),
            Lang::Ko => format!("다른 시즌: {}", others.join(", ")),
        });
    }
    fit(out)
}

fn link(guild: u64, channel: u64, message: u64) -> String {
    format!("<https://discord.com/channels/{guild}/{channel}/{message}>")
}

/// `/yut stats`: rating and place per family this season, games, win rate, streaks, the
/// last 10 results with links to their boards, time-outs and leaves.
pub fn card_text(c: &Card, guild: u64, lang: Lang) -> String {
    let mut out = match lang {
        Lang::En => format!(
            "**{}** · season {}\n",
            name(&c.name),
            season_name(&c.season, lang)
        ),
        Lang::Ko => format!(
            "**{}** · 시즌 {}\n",
            name(&c.name),
            season_name(&c.season, lang)
        ),
    };
    for f in &c.families {
        let fam = family_name(f.family, lang);
        let shown = f.rating.display();
        let place = match (f.rank, f.rating.provisional(), lang) {
            (_, true, Lang::En) => format!("provisional, {} rated games", f.rating.games),
            (_, true, Lang::Ko) => format!("잠정, 점수 매긴 판 {}판", f.rating.games),
            (Some((r, n)), false, Lang::En) => format!("#{r} of {n}"),
            (Some((r, n)), false, Lang::Ko) => format!("{n}명 중 {r}위"),
            (None, false, Lang::En) => "no game this season yet".into(),
            (None, false, Lang::Ko) => "이번 시즌에는 아직 판이 없어요".into(),
        };
        out.push_str(&match lang {
            Lang::En => format!(
                "{fam}: **{shown}** ({place}) · this season {} games, {}% won\n",
                f.season_games,
                percent(f.season_wins, f.season_games)
            ),
            Lang::Ko => format!(
                "{fam}: **{shown}** ({place}) · 이번 시즌 {}판, 승률 {}%\n",
                f.season_games,
                percent(f.season_wins, f.season_games)
            ),
        });
    }
    let streak = match (c.streak.signum(), lang) {
        (1, Lang::En) => format!("{} won in a row", c.streak),
        (-1, Lang::En) => format!("{} lost in a row", -c.streak),
        (1, Lang::Ko) => format!("{}연승", c.streak),
        (-1, Lang::Ko) => format!("{}연패", -c.streak),
        (_, Lang::En) => "none".into(),
        (_, Lang::Ko) => "없음".into(),
    };
    out.push_str(&match lang {
        Lang::En => format!(
            "Games: {} · won {} ({}%) · streak: {streak} (best {} won in a row)\nTime-outs: {} · games left: {}\n",
            c.games,
            c.wins,
            percent(c.wins, c.games),
            c.best_streak,
            c.timeouts,
            c.leaves
        ),
        Lang::Ko => format!(
            "전체 {}판 · {}승 (승률 {}%) · 연속: {streak} (최고 {}연승)\n시간 초과: {} · 중간에 나간 판: {}\n",
            c.games,
            c.wins,
            percent(c.wins, c.games),
            c.best_streak,
            c.timeouts,
            c.leaves
        ),
    });
    if !c.recent.is_empty() {
        out.push_str(match lang {
            Lang::En => "Last games:\n",
            Lang::Ko => "최근 판:\n",
        });
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
