//! The board renderer: a PNG of any game state. Pure: the same game and frame give the same bytes.
//!
//! Everything costly is done once, in [`Renderer::new`]: the board backgrounds are drawn with
//! tiny-skia and quantised to a fixed 256-colour palette, and the pieces, badges, rings and
//! panels are drawn as sprites. A frame copies the background, blits sprites and glyphs (cached)
//! with a premultiplied blend straight onto palette indices, and encodes an indexed PNG.

mod footer;
mod frame;
pub mod layout;
mod panels;
pub use footer::shown_throw;
pub use frame::*;

pub mod canvas;
mod encode;
pub mod event;
/// The outline of a side's piece (circle, rounded square, triangle, diamond), for other
/// pictures that mark a side.
pub use paint::shape as side_shape;
mod paint;
mod sprite;
pub mod svg;
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
    /// A side's shape before its count of pieces waiting, in a panel.
    count_icon: Vec<Sprite>,
    /// The house before a side's count of pieces home.
    house: Sprite,
    badge: Vec<Sprite>,
    active: Sprite,
    ring: Sprite,
    ring_big: Sprite,
    /// The smallest text of the backgrounds and sprites.
    fixed_min: u16,
    /// The labels of each language's background.
    board_labels: Vec<(Lang, Vec<layout::Laid>)>,
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
            .map(|s| sp(paint::piece_pixmap(s, PIECE_R, 1)))
            .collect();
        let stack = (0..4)
            .map(|s| sp(paint::piece_pixmap(s, PIECE_R, 2)))
            .collect();
        let icon = (0..4)
            .map(|s| sp(paint::piece_pixmap(s, 13.0, 1)))
            .collect();
        let mini = (0..4).map(|s| sp(paint::piece_pixmap(s, 7.0, 1))).collect();
        let count_icon = (0..4).map(|s| sp(paint::shape_pixmap(s, 9.0))).collect();
        let house = sp(paint::house_pixmap());
        let badge = (2..=4).map(|n| sp(paint::badge_pixmap(&text, n))).collect();
        let active = sp(paint::panel_border_pixmap());
        let ring = sp(paint::ring_pixmap(PIECE_R + 7.0));
        let ring_big = sp(paint::ring_pixmap(STATION_R + 7.0));
        let fixed_min = text.smallest_in_pixmaps();
        let board_labels = LANGS
            .iter()
            .map(|&l| (l, layout::board_labels(&text, l)))
            .collect();
        Renderer {
            fixed_min,
            board_labels,
            count_icon,
            house,
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
        let _ = game;
        (W, H)
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

    /// Every text of the frame with its size in pixels, the texts of its background and
    /// sprites included (as one entry, "", with the smallest of their sizes).
    pub fn text_sizes(&self, game: &Game, frame: &Frame) -> Vec<(String, u16)> {
        let (w, h) = self.size(game);
        let mut cv = Canvas::recording_words(w, h, &self.pal);
        self.draw_on(&mut cv, game, frame);
        let mut out: Vec<(String, u16)> = cv
            .words()
            .iter()
            .cloned()
            .zip(cv.word_sizes().iter().copied())
            .collect();
        out.push((String::new(), self.fixed_min));
        out
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

    /// Where the frame's labels and badges are: every label (the board's names, arrow and
    /// home mark, the panels' and the lower box's texts) and every badge and pill (stacks'
    /// ×n, the last move's pills, the destinations' numbers), as drawn.
    pub fn layout(&self, game: &Game, frame: &Frame) -> layout::Layout {
        let (w, h) = self.size(game);
        let mut cv = Canvas::recording(w, h, &self.pal);
        self.draw_on(&mut cv, game, frame)
    }

    fn draw_on(&self, cv: &mut Canvas, game: &Game, frame: &Frame) -> layout::Layout {
        let dests = frame.destinations(game);
        let labels = self
            .board_labels
            .iter()
            .find(|(l, _)| *l == frame.lang)
            .map(|(_, b)| b.clone())
            .unwrap_or_default();
        let mut lay = layout::Layout {
            labels,
            ..layout::Layout::default()
        };
        // Back to waiting: the number sits on the mover's panel.
        let waiting_tag = dests
            .iter()
            .find(|(d, _)| *d == Dest::Waiting)
            .map(|(_, l)| l.as_str());
        self.panels(cv, game, frame, waiting_tag, &mut lay);
        if let Some(last) = &frame.last {
            self.path(cv, last);
        }
        for (d, _) in &dests {
            match d {
                Dest::Point(p) => {
                    let (x, y) = point_xy(*p);
                    let ring = if is_station(*p) {
                        &self.ring_big
                    } else {
                        &self.ring
                    };
                    cv.blit_center(ring, x, y);
                    lay.mark("ring", drawn_centred(ring, x, y), true);
                }
                Dest::Home => {
                    let (x, y) = home_xy();
                    cv.blit_center(&self.ring, x, y);
                    // Round the home mark: its highlight, the one mark on a label.
                    lay.mark("home ring", drawn_centred(&self.ring, x, y), true);
                }
                Dest::Waiting => {}
            }
        }
        self.pieces(cv, game, &mut lay);
        if let Some(last) = &frame.last {
            self.marks(cv, last, frame.lang, &mut lay);
        }
        for (d, label) in &dests {
            let (x, y) = match d {
                Dest::Point(p) => point_xy(*p),
                Dest::Home => home_xy(),
                Dest::Waiting => continue,
            };
            self.tag(cv, x, y, label, &mut lay);
        }
        self.footer(cv, game, frame, &mut lay);
        if game.is_over() {
            self.result(cv, game, frame);
        }
        lay
    }
}

/// The box of a sprite's drawn pixels when blitted at (x, y), its top-left.
fn drawn_at(s: &Sprite, x: i32, y: i32) -> layout::Area {
    let d = s.drawn();
    layout::Area {
        x0: (x + d.x0) as f32,
        y0: (y + d.y0) as f32,
        x1: (x + d.x1) as f32,
        y1: (y + d.y1) as f32,
    }
}

/// The same for a sprite centred on (cx, cy), as [`Canvas::blit_center`] places it.
fn drawn_centred(s: &Sprite, cx: f32, cy: f32) -> layout::Area {
    let x = (cx - s.w as f32 / 2.0).round() as i32;
    let y = (cy - s.h as f32 / 2.0).round() as i32;
    drawn_at(s, x, y)
}

/// Canvas coordinates of a point for this game (tests use it to find pieces).
pub fn point_position(game: &Game, p: Point) -> (f32, f32) {
    let _ = game;
    point_xy(p)
}

/// Canvas coordinates of the home target.
pub fn home_position(game: &Game) -> (f32, f32) {
    let _ = game;
    home_xy()
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
const POOL_CHIPS: usize = 4;

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
