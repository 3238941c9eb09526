//! Where texts and badges go: the labels nothing may cover (the board's names, its arrow and
//! home mark, the panels' and the lower box's texts) and, for each badge or pill (a stack's ×n,
//! a capture's or a finish's pill, a destination's number), the first of its places that
//! covers none of them. The drawing takes every position from here, and
//! [`crate::Renderer::layout`] hands the same boxes to tests.

use super::text::Text;
use super::theme::*;
use super::Lang;
use yut_text::say;

/// A box on the picture, in pixels: [x0, x1) × [y0, y1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl Area {
    pub fn xywh(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area {
            x0: x,
            y0: y,
            x1: x + w,
            y1: y + h,
        }
    }

    /// A box of w × h centred on (cx, cy).
    pub fn centred(cx: f32, cy: f32, w: f32, h: f32) -> Area {
        Area::xywh(cx - w / 2.0, cy - h / 2.0, w, h)
    }

    pub fn w(&self) -> f32 {
        self.x1 - self.x0
    }

    pub fn h(&self) -> f32 {
        self.y1 - self.y0
    }

    pub fn centre(&self) -> (f32, f32) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    /// Do the two boxes share any pixel area (touching edges do not)?
    pub fn overlaps(&self, o: &Area) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    /// The box grown by `d` on every side.
    pub fn grown(&self, d: f32) -> Area {
        Area {
            x0: self.x0 - d,
            y0: self.y0 - d,
            x1: self.x1 + d,
            y1: self.y1 + d,
        }
    }

    /// The box moved (not resized) as little as needed to lie inside `b`.
    pub fn moved_into(&self, b: &Area) -> Area {
        let dx = (b.x0 - self.x0).max(0.0) + (b.x1 - self.x1).min(0.0);
        let dy = (b.y0 - self.y0).max(0.0) + (b.y1 - self.y1).min(0.0);
        Area::xywh(self.x0 + dx, self.y0 + dy, self.w(), self.h())
    }

    /// The smallest box holding both.
    pub fn union(&self, o: &Area) -> Area {
        Area {
            x0: self.x0.min(o.x0),
            y0: self.y0.min(o.y0),
            x1: self.x1.max(o.x1),
            y1: self.y1.max(o.y1),
        }
    }
}

/// Something laid out: what it shows (its text, or a name for a mark) and its box.
#[derive(Debug, Clone, PartialEq)]
pub struct Laid {
    pub what: String,
    pub area: Area,
}

/// Something drawn where the game puts it (a piece, a destination's ring, a capture's
/// ring): its box, and whether it is round (a ring: the circle inside the box).
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub what: &'static str,
    pub area: Area,
    pub round: bool,
}

impl Mark {
    /// Does it cover any pixel of `a`?
    pub fn covers(&self, a: &Area) -> bool {
        if !self.round {
            return self.area.overlaps(a);
        }
        let (cx, cy) = self.area.centre();
        let r = self.area.w() / 2.0;
        let dx = (a.x0 - cx).max(cx - a.x1).max(0.0);
        let dy = (a.y0 - cy).max(cy - a.y1).max(0.0);
        dx * dx + dy * dy < r * r
    }
}

/// A frame's layout: the labels, which nothing may cover, the badges and pills placed
/// around them, and the marks drawn where the game puts them.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub labels: Vec<Laid>,
    pub badges: Vec<Laid>,
    pub marks: Vec<Mark>,
}

/// The room a badge keeps from a label.
pub const CLEARANCE: f32 = 3.0;

/// Where the board's badges stay: inside the board square.
pub const BOARD_AREA: Area = Area {
    x0: 4.0,
    y0: 4.0,
    x1: BOARD as f32 - 4.0,
    y1: BOARD as f32 - 4.0,
};

impl Layout {
    pub fn label(&mut self, what: impl Into<String>, area: Area) {
        self.labels.push(Laid {
            what: what.into(),
            area,
        });
    }

    pub fn mark(&mut self, what: &'static str, area: Area, round: bool) {
        self.marks.push(Mark { what, area, round });
    }

    /// Keep a badge placed by other means (a panel's own slot).
    pub fn badge(&mut self, what: impl Into<String>, area: Area) {
        self.badges.push(Laid {
            what: what.into(),
            area,
        });
    }

    fn covers_label(&self, a: &Area) -> bool {
        self.labels
            .iter()
            .any(|l| l.area.grown(CLEARANCE).overlaps(a))
    }

    fn covers_badge(&self, a: &Area) -> bool {
        self.badges.iter().any(|b| b.area.overlaps(a))
    }

    /// Place a badge: at the first of `first` (boxes in order of preference), else at the
    /// nearest of a spiral of places round the first (up to [`SPIRAL_REACH`] px away), that
    /// covers no label, nor `keep_clear` (what the badge tells of), nor a badge placed before;
    /// failing that, the first that covers no label nor `keep_clear`; then no label. Every box
    /// is moved inside the board. Keeps and returns the chosen box.
    pub fn place(
        &mut self,
        what: impl Into<String>,
        first: &[Area],
        keep_clear: Option<Area>,
    ) -> Area {
        let start = first
            .first()
            .copied()
            .unwrap_or(BOARD_AREA)
            .moved_into(&BOARD_AREA);
        let candidates = || {
            first
                .iter()
                .copied()
                .chain(spiral(start))
                .map(|a| a.moved_into(&BOARD_AREA))
        };
        let clear = |a: &Area| keep_clear.is_none_or(|k| !k.overlaps(a));
        let area = candidates()
            .find(|a| !self.covers_label(a) && clear(a) && !self.covers_badge(a))
            .or_else(|| candidates().find(|a| !self.covers_label(a) && clear(a)))
            .or_else(|| candidates().find(|a| !self.covers_label(a)))
            .unwrap_or(start);
        self.badge(what, area);
        area
    }
}

/// How far from its first place a badge may be moved to find room.
pub const SPIRAL_REACH: f32 = 60.0;
const SPIRAL_STEP: f32 = 5.0;
const SPIRAL_DIRECTIONS: usize = 16;

/// Boxes the size of `a` round it, nearest first: rings of [`SPIRAL_STEP`] px, each in
/// [`SPIRAL_DIRECTIONS`] directions.
fn spiral(a: Area) -> impl Iterator<Item = Area> {
    let rings = (SPIRAL_REACH / SPIRAL_STEP) as usize;
    (1..=rings).flat_map(move |ring| {
        (0..SPIRAL_DIRECTIONS).map(move |k| {
            let t = k as f32 * std::f32::consts::TAU / SPIRAL_DIRECTIONS as f32;
            let d = ring as f32 * SPIRAL_STEP;
            Area::xywh(a.x0 + d * t.cos(), a.y0 + d * t.sin(), a.w(), a.h())
        })
    })
}

/// Boxes of w × h around a centre (cx, cy), at each offset of their centre, in order.
pub fn spots(cx: f32, cy: f32, w: f32, h: f32, offsets: &[(f32, f32)]) -> Vec<Area> {
    offsets
        .iter()
        .map(|(dx, dy)| Area::centred(cx + dx, cy + dy, w, h))
        .collect()
}

/// An offset and its mirror images: (dx, dy), (−dx, dy), (dx, −dy), (−dx, −dy).
pub fn mirrored(dx: f32, dy: f32) -> [(f32, f32); 4] {
    [(dx, dy), (-dx, dy), (dx, -dy), (-dx, -dy)]
}

/// The arrow of the direction of play, beside 참먹이: x offset from 참먹이, its top and
/// bottom (y offsets) and the half width of its head.
pub const ARROW_DX: f32 = 38.0;
pub const ARROW_TOP: f32 = -76.0;
pub const ARROW_BOTTOM: f32 = -30.0;
pub const ARROW_HEAD: f32 = 7.0;
/// The home mark's radius (a dashed ring round a house, beside 참먹이).
pub const HOME_R: f32 = 19.0;

/// How far below its point the baseline of a name under the bottom edge is: clear of a ring
/// round the point (a destination's, a capture's) and of a stack on it.
const LABEL_BELOW: f32 = 56.0;

/// The stations the board names: the point, where its name goes (from the point: the x of
/// its centre, or of its left end when `left`; its baseline) and the name's catalog key.
/// Dwitmo's starts right of its corner, where a ring round the corner leaves room.
const STATION_LABELS: [(u8, f32, f32, bool, &str); 4] = [
    (5, 34.0, -32.0, false, "picture-station-mo"),
    (10, 14.0, -32.0, true, "picture-station-dwitmo"),
    (15, 10.0, LABEL_BELOW, false, "picture-station-jjimo"),
    (22, 0.0, 57.0, false, "picture-station-bang"),
];

/// The catalog key of the label the board writes beside a point, if it writes one: START ·
/// FINISH at 참먹이, the names of the corners and the centre. (A description of the picture
/// names no other point: the picture does not.)
pub fn point_label(p: yut_game::Point) -> Option<&'static str> {
    if p == 0 {
        return Some("picture-start-finish");
    }
    STATION_LABELS
        .iter()
        .find(|(q, ..)| *q == p)
        .map(|(.., key)| *key)
}

/// A text of the board's background: its words, where its baseline starts, and its key.
pub struct BoardText {
    pub text: String,
    pub x: f32,
    pub y: f32,
    pub key: &'static str,
}

/// The board's texts in a language: START · FINISH under the bottom edge ending at 참먹이,
/// and the names of the corners and the centre, outside the lines where there is room.
pub fn board_texts(text: &Text, lang: Lang) -> Vec<BoardText> {
    let mut out = vec![];
    let (cx, cy) = point_xy(0);
    let start = say(lang, "picture-start-finish", &[]);
    let sw = text.measure(&start, TEXT);
    out.push(BoardText {
        text: start,
        x: cx + 8.0 - sw,
        y: cy + LABEL_BELOW,
        key: "picture-start-finish",
    });
    for (p, dx, dy, left, key) in STATION_LABELS {
        let (x, y) = point_xy(p);
        let s = say(lang, key, &[]);
        let w = text.measure(&s, TEXT);
        let x = if left { x + dx + w / 2.0 } else { x + dx };
        let x = x.clamp(PAPER_INSET + 8.0 + w / 2.0, BOARD as f32 - 18.0 - w / 2.0);
        out.push(BoardText {
            text: s,
            x: x - w / 2.0,
            y: y + dy,
            key,
        });
    }
    out
}

/// The labels of the board's background in a language: its texts, the arrow and the home
/// mark.
pub fn board_labels(text: &Text, lang: Lang) -> Vec<Laid> {
    let mut out: Vec<Laid> = board_texts(text, lang)
        .into_iter()
        .map(|t| Laid {
            area: text.area(&t.text, TEXT, t.x, t.y),
            what: t.text,
        })
        .collect();
    let (cx, cy) = point_xy(0);
    let half = 1.5; // half the arrow's stroke
    out.push(Laid {
        what: "arrow".into(),
        area: Area {
            x0: cx + ARROW_DX - ARROW_HEAD - half,
            y0: cy + ARROW_TOP - half,
            x1: cx + ARROW_DX + ARROW_HEAD + half,
            y1: cy + ARROW_BOTTOM + half,
        },
    });
    let (hx, hy) = home_xy();
    out.push(Laid {
        what: "home".into(),
        area: Area::centred(hx, hy, 2.0 * (HOME_R + half), 2.0 * (HOME_R + half)),
    });
    out
}
