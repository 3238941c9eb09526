//! What is drawn once at start-up with tiny-skia (anti-aliased): the board backgrounds and the
//! sprites that frames copy.

use super::canvas::{Palette, Rgb, Sprite};
use super::layout::{board_texts, ARROW_BOTTOM, ARROW_DX, ARROW_HEAD, ARROW_TOP, HOME_R};
use super::text::Text;
use super::theme::*;
use super::Lang;
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};
use yut_game::board::POINTS;

/// A solid anti-aliased paint of `c` at `alpha` (the board's and the other pictures').
pub(crate) fn paint(c: Rgb, alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(tiny_skia::Color::from_rgba8(
        c.0,
        c.1,
        c.2,
        (alpha * 255.0).round() as u8,
    ));
    p.anti_alias = true;
    p
}

pub(crate) fn fill(pm: &mut Pixmap, path: &tiny_skia::Path, c: Rgb, alpha: f32) {
    pm.fill_path(
        path,
        &paint(c, alpha),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

pub(crate) fn stroke(pm: &mut Pixmap, path: &tiny_skia::Path, c: Rgb, width: f32) {
    let st = Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        line_join: tiny_skia::LineJoin::Round,
        ..Stroke::default()
    };
    pm.stroke_path(path, &paint(c, 1.0), &st, Transform::identity(), None);
}

fn circle(cx: f32, cy: f32, r: f32) -> tiny_skia::Path {
    // A positive radius always makes a path.
    PathBuilder::from_circle(cx, cy, r.max(0.1)).expect("circle path")
}

pub fn rrect(x: f32, y: f32, w: f32, h: f32, r: f32) -> tiny_skia::Path {
    let r = r.min(w / 2.0).min(h / 2.0);
    let k = 0.552_284_8 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish().unwrap_or_else(|| {
        PathBuilder::from_rect(Rect::from_xywh(x, y, w.max(1.0), h.max(1.0)).expect("rect"))
    })
}

/// The outline of a side's piece: circle, rounded square, triangle, diamond.
pub fn shape(side: usize, cx: f32, cy: f32, r: f32) -> tiny_skia::Path {
    match side % 4 {
        0 => circle(cx, cy, r),
        1 => {
            let h = r * 0.9;
            rrect(cx - h, cy - h, 2.0 * h, 2.0 * h, r * 0.28)
        }
        2 => {
            let mut pb = PathBuilder::new();
            let rr = r * 1.28;
            let cy = cy + r * 0.14;
            pb.move_to(cx, cy - rr);
            pb.line_to(cx + rr * 0.866, cy + rr * 0.5);
            pb.line_to(cx - rr * 0.866, cy + rr * 0.5);
            pb.close();
            pb.finish().expect("triangle path")
        }
        _ => {
            let mut pb = PathBuilder::new();
            let d = r * 1.22;
            pb.move_to(cx, cy - d);
            pb.line_to(cx + d, cy);
            pb.line_to(cx, cy + d);
            pb.line_to(cx - d, cy);
            pb.close();
            pb.finish().expect("diamond path")
        }
    }
}

fn new_pixmap(w: u32, h: u32) -> Pixmap {
    // Sizes here are small constants, never zero.
    Pixmap::new(w, h).expect("pixmap size")
}

/// A side's shape with radius r, flat (no shadow): the mark before a panel's count of pieces
/// waiting.
pub fn shape_pixmap(side: usize, r: f32) -> Pixmap {
    let size = (r * 2.0 * 1.35 + 4.0).ceil();
    let mut pm = new_pixmap(size as u32, size as u32);
    let body = shape(side, size / 2.0, size / 2.0, r);
    fill(&mut pm, &body, SIDE[side % 4], 1.0);
    stroke(&mut pm, &body, INK, (r / 8.0).clamp(1.5, 3.0));
    pm
}

/// A piece of `side` with radius r: shadow, body, outline (the shape tells the sides apart
/// without their colours). `layers` > 1 draws a stack.
pub fn piece_pixmap(side: usize, r: f32, layers: u8) -> Pixmap {
    let extra = if layers > 1 { 8.0 } else { 0.0 };
    let size = (r * 2.0 * 1.35 + 8.0).ceil();
    let mut pm = new_pixmap(size as u32, (size + extra) as u32);
    let (cx, cy) = (size / 2.0, size / 2.0);
    let lw = (r / 8.0).clamp(1.5, 3.0);
    if layers > 1 {
        let under = shape(side, cx, cy + extra, r);
        fill(&mut pm, &under, side_dark(side), 1.0);
        stroke(&mut pm, &under, INK, lw);
    } else {
        let shadow = shape(side, cx + 1.5, cy + 2.5, r);
        fill(&mut pm, &shadow, INK, 0.35);
    }
    let body = shape(side, cx, cy, r);
    fill(&mut pm, &body, SIDE[side % 4], 1.0);
    stroke(&mut pm, &body, INK, lw);
    pm
}

/// The ×n badge of a stack.
pub fn badge_pixmap(text: &Text, n: u8) -> Pixmap {
    let s = format!("×{n}");
    let w = (text.measure(&s, TEXT) + 14.0).ceil();
    let mut pm = new_pixmap(w as u32 + 2, 38);
    let p = rrect(1.0, 1.0, w, 36.0, 18.0);
    fill(&mut pm, &p, INK, 1.0);
    stroke(&mut pm, &p, CREAM, 2.0);
    text.draw_pixmap(&mut pm, w / 2.0 + 1.0, 29.0, TEXT, CREAM, &s);
    pm
}

/// A little house, 18 × 18 px at scale 1 (the board's home mark), from 10 px above `cy` to 8
/// below.
fn house(hx: f32, hy: f32, k: f32) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(hx, hy - 10.0 * k);
    pb.line_to(hx + 9.0 * k, hy - 2.0 * k);
    pb.line_to(hx + 6.0 * k, hy - 2.0 * k);
    pb.line_to(hx + 6.0 * k, hy + 8.0 * k);
    pb.line_to(hx - 6.0 * k, hy + 8.0 * k);
    pb.line_to(hx - 6.0 * k, hy - 2.0 * k);
    pb.line_to(hx - 9.0 * k, hy - 2.0 * k);
    pb.close();
    pb.finish()
}

/// The house beside a panel's count of pieces home, in the finish colour, 24 × 22 px: a
/// roof wider than its body and a door, so that it reads as a house, not an arrow.
pub fn house_pixmap() -> Pixmap {
    let mut pm = new_pixmap(26, 24);
    let mut pb = PathBuilder::new();
    pb.move_to(13.0, 1.0);
    pb.line_to(25.0, 11.0);
    pb.line_to(22.0, 11.0);
    pb.line_to(22.0, 23.0);
    pb.line_to(15.5, 23.0);
    pb.line_to(15.5, 16.0);
    pb.line_to(10.5, 16.0);
    pb.line_to(10.5, 23.0);
    pb.line_to(4.0, 23.0);
    pb.line_to(4.0, 11.0);
    pb.line_to(1.0, 11.0);
    pb.close();
    if let Some(h) = pb.finish() {
        fill(&mut pm, &h, FINISH, 1.0);
    }
    pm
}

/// A seat's panel box (part of the background).
fn panel(pm: &mut Pixmap, x: f32, y: f32) {
    let p = rrect(
        x + 2.0,
        y + 2.0,
        PANEL_W as f32 - 4.0,
        PANEL_H as f32 - 4.0,
        12.0,
    );
    fill(pm, &p, PANEL, 1.0);
    stroke(pm, &p, WOOD_DARK, 2.0);
}

/// The highlight border of the seat to act, drawn over its panel.
pub fn panel_border_pixmap() -> Pixmap {
    let mut pm = new_pixmap(PANEL_W as u32, PANEL_H as u32);
    let p = rrect(2.0, 2.0, PANEL_W as f32 - 4.0, PANEL_H as f32 - 4.0, 12.0);
    stroke(&mut pm, &p, HIGHLIGHT, 4.0);
    pm
}

/// The ring around a legal destination: highlight with a thin ink edge on both sides.
pub fn ring_pixmap(r: f32) -> Pixmap {
    let size = (2.0 * r + 12.0).ceil() as u32;
    let mut pm = new_pixmap(size, size);
    let c = size as f32 / 2.0;
    stroke(&mut pm, &circle(c, c, r), INK, 10.0);
    stroke(&mut pm, &circle(c, c, r), HIGHLIGHT, 6.0);
    fill(&mut pm, &circle(c, c, r - 4.0), HIGHLIGHT, 0.30);
    pm
}

/// Quantise an RGBA pixmap (opaque) to palette indices.
pub fn to_indices(pm: &Pixmap, pal: &Palette) -> Vec<u8> {
    pm.pixels()
        .iter()
        .map(|c| pal.index(Rgb(c.red(), c.green(), c.blue())))
        .collect()
}

pub fn sprite(pm: &Pixmap, pal: &Palette) -> Sprite {
    Sprite::from_pixmap(pm, pal)
}

/// The static picture for a number of seats: wood, the seats' panels and the column's lower
/// box, the paper 말판 with its lines and 29 points, start/finish and home marks.
pub fn background(text: &Text, lang: Lang, seats: u8) -> Pixmap {
    let mut pm = new_pixmap(W as u32, H as u32);
    pm.fill(WOOD.skia());
    for seat in 0..seats {
        let (x, y) = panel_xy(seat);
        panel(&mut pm, x as f32, y as f32);
    }
    // The lower box: the last throw and the results held.
    let top = footer_top(seats) as f32;
    let fb = rrect(COL_X as f32, top, COL_W as f32, H as f32 - top - 6.0, 14.0);
    fill(&mut pm, &fb, WOOD_DARK, 1.0);
    // Paper with a shadow.
    let (px, py, pw) = (PAPER_INSET, PAPER_INSET, BOARD as f32 - 2.0 * PAPER_INSET);
    fill(
        &mut pm,
        &rrect(px + 3.0, py + 5.0, pw, pw, 14.0),
        WOOD_DARK,
        1.0,
    );
    let paper = rrect(px, py, pw, pw, 14.0);
    fill(&mut pm, &paper, PAPER, 1.0);
    stroke(
        &mut pm,
        &rrect(px + 6.0, py + 6.0, pw - 12.0, pw - 12.0, 9.0),
        PAPER_EDGE,
        3.0,
    );
    // The square and both diagonals.
    let xy = point_xy;
    let mut pb = PathBuilder::new();
    for (i, p) in [0u8, 5, 10, 15].iter().enumerate() {
        let (x, y) = xy(*p);
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    for (a, b) in [(5u8, 15u8), (10, 0)] {
        let (x0, y0) = xy(a);
        let (x1, y1) = xy(b);
        pb.move_to(x0, y0);
        pb.line_to(x1, y1);
    }
    if let Some(lines) = pb.finish() {
        stroke(&mut pm, &lines, INK, 4.0);
    }
    // Direction of play: up the right edge from 참먹이.
    let (cx, cy) = xy(0);
    let ax = cx + ARROW_DX;
    let mut pb = PathBuilder::new();
    pb.move_to(ax, cy + ARROW_BOTTOM);
    pb.line_to(ax, cy + ARROW_TOP);
    pb.move_to(ax - ARROW_HEAD, cy + ARROW_TOP + 10.0);
    pb.line_to(ax, cy + ARROW_TOP);
    pb.line_to(ax + ARROW_HEAD, cy + ARROW_TOP + 10.0);
    if let Some(arrow) = pb.finish() {
        stroke(&mut pm, &arrow, INK_SOFT, 3.0);
    }
    // Home: a dashed ring beside 참먹이, a little house inside.
    let (hx, hy) = home_xy();
    let mut pb = PathBuilder::new();
    pb.move_to(cx + 15.0, cy + 15.0);
    pb.line_to(hx - HOME_R * 0.7, hy - HOME_R * 0.7);
    if let Some(l) = pb.finish() {
        stroke(&mut pm, &l, INK_SOFT, 3.0);
    }
    fill(&mut pm, &circle(hx, hy, HOME_R), POINT_FILL, 1.0);
    let dash = Stroke {
        width: 3.0,
        dash: tiny_skia::StrokeDash::new(vec![5.0, 4.0], 0.0),
        ..Stroke::default()
    };
    pm.stroke_path(
        &circle(hx, hy, HOME_R),
        &paint(INK_SOFT, 1.0),
        &dash,
        Transform::identity(),
        None,
    );
    if let Some(house) = house(hx, hy, 1.0) {
        fill(&mut pm, &house, INK_SOFT, 1.0);
    }
    // Points: the corners and 방 larger, with an inner ring.
    for p in 0..POINTS as u8 {
        let (x, y) = xy(p);
        if is_station(p) {
            let r = if p == 22 { STATION_R + 2.0 } else { STATION_R };
            let c = circle(x, y, r);
            fill(&mut pm, &c, POINT_FILL, 1.0);
            stroke(&mut pm, &c, INK, 3.5);
            stroke(&mut pm, &circle(x, y, r - 6.0), INK, 1.5);
            if p == 0 {
                // 참먹이: a filled centre.
                fill(&mut pm, &circle(x, y, r - 9.0), INK, 1.0);
            }
        } else {
            let c = circle(x, y, POINT_R);
            fill(&mut pm, &c, POINT_FILL, 1.0);
            stroke(&mut pm, &c, INK, 2.5);
        }
    }
    // Start and finish, under the bottom edge ending at 참먹이; the station names, quietly,
    // outside the lines where there is room (placed by the layout).
    for t in board_texts(text, lang) {
        let c = if t.key == "picture-start-finish" {
            INK
        } else {
            INK_SOFT
        };
        text.draw_pixmap_left(&mut pm, t.x, t.y, TEXT, c, &t.text);
    }
    pm
}
