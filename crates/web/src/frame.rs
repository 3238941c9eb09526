//! A board as a page shows it: the service's `View` (text, buttons, deadline) in JSON, with
//! the address of its picture. Only a game's own buttons are kept: after-game buttons and
//! links belong to Discord.

use serde::Serialize;
use yut_table::view::{Style, View};
use yut_table::ButtonId;

/// One board, as sent to pages (server-sent events and the answers of clicks).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Frame {
    pub game: i64,
    pub version: u64,
    /// The message's words (Discord's light markdown: `**bold**`, `-# small` lines).
    pub text: String,
    /// Rows of buttons; empty for a page that only watches.
    pub rows: Vec<Vec<FrameButton>>,
    /// When the current action is due, and the server's clock when the frame was made (the
    /// page counts down from the difference, whatever its own clock says).
    pub deadline_ms: Option<i64>,
    pub now_ms: i64,
    /// The picture's address (on the same server), and its description for screen readers.
    pub board: Option<String>,
    pub alt: Option<String>,
    /// `en`, `ko` or `es`.
    pub lang: &'static str,
    /// The game is over.
    pub over: bool,
    /// Once over: the replay's page.
    pub link: Option<FrameLink>,
    /// The board as SVG (crisp at any size), when the table was at hand; else the page
    /// shows the picture.
    pub svg: Option<String>,
    /// With the SVG: each seat's name, side, pieces waiting and home, and whose turn; and
    /// the throws held.
    pub seats: Vec<SeatLine>,
    pub pool: Vec<String>,
    /// What the last action did, in words (a page keeps these as the game's log).
    pub said: Vec<String>,
    /// The sticks of this version's throw, as they fell (a page animates them); None when
    /// the last action threw nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toss: Option<TossLine>,
}

/// How the sticks of a throw fell.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TossLine {
    /// Stick i shows its flat side.
    pub flat: [bool; 4],
    /// The throw left the mat (void, 낙).
    pub nak: bool,
    /// The stick marked for back-do, where the rules play it.
    pub marked: Option<u8>,
    /// The result's name (None: void).
    pub chip: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SeatLine {
    pub name: String,
    /// 0-3: the side's colour and shape on the board (A, B, C, D).
    pub side: u8,
    pub waiting: u8,
    pub home: u8,
    pub turn: bool,
    /// The person's rating in this game's mode family, where the page knows it.
    pub rating: Option<u32>,
    #[serde(skip)]
    pub user: Option<u64>,
}

/// The seats and pool of a table, for a page that draws the board in SVG.
pub fn seats_of(t: &yut_table::core::Table) -> (Vec<SeatLine>, Vec<String>) {
    let Some(g) = t.game.as_ref() else {
        return (Vec::new(), Vec::new());
    };
    let lang = t.lang();
    let seats = t
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let side = g.side_of(i as u8);
            SeatLine {
                name: s.name(i, lang),
                side,
                waiting: g.waiting(side),
                home: g.home(side),
                turn: t.acting() == Some(i as u8),
                rating: None,
                user: s.player.user(),
            }
        })
        .collect();
    let pool = g
        .pool()
        .iter()
        .map(|c| yut_table::view::chip_label(*c, lang))
        .collect();
    (seats, pool)
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FrameLink {
    pub label: String,
    pub url: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FrameButton {
    pub label: String,
    /// `primary`, `secondary`, `success` or `danger`.
    pub style: &'static str,
    /// The button's custom id, sent back as it is when pressed.
    pub id: String,
    pub disabled: bool,
}

impl Frame {
    /// The frame of `view` (a game's board); `board` is where its picture will be served.
    /// With `buttons` false (a watch page), no buttons. None for a view of no game.
    pub fn of_view(
        view: &View,
        now_ms: i64,
        board: Option<String>,
        buttons: bool,
    ) -> Option<Frame> {
        let (game, version) = (view.game?, view.version?);
        let rows = if buttons {
            view.rows
                .iter()
                .map(|row| {
                    // A page never shows a lobby (local games start seated): menus are
                    // Discord's.
                    row.buttons()
                        .iter()
                        .filter(|b| matches!(b.custom_id.parse(), Ok(ButtonId::Game { .. })))
                        .map(|b| FrameButton {
                            label: b.label.clone(),
                            style: style_word(b.style),
                            id: b.custom_id.clone(),
                            disabled: b.disabled,
                        })
                        .collect::<Vec<_>>()
                })
                .filter(|r| !r.is_empty())
                .collect()
        } else {
            Vec::new()
        };
        Some(Frame {
            game,
            version,
            text: for_the_browser(&view.text, view.lang),
            rows,
            deadline_ms: view.deadline_ms,
            now_ms,
            board,
            alt: view.alt.clone(),
            lang: yut_text::code(view.lang),
            over: view.over,
            link: view.link.as_ref().filter(|_| view.over).map(|l| FrameLink {
                label: l.label.clone(),
                url: l.url.clone(),
            }),
            svg: None,
            seats: Vec::new(),
            pool: Vec::new(),
            said: Vec::new(),
            toss: None,
        })
    }
}

/// A board's words as a page shows them: a finished game's seed line points to the replay
/// page's own check instead of a Discord command.
pub fn for_the_browser(text: &str, lang: yut_text::Lang) -> String {
    const MARK: &str = "\u{1}";
    let discord = yut_text::say(lang, "after-seed", &[("seed", MARK.into())]);
    let Some((head, tail)) = discord.split_once(MARK) else {
        return text.to_string();
    };
    text.split('\n')
        .map(
            |line| match line.strip_prefix(head).and_then(|r| r.strip_suffix(tail)) {
                Some(seed) if !seed.is_empty() && seed.chars().all(|c| c.is_ascii_hexdigit()) => {
                    yut_text::say(lang, "web-seed-line", &[("seed", seed.into())])
                }
                _ => line.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("\n")
}

fn style_word(s: Style) -> &'static str {
    match s {
        Style::Primary => "primary",
        Style::Secondary => "secondary",
        Style::Success => "success",
        Style::Danger => "danger",
    }
}

/// What a page draws itself: the board in SVG, the seats and the pool.
#[derive(Debug, Clone)]
pub struct Parts {
    pub svg: String,
    pub seats: Vec<SeatLine>,
    pub pool: Vec<String>,
    pub said: Vec<String>,
    pub toss: Option<TossLine>,
}

/// A table's parts (None before the game starts).
pub fn parts_of(t: &yut_table::core::Table) -> Option<Parts> {
    let game = t.game.as_ref()?;
    let svg = yut_render::svg::board_svg(game, &yut_table::paint::frame_of(t));
    let (seats, pool) = seats_of(t);
    let said = yut_table::view::narrate(t, &t.last_events);
    let marked = game
        .rules()
        .backdo
        .then_some(yut_game::throw::MARKED_STICK as u8);
    let toss = t.last_events.iter().rev().find_map(|e| match e {
        yut_game::Event::Thrown { toss, chip, .. } => Some(TossLine {
            flat: toss.flat,
            nak: toss.nak,
            marked,
            chip: chip.map(|c| yut_table::view::chip_label(c, t.lang())),
        }),
        _ => None,
    });
    Some(Parts {
        svg,
        seats,
        pool,
        said,
        toss,
    })
}

impl Frame {
    /// Add what the page draws itself.
    pub fn with_parts(mut self, parts: Option<Parts>) -> Frame {
        if let Some(p) = parts {
            self.svg = Some(p.svg);
            self.seats = p.seats;
            self.pool = p.pool;
            self.said = p.said;
            self.toss = p.toss;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yut_text::Lang;

    #[test]
    fn a_finished_games_seed_line_points_to_the_replay_page_not_a_command() {
        let seed = "0123456789abcdef".repeat(4);
        for lang in [Lang::En, Lang::Ko, Lang::Es] {
            let discord = yut_text::say(lang, "after-seed", &[("seed", seed.as_str().into())]);
            assert!(discord.contains("`/"), "{discord}");
            let text = format!("**Ann** wins\n{discord}\n");
            let shown = for_the_browser(&text, lang);
            assert_eq!(
                shown,
                format!(
                    "**Ann** wins\n{}\n",
                    yut_text::say(lang, "web-seed-line", &[("seed", seed.as_str().into())])
                )
            );
            assert!(shown.contains(&seed), "{shown}");
            assert!(!shown.contains("`/"), "no command in the browser: {shown}");
            assert_eq!(for_the_browser("**Ann** threw", lang), "**Ann** threw");
        }
    }
}
