//! The board renderer: a PNG of any game state. Pure: the same game and frame give the same bytes.
//!
//! Everything costly is done once, in [`Renderer::new`]: the board backgrounds are drawn with
//! tiny-skia and quantised to a fixed 256-colour palette, and the pieces, badges, rings and
//! panels are drawn as sprites. A frame copies the background, blits sprites and glyphs (cached)
//! with a premultiplied blend straight onto palette indices, and encodes an indexed PNG.

pub mod canvas;
mod paint;
pub mod text;
pub mod theme;

use canvas::{Canvas, Op, Palette, Rect, Rgb, Sprite};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use text::Text;
use theme::*;
use yut_game::{Chip, Dest, Event, Game, Move, Phase, Point, Seat, Side};
use yut_text::say;

/// The language of the labels: a table's language (the texts are in the catalog,
/// `assets/locales/*/picture.ftl`).
pub use yut_text::Lang;

/// Every language a background is drawn for.
const LANGS: [Lang; 3] = [Lang::En, Lang::Ko, Lang::Es];

/// A bot's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BotLevel {
    Easy,
    Normal,
    Master,
}

impl BotLevel {
    pub fn label(self, lang: Lang) -> String {
        let key = match self {
            BotLevel::Easy => "picture-level-easy",
            BotLevel::Normal => "picture-level-normal",
            BotLevel::Master => "picture-level-master",
        };
        say(lang, key, &[])
    }
}

/// Horizontal distance between units fanned out on one point.
const FAN_STEP: f32 = 18.0;

/// Who sits in a seat, as far as the picture is concerned.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatInfo {
    pub name: String,
    /// `Some` for a bot.
    pub bot: Option<BotLevel>,
    /// Marked away (auto-played).
    pub away: bool,
}

impl SeatInfo {
    pub fn human(name: &str) -> SeatInfo {
        SeatInfo {
            name: name.to_string(),
            bot: None,
            away: false,
        }
    }
    pub fn bot(name: &str, level: BotLevel) -> SeatInfo {
        SeatInfo {
            name: name.to_string(),
            bot: Some(level),
            away: false,
        }
    }
}

/// The last move, for spectators: where it went and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    pub seat: Seat,
    pub side: Side,
    pub chip: Chip,
    /// Where it started; `None` for a piece that entered from waiting.
    pub from: Option<Point>,
    /// Points passed over and ended on, in order.
    pub path: Vec<Point>,
    pub to: Dest,
    /// Opposing pieces sent back: (point, side, count).
    pub captured: Vec<(Point, Side, u8)>,
    /// Pieces that went home with this move.
    pub finished: u8,
}

impl LastMove {
    /// The last move among `events` (usually those of one `play`), with the captures and
    /// finishes that followed it. `None` when the events hold no move.
    pub fn from_events(events: &[Event]) -> Option<LastMove> {
        let mut last: Option<LastMove> = None;
        for e in events {
            match e {
                Event::Entered {
                    seat,
                    side,
                    chip,
                    to,
                    path,
                } => {
                    last = Some(LastMove {
                        seat: *seat,
                        side: *side,
                        chip: *chip,
                        from: None,
                        path: path.to_vec(),
                        to: *to,
                        captured: vec![],
                        finished: 0,
                    })
                }
                Event::Moved {
                    seat,
                    side,
                    chip,
                    from,
                    to,
                    path,
                    ..
                } => {
                    last = Some(LastMove {
                        seat: *seat,
                        side: *side,
                        chip: *chip,
                        from: Some(*from),
                        path: path.to_vec(),
                        to: *to,
                        captured: vec![],
                        finished: 0,
                    })
                }
                Event::Captured {
                    side, at, count, ..
                } => {
                    if let Some(l) = last.as_mut() {
                        l.captured.push((*at, *side, *count));
                    }
                }
                Event::Finished { count, .. } => {
                    if let Some(l) = last.as_mut() {
                        l.finished += count;
                    }
                }
                _ => {}
            }
        }
        last
    }
}

/// What a frame shows beyond the game itself.
#[derive(Debug, Clone, Default)]
pub struct Frame {
    /// Per seat.
    pub players: Vec<SeatInfo>,
    pub lang: Lang,
    /// The chip being chosen: its legal destinations are highlighted and labelled.
    pub selected: Option<Chip>,
    /// The button label of each legal move of the selected chip; a move not listed gets a
    /// default label (A, B, C… in `legal_moves` order).
    pub labels: Vec<(Move, String)>,
    pub last: Option<LastMove>,
}

impl Frame {
    /// The legal moves of the selected chip with their labels, in `legal_moves` order.
    pub fn labelled_moves(&self, game: &Game) -> Vec<(Move, String)> {
        let Some(chip) = self.selected else {
            return vec![];
        };
        if game.phase() != Phase::Spend {
            return vec![];
        }
        game.legal_moves()
            .into_iter()
            .filter(|m| m.chip == chip)
            .enumerate()
            .map(|(i, m)| {
                let label = self
                    .labels
                    .iter()
                    .find(|(lm, _)| *lm == m)
                    .map(|(_, l)| l.clone())
                    .unwrap_or_else(|| default_label(i));
                (m, label)
            })
            .collect()
    }

    /// Destinations to highlight, each with the labels of the moves that go there.
    pub fn destinations(&self, game: &Game) -> Vec<(Dest, String)> {
        let mut out: Vec<(Dest, String)> = vec![];
        for (m, label) in self.labelled_moves(game) {
            match out.iter_mut().find(|(d, _)| *d == m.to) {
                Some((_, l)) => {
                    l.push('/');
                    l.push_str(&label);
                }
                None => out.push((m.to, label)),
            }
        }
        out
    }

    fn name(&self, seat: Seat) -> String {
        match self.players.get(seat as usize) {
            Some(p) if !p.name.trim().is_empty() => p.name.clone(),
            _ => say(
                self.lang,
                "picture-player",
                &[("n", (seat as u32 + 1).into())],
            ),
        }
    }
}

/// A, B, …, Z, then 27, 28, …
pub fn default_label(i: usize) -> String {
    // Numbers, never letters: the pieces carry their seat's letter.
    (i + 1).to_string()
}

/// Chip text: 도 1, 개 2, … 빽도 −1 (with the romanisation in English).
pub fn chip_steps(chip: Chip) -> String {
    let s = chip.steps();
    if s < 0 {
        format!("−{}", -s)
    } else {
        s.to_string()
    }
}

fn ordinal(i: usize, lang: Lang) -> String {
    say(lang, "picture-ordinal", &[("n", (i as u32).into())])
}

/// A throw's small label under its Korean name: its romanised name and steps ("do 1"), or
/// the steps alone in Korean.
fn chip_small(chip: Chip, lang: Lang) -> String {
    let key = match chip {
        Chip::Do => "picture-chip-do",
        Chip::Gae => "picture-chip-gae",
        Chip::Geol => "picture-chip-geol",
        Chip::Yut => "picture-chip-yut",
        Chip::Mo => "picture-chip-mo",
        Chip::Backdo => "picture-chip-backdo",
        Chip::Seoul => "picture-chip-seoul",
        Chip::Busan => "picture-chip-busan",
    };
    say(lang, key, &[("steps", chip_steps(chip).into())])
}

/// Draws frames. Build once (about 100 ms), share, render from any thread.
pub struct Renderer {
    pal: Palette,
    text: Text,
    /// Indexed backgrounds by (lang, seats).
    bg: Vec<((Lang, u8), Vec<u8>)>,
    piece: Vec<Sprite>,
    stack: Vec<Sprite>,
    icon: Vec<Sprite>,
    mini: Vec<Sprite>,
    badge: Vec<Sprite>,
    active: Sprite,
    ring: Sprite,
    ring_big: Sprite,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    pub fn new() -> Renderer {
        let text = Text::new();
        let (keys, ramps) = palette_spec();
        let pal = Palette::build(&keys, &ramps);
        let mut bg = vec![];
        for lang in LANGS {
            for seats in 2..=4 {
                let pm = paint::background(&text, lang, seats);
                bg.push(((lang, seats), paint::to_indices(&pm, &pal)));
            }
        }
        let sp = |pm: tiny_skia::Pixmap| paint::sprite(&pm, &pal);
        let piece = (0..4)
            .map(|s| sp(paint::piece_pixmap(&text, s, PIECE_R, 1)))
            .collect();
        let stack = (0..4)
            .map(|s| sp(paint::piece_pixmap(&text, s, PIECE_R, 2)))
            .collect();
        let icon = (0..4)
            .map(|s| sp(paint::piece_pixmap(&text, s, 19.0, 1)))
            .collect();
        let mini = (0..4)
            .map(|s| sp(paint::piece_pixmap(&text, s, 7.5, 1)))
            .collect();
        let badge = (2..=4).map(|n| sp(paint::badge_pixmap(&text, n))).collect();
        let active = sp(paint::panel_border_pixmap());
        let ring = sp(paint::ring_pixmap(PIECE_R + 10.0));
        let ring_big = sp(paint::ring_pixmap(STATION_R + 10.0));
        Renderer {
            pal,
            text,
            bg,
            piece,
            stack,
            icon,
            mini,
            badge,
            active,
            ring,
            ring_big,
        }
    }

    /// The palette (tests find colours by index).
    pub fn palette(&self) -> &Palette {
        &self.pal
    }

    /// The fonts and glyph cache (for other pictures in the same style, e.g. the win-chance
    /// chart).
    pub fn text(&self) -> &Text {
        &self.text
    }

    /// The frame as palette indices, with its width and height (the PNG holds the same).
    pub fn render_indexed(&self, game: &Game, frame: &Frame) -> (Vec<u8>, u32, u32) {
        let cv = self.draw(game, frame);
        (cv.buf, cv.w as u32, cv.h as u32)
    }

    /// The frame as an indexed PNG.
    pub fn render(&self, game: &Game, frame: &Frame) -> Vec<u8> {
        self.draw(game, frame).encode()
    }

    /// The background a frame is drawn on.
    fn background(&self, game: &Game, frame: &Frame) -> &[u8] {
        self.bg
            .iter()
            .find(|(k, _)| *k == (frame.lang, game.seats()))
            .map(|(_, b)| b.as_slice())
            .unwrap_or(&self.bg[0].1)
    }

    /// The frame's width and height.
    pub fn size(&self, game: &Game) -> (i32, i32) {
        (W, height(rows(game)))
    }

    /// Every drawing call of the frame, with the pixels it may touch and a hash of what it
    /// draws, without drawing it. Two frames' recordings tell where they differ
    /// (see [`canvas::changed_areas`]).
    pub fn record(&self, game: &Game, frame: &Frame) -> Vec<Op> {
        let (w, h) = self.size(game);
        let mut cv = Canvas::recording(w, h, &self.pal);
        self.draw_on(&mut cv, game, frame);
        cv.into_ops()
    }

    /// Every text the frame's picture shows, in the order drawn (names, the pills of the
    /// player to act, the pool's chips or "no results held", the winner's banner…), so tests
    /// can check that the message's text and the picture agree.
    pub fn words(&self, game: &Game, frame: &Frame) -> Vec<String> {
        let (w, h) = self.size(game);
        let mut cv = Canvas::recording_words(w, h, &self.pal);
        self.draw_on(&mut cv, game, frame);
        cv.words().to_vec()
    }

    /// Turn `buf`, a whole frame of this game's size, into this frame inside `areas` (which
    /// must not overlap); pixels elsewhere are left as they are. Redrawing every area where
    /// two frames' recordings differ turns the first frame into the second exactly.
    pub fn redraw(&self, game: &Game, frame: &Frame, buf: Vec<u8>, areas: &[Rect]) -> Vec<u8> {
        let (w, h) = self.size(game);
        let mut cv = Canvas::over(buf, self.background(game, frame), w, h, &self.pal, areas);
        self.draw_on(&mut cv, game, frame);
        cv.buf
    }

    fn draw(&self, game: &Game, frame: &Frame) -> Canvas<'_> {
        let (w, h) = self.size(game);
        let mut cv = Canvas::new(self.background(game, frame), w, h, &self.pal);
        self.draw_on(&mut cv, game, frame);
        cv
    }

    fn draw_on(&self, cv: &mut Canvas, game: &Game, frame: &Frame) {
        let rows = rows(game);
        let dests = frame.destinations(game);
        self.panels(cv, game, frame);
        if let Some(last) = &frame.last {
            self.path(cv, rows, last);
        }
        for (d, _) in &dests {
            match d {
                Dest::Point(p) => {
                    let (x, y) = point_xy(*p, rows);
                    let ring = if is_station(*p) {
                        &self.ring_big
                    } else {
                        &self.ring
                    };
                    cv.blit_center(ring, x, y);
                }
                Dest::Home => {
                    let (x, y) = home_xy(rows);
                    cv.blit_center(&self.ring, x, y);
                }
                Dest::Waiting => {}
            }
        }
        self.pieces(cv, game, rows);
        if let Some(last) = &frame.last {
            self.marks(cv, rows, last, frame.lang);
        }
        for (d, label) in &dests {
            let (x, y) = match d {
                Dest::Point(p) => point_xy(*p, rows),
                Dest::Home => home_xy(rows),
                Dest::Waiting => {
                    // Back to waiting: the label sits on the mover's waiting row.
                    let (px, py) = panel_xy(game.turn());
                    (px as f32 + PANEL_W as f32 - 140.0, py as f32 + 55.0)
                }
            };
            self.tag(cv, x + 26.0, y - 30.0, label);
        }
        self.footer(cv, game, frame, rows);
        if game.is_over() {
            self.result(cv, game, frame, rows);
        }
    }

    /// A destination's label: a highlight pill with an ink edge, its left end near (x, y).
    fn tag(&self, cv: &mut Canvas, x: f32, y: f32, label: &str) {
        let label = self.text.fit(label, 22, 150.0);
        let w = self.text.measure(&label, 22).max(14.0) + 18.0;
        let (h, x) = (32.0, x.min(W as f32 - w - 4.0));
        cv.fill_rrect(x - 2.0, y - h / 2.0 - 2.0, w + 4.0, h + 4.0, 18.0, INK, 1.0);
        cv.fill_rrect(x, y - h / 2.0, w, h, 16.0, HIGHLIGHT, 1.0);
        self.text.draw(cv, x + 9.0, y + 8.0, 22, INK, &label);
    }

    fn panels(&self, cv: &mut Canvas, game: &Game, frame: &Frame) {
        let lang = frame.lang;
        let over = game.outcome();
        let per_side = game.pieces_per_side();
        for seat in 0..game.seats() {
            let side = game.side_of(seat);
            let (x, y) = panel_xy(seat);
            let (xf, yf) = (x as f32, y as f32);
            let active = over.is_none() && game.turn() == seat;
            if active {
                cv.blit(&self.active, x, y);
            }
            cv.blit_center(&self.icon[side as usize % 4], xf + 34.0, yf + 38.0);
            let info = frame.players.get(seat as usize);
            let name = self.text.fit(&frame.name(seat), 23, 180.0);
            self.text.draw(cv, xf + 64.0, yf + 33.0, 23, INK, &name);
            // Second line: rank or turn, team, bot level, away.
            let mut pen = xf + 64.0;
            let base = yf + 60.0;
            let pill = |cv: &mut Canvas, pen: &mut f32, s: &str, bg: Rgb, fg: Rgb| {
                let w = self.text.measure(s, 15) + 14.0;
                cv.fill_rrect(*pen, base - 16.0, w, 22.0, 11.0, bg, 1.0);
                self.text.draw(cv, *pen + 7.0, base, 15, fg, s);
                *pen += w + 6.0;
            };
            if let Some(o) = over {
                if let Some(i) = o.ranking.iter().position(|s| *s == side) {
                    let (bg, fg) = if i == 0 {
                        (HIGHLIGHT, INK)
                    } else {
                        (INK_SOFT, CREAM)
                    };
                    pill(cv, &mut pen, &ordinal(i + 1, lang), bg, fg);
                }
            } else if active {
                let key = match game.phase() {
                    Phase::Throw => "picture-turn-throw",
                    _ => "picture-turn-move",
                };
                pill(cv, &mut pen, &say(lang, key, &[]), HIGHLIGHT, INK);
            }
            let mut parts: Vec<String> = vec![];
            if game.teams() {
                let team = SIDE_LETTER[side as usize % 4];
                parts.push(say(lang, "picture-team", &[("team", team.into())]));
            }
            if let Some(level) = info.and_then(|i| i.bot) {
                parts.push(format!("🤖 {}", level.label(lang)));
            }
            let right = xf + PANEL_W as f32 - 150.0;
            if info.is_some_and(|i| i.away) {
                pill(cv, &mut pen, &say(lang, "picture-away", &[]), AWAY, WHITE);
            }
            if !parts.is_empty() && right - pen > 20.0 {
                let s = self.text.fit(&parts.join(" · "), 15, right - pen - 2.0);
                self.text.draw(cv, pen + 2.0, base, 15, INK_SOFT, &s);
            }
            // Right: waiting and home pieces (their labels are in the background).
            let rx = xf + PANEL_W as f32 - 104.0;
            let waiting = game.waiting(side);
            let home = game.home(side);
            for i in 0..per_side {
                let cx = rx + 10.0 + i as f32 * 22.0;
                if i < waiting {
                    cv.blit_center(&self.mini[side as usize % 4], cx, yf + 25.0);
                } else {
                    cv.circle(cx, yf + 25.0, 3.0, None, INK_SOFT, 0.5);
                }
                if i < home {
                    cv.blit_center(&self.mini[side as usize % 4], cx, yf + 55.0);
                } else {
                    cv.circle(cx, yf + 55.0, 3.0, None, INK_SOFT, 0.5);
                }
            }
        }
    }

    fn pieces(&self, cv: &mut Canvas, game: &Game, rows: i32) {
        // Units by point, in arrival order. Several units on one point (stacking off, or a
        // piece that chose not to join) are fanned out side by side so they do not read as
        // one stack; a stack keeps its ×n badge.
        let mut at: BTreeMap<Point, Vec<(Side, u8)>> = BTreeMap::new();
        for u in game.units() {
            at.entry(u.point()).or_default().push((u.side, u.count));
        }
        for (p, units) in at {
            let (x0, y) = point_xy(p, rows);
            let n = units.len() as f32;
            for (i, (side, count)) in units.into_iter().enumerate() {
                let x = x0 + (i as f32 - (n - 1.0) / 2.0) * FAN_STEP;
                let s = side as usize % 4;
                if count > 1 {
                    let sp = &self.stack[s];
                    let top = sp.w; // the body is square; the extra height is the layer below
                    cv.blit(
                        sp,
                        (x - sp.w as f32 / 2.0).round() as i32,
                        (y - top as f32 / 2.0).round() as i32,
                    );
                    let b = &self.badge[(count.clamp(2, 4) - 2) as usize];
                    cv.blit_center(b, x + 24.0, y - 24.0);
                } else {
                    cv.blit_center(&self.piece[s], x, y);
                }
            }
        }
    }

    fn path(&self, cv: &mut Canvas, rows: i32, last: &LastMove) {
        let mut pts = vec![point_xy(last.from.unwrap_or(0), rows)];
        pts.extend(last.path.iter().map(|p| point_xy(*p, rows)));
        if last.to == Dest::Home {
            pts.push(home_xy(rows));
        }
        let c = SIDE[last.side as usize % 4];
        for w in pts.windows(2) {
            cv.line(w[0], w[1], 10.0, c, 0.55);
        }
        for (i, p) in pts.iter().enumerate() {
            if i + 1 < pts.len() {
                cv.circle(p.0, p.1, 7.0, None, c, 0.9);
            }
        }
        if let Some(s) = pts.first() {
            cv.circle(s.0, s.1, 11.0, Some(3.0), c, 1.0);
        }
    }

    fn marks(&self, cv: &mut Canvas, rows: i32, last: &LastMove, lang: Lang) {
        for (p, side, count) in &last.captured {
            let (x, y) = point_xy(*p, rows);
            cv.circle(x, y, 37.0, Some(5.0), CAPTURE, 1.0);
            let s = say(lang, "picture-captured", &[("count", (*count).into())]);
            // The pill ends with the captured side's piece.
            let (px, w) = self.pill_center(cv, x, y + 52.0, &s, CAPTURE, WHITE, 24.0);
            cv.blit_center(&self.mini[*side as usize % 4], px + w - 17.0, y + 52.0);
        }
        if last.finished > 0 {
            let (x, y) = home_xy(rows);
            let s = say(lang, "picture-finished", &[("count", last.finished.into())]);
            self.pill_center(cv, x - 88.0, y + 24.0, &s, FINISH, WHITE, 0.0);
        }
    }

    /// A pill centred on (x, y) with `extra` room at its right end; returns its left and width.
    #[allow(clippy::too_many_arguments)]
    fn pill_center(
        &self,
        cv: &mut Canvas,
        x: f32,
        y: f32,
        s: &str,
        bg: Rgb,
        fg: Rgb,
        extra: f32,
    ) -> (f32, f32) {
        let w = self.text.measure(s, 17) + 16.0 + extra;
        let x = (x - w / 2.0).clamp(4.0, W as f32 - w - 4.0);
        cv.fill_rrect(x, y - 13.0, w, 26.0, 13.0, bg, 1.0);
        self.text.draw(cv, x + 8.0, y + 6.0, 17, fg, s);
        (x, w)
    }

    fn footer(&self, cv: &mut Canvas, game: &Game, frame: &Frame, rows: i32) {
        let lang = frame.lang;
        let y0 = (header(rows) + BOARD) as f32;
        let name = frame.name(game.turn());
        let status = match (game.phase(), frame.selected) {
            (Phase::Over, _) => say(lang, "picture-status-over", &[]),
            (Phase::Throw, _) => say(lang, "picture-status-throw", &[("name", name.into())]),
            (Phase::Spend, Some(c)) => say(
                lang,
                "picture-status-move",
                &[
                    ("name", name.into()),
                    ("chip", c.korean().into()),
                    ("steps", chip_steps(c).into()),
                ],
            ),
            (Phase::Spend, None) => say(lang, "picture-status-spend", &[("name", name.into())]),
        };
        let status = self.text.fit(&status, 22, 520.0);
        self.text.draw(cv, 26.0, y0 + 38.0, 22, CREAM, &status);
        // The pool.
        let pool = game.pool();
        // One chip per result while seven fit; else runs of the same result as one chip with
        // a count; else one chip per kind (house rules with sticks that nearly always land
        // flat make pools of dozens of 윷).
        let mut items: Vec<(Chip, usize)> = pool.iter().map(|&c| (c, 1)).collect();
        if items.len() > POOL_CHIPS {
            items.clear();
            for &c in pool {
                match items.last_mut() {
                    Some((r, n)) if *r == c => *n += 1,
                    _ => items.push((c, 1)),
                }
            }
        }
        if items.len() > POOL_CHIPS {
            let mut kinds: Vec<(Chip, usize)> = Vec::new();
            for &c in pool {
                match kinds.iter_mut().find(|(r, _)| *r == c) {
                    Some((_, n)) => *n += 1,
                    None => kinds.push((c, 1)),
                }
            }
            items = kinds;
        }
        let n = items.len().max(1) as f32;
        let cw = (500.0 / n - 8.0).min(82.0);
        let top = y0 + 54.0;
        if pool.is_empty() && game.phase() != Phase::Over {
            let s = say(lang, "picture-pool-empty", &[]);
            self.text.draw(cv, 28.0, top + 50.0, 18, PAPER_EDGE, &s);
        }
        let mut marked = false;
        for (i, &(chip, count)) in items.iter().enumerate() {
            let x = 24.0 + i as f32 * (cw + 8.0);
            let sel = !marked && frame.selected == Some(chip);
            marked |= sel;
            if sel {
                cv.fill_rrect(x - 3.0, top - 3.0, cw + 6.0, 92.0, 14.0, INK, 1.0);
                cv.fill_rrect(x, top, cw, 86.0, 12.0, HIGHLIGHT, 1.0);
            } else {
                cv.fill_rrect(x, top, cw, 86.0, 12.0, CREAM, 1.0);
            }
            let big = if chip.korean().chars().count() > 1 {
                26
            } else {
                36
            };
            let big = if cw < 60.0 { big * 2 / 3 } else { big };
            self.text
                .draw_center(cv, x + cw / 2.0, top + 44.0, big, INK, chip.korean());
            let mut small = chip_small(chip, lang);
            if count > 1 {
                small = format!("{} ×{count}", chip_steps(chip));
            }
            if self.text.measure(&small, 16) > cw - 6.0 {
                small = if count > 1 {
                    format!("×{count}")
                } else {
                    chip_steps(chip)
                };
            }
            self.text
                .draw_center(cv, x + cw / 2.0, top + 74.0, 16, INK_SOFT, &small);
        }
        // The last throw: four sticks, stick 0 carries the 빽도 mark.
        if let Some(toss) = game.last_toss() {
            let sx = 548.0;
            for (i, &flat) in toss.flat.iter().enumerate() {
                let x = sx + i as f32 * 32.0;
                let (fill, edge) = if flat {
                    (STICK_FLAT, INK)
                } else {
                    (STICK_ROUND, INK)
                };
                let alpha = if toss.nak { 0.45 } else { 1.0 };
                cv.fill_rrect(x - 2.0, top - 6.0, 26.0, 100.0, 10.0, edge, alpha);
                cv.fill_rrect(x, top - 4.0, 22.0, 96.0, 8.0, fill, alpha);
                if flat {
                    for k in 0..3 {
                        let cy = top + 14.0 + k as f32 * 30.0;
                        cv.line(
                            (x + 6.0, cy - 5.0),
                            (x + 16.0, cy + 5.0),
                            2.5,
                            INK_SOFT,
                            1.0,
                        );
                        cv.line(
                            (x + 16.0, cy - 5.0),
                            (x + 6.0, cy + 5.0),
                            2.5,
                            INK_SOFT,
                            1.0,
                        );
                    }
                    if i == yut_game::throw::MARKED_STICK && game.rules().backdo {
                        cv.circle(x + 11.0, top + 44.0, 7.0, None, CAPTURE, 1.0);
                    }
                } else {
                    cv.line((x + 7.0, top + 6.0), (x + 7.0, top + 80.0), 2.0, WOOD, 0.6);
                }
            }
            let chip = toss.chip(game.rules());
            let rx = sx + 4.0 * 32.0 + 40.0;
            match chip {
                Some(c) => {
                    self.text
                        .draw_center(cv, rx, top + 46.0, 40, CREAM, c.korean());
                    let s = chip_small(c, lang);
                    self.text.draw_center(cv, rx, top + 76.0, 17, CREAM, &s);
                }
                None => {
                    self.text.draw_center(cv, rx, top + 46.0, 36, CREAM, "낙");
                    let s = say(lang, "picture-toss-void", &[]);
                    self.text.draw_center(cv, rx, top + 76.0, 17, CREAM, &s);
                }
            }
        }
    }

    fn result(&self, cv: &mut Canvas, game: &Game, frame: &Frame, rows: i32) {
        let Some(o) = game.outcome() else { return };
        let lang = frame.lang;
        let names = |side: Side| -> String {
            (0..game.seats())
                .filter(|s| game.side_of(*s) == side)
                .map(|s| frame.name(s))
                .collect::<Vec<_>>()
                .join(" & ")
        };
        let top = header(rows) as f32;
        let (bx, by, bw) = (130.0, top + 250.0, 540.0);
        let bh = 110.0 + 40.0 * o.ranking.len() as f32;
        cv.fill_rrect(bx, by, bw, bh, 20.0, INK, 0.9);
        cv.fill_rrect(
            bx + 6.0,
            by + 6.0,
            bw - 12.0,
            bh - 12.0,
            16.0,
            WOOD_DARK,
            0.6,
        );
        // How many seats won: one wins, a team win.
        let count = (0..game.seats())
            .filter(|s| game.side_of(*s) == o.winner)
            .count() as u32;
        let title = say(
            lang,
            "picture-winner",
            &[("names", names(o.winner).into()), ("count", count.into())],
        );
        let title = self.text.fit(&title, 36, bw - 40.0);
        self.text
            .draw_center(cv, bx + bw / 2.0, by + 62.0, 36, HIGHLIGHT, &title);
        for (i, side) in o.ranking.iter().enumerate() {
            let y = by + 110.0 + i as f32 * 40.0;
            cv.blit_center(&self.mini[*side as usize % 4], bx + 110.0, y - 8.0);
            let home = say(
                lang,
                "picture-home-count",
                &[
                    ("home", game.home(*side).into()),
                    ("pieces", game.pieces_per_side().into()),
                ],
            );
            self.text
                .draw(cv, bx + 40.0, y, 24, CREAM, &ordinal(i + 1, lang));
            let n = self.text.fit(&names(*side), 24, 250.0);
            self.text.draw(cv, bx + 130.0, y, 24, CREAM, &n);
            let hw = self.text.measure(&home, 20);
            self.text
                .draw(cv, bx + bw - 36.0 - hw, y, 20, PAPER_EDGE, &home);
        }
    }
}

fn rows(game: &Game) -> i32 {
    rows_for(game.seats())
}

/// Canvas coordinates of a point for this game (tests use it to find pieces).
pub fn point_position(game: &Game, p: Point) -> (f32, f32) {
    point_xy(p, rows(game))
}

/// Canvas coordinates of the home target.
pub fn home_position(game: &Game) -> (f32, f32) {
    home_xy(rows(game))
}

/// The palette colour of a side's pieces.
pub fn side_color(side: Side) -> Rgb {
    SIDE[side as usize % 4]
}

static GLOBAL: OnceLock<Renderer> = OnceLock::new();

// One renderer serves every game from any thread.
const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<Renderer>()
};

/// The shared renderer, built on first use.
pub fn renderer() -> &'static Renderer {
    GLOBAL.get_or_init(Renderer::new)
}

/// Render with the shared renderer.
/// Most chips the pool panel draws one by one.
const POOL_CHIPS: usize = 7;

pub fn render(game: &Game, frame: &Frame) -> Vec<u8> {
    renderer().render(game, frame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrayvec::ArrayVec;
    use yut_game::{Route, ThrowKind, Toss};

    #[test]
    fn last_move_takes_the_last_move_and_what_followed() {
        let path: ArrayVec<Point, 8> = [4, 5].into_iter().collect();
        let events = vec![
            Event::Thrown {
                seat: 0,
                toss: Toss::showing(Chip::Gae),
                chip: Some(Chip::Gae),
                kind: ThrowKind::Turn,
                again: false,
            },
            Event::Moved {
                seat: 1,
                side: 1,
                chip: Chip::Gae,
                from: 3,
                to: Dest::Point(5),
                route: Some(Route::MoStraight),
                count: 2,
                path,
            },
            Event::Captured {
                seat: 1,
                side: 0,
                at: 5,
                count: 1,
            },
        ];
        let last = LastMove::from_events(&events).expect("a move");
        assert_eq!((last.seat, last.side, last.from), (1, 1, Some(3)));
        assert_eq!(last.path, vec![4, 5]);
        assert_eq!(last.captured, vec![(5, 0, 1)]);
        assert_eq!(last.finished, 0);
        assert!(LastMove::from_events(&events[..1]).is_none());
    }

    #[test]
    fn palette_keeps_key_colours_exact() {
        let (keys, ramps) = palette_spec();
        let pal = Palette::build(&keys, &ramps);
        assert_eq!(pal.colors.len(), 256);
        for c in keys {
            assert_eq!(pal.colors[pal.index(c) as usize], c);
        }
    }

    #[test]
    fn default_labels_and_chip_steps() {
        assert_eq!(default_label(0), "1");
        assert_eq!(default_label(25), "26");
        assert_eq!(chip_steps(Chip::Backdo), "−1");
        assert_eq!(chip_steps(Chip::Mo), "5");
    }
}
