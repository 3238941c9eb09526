//! Community events' pictures, drawn like the board and readable on a phone: a standings
//! table ([`standings_png`]), a bracket ([`bracket_png`]) and a podium ([`podium_png`]).
//!
//! Plain data in, PNG bytes out: the callers map their events into these structs (this crate
//! knows nothing of tournaments). Each picture is a sheet of the board's paper on its wood, in
//! its fonts and palette, written as an indexed PNG: the static shapes are painted with
//! tiny-skia and quantised, the texts and boxes are drawn on the indexed canvas as the
//! board's frames are. Deterministic: the same data and language give the same bytes.
//!
//! Sizes: the standings and the podium are 800 px wide, so that on a phone (about 320-400 px
//! across) their smallest text still reads at 10-11 px; a bracket grows with its rounds (a
//! column of 264 px each) and its first round (96 px a match), and is meant to be opened.
//! Every word the pictures write themselves comes from the catalog (`picture-event-*`).

mod bracket;
mod matchbox;
mod podium;
mod standings;
#[cfg(test)]
mod tests;

pub use bracket::{bracket_png, BracketMatch, BracketPicture, BracketSide};
pub use podium::{podium_png, PodiumPicture};
pub use standings::{standings_png, StandingRow, StandingsPicture, MAX_STANDING_ROWS};

use crate::canvas::{Canvas, Palette, Rgb};
use crate::paint::{fill, paint, stroke};
use crate::text::Text;
use crate::theme::*;
use tiny_skia::{PathBuilder, Pixmap, Stroke, Transform};

/// The wood around the paper, and the paper's margin inside it.
const FRAME: f32 = 14.0;
const PAD: f32 = 30.0;
/// Where the content starts (left and top).
const INSET: f32 = FRAME + PAD;
/// The narrowest picture (the standings and the podium are this wide).
const W_MIN: f32 = 800.0;

/// Text sizes, in pixels of the picture (at 800 px wide shown at 320 px on a phone: a
/// [`BODY`] text reads at 11 px, a [`SMALL`] one at 9.6 px).
const TITLE: u16 = 44;
const SUB: u16 = 28;
const BODY: u16 = 28;
const SMALL: u16 = 24;

/// Medals of the first three places: gold, silver, bronze.
const MEDAL: [Rgb; 3] = [HIGHLIGHT, Rgb::hex(0xCECECE), Rgb::hex(0xB58552)];
/// A loser's name, a name to be decided, a line not yet walked.
const GREY: Rgb = Rgb::hex(0xA38C72);

/// The palette and the fonts: the board's, shared with its renderer.
fn kit() -> (&'static Palette, &'static Text) {
    let r = crate::renderer();
    (r.palette(), r.text())
}

/// The picture's sheet: wood, and the board's paper on it with its shadow and inner edge.
fn sheet(w: i32, h: i32) -> Pixmap {
    // Sizes are clamped by the callers to at least the minimum picture.
    let mut pm = Pixmap::new(w.max(1) as u32, h.max(1) as u32).expect("pixmap size");
    pm.fill(WOOD.skia());
    let (pw, ph) = (w as f32 - 2.0 * FRAME, h as f32 - 2.0 * FRAME);
    fill(
        &mut pm,
        &crate::paint::rrect(FRAME + 3.0, FRAME + 5.0, pw, ph, 14.0),
        WOOD_DARK,
        1.0,
    );
    fill(
        &mut pm,
        &crate::paint::rrect(FRAME, FRAME, pw, ph, 14.0),
        PAPER,
        1.0,
    );
    stroke(
        &mut pm,
        &crate::paint::rrect(FRAME + 6.0, FRAME + 6.0, pw - 12.0, ph - 12.0, 9.0),
        PAPER_EDGE,
        3.0,
    );
    pm
}

/// A trophy of height about 72 × `k` px standing on (cx, bottom): a gold cup with handles on
/// a stem and a wooden base.
fn trophy(pm: &mut Pixmap, cx: f32, bottom: f32, k: f32) {
    let y = |v: f32| bottom - v * k;
    let x = |v: f32| cx + v * k;
    let outline = 2.5 * k.max(0.6);
    // Handles: rings either side of the cup.
    for side in [-1.0f32, 1.0] {
        let mut pb = PathBuilder::new();
        pb.push_circle(x(side * 22.0), y(56.0), 10.0 * k);
        if let Some(p) = pb.finish() {
            stroke(pm, &p, INK, 8.0 * k);
            stroke(pm, &p, HIGHLIGHT, 4.0 * k);
        }
    }
    // The cup: a bowl narrowing to the stem.
    let mut pb = PathBuilder::new();
    pb.move_to(x(-24.0), y(72.0));
    pb.line_to(x(24.0), y(72.0));
    pb.cubic_to(x(24.0), y(44.0), x(14.0), y(32.0), x(5.0), y(28.0));
    pb.line_to(x(5.0), y(16.0));
    pb.line_to(x(-5.0), y(16.0));
    pb.line_to(x(-5.0), y(28.0));
    pb.cubic_to(x(-14.0), y(32.0), x(-24.0), y(44.0), x(-24.0), y(72.0));
    pb.close();
    if let Some(p) = pb.finish() {
        fill(pm, &p, HIGHLIGHT, 1.0);
        stroke(pm, &p, INK, outline);
    }
    // A shine on the bowl.
    let mut pb = PathBuilder::new();
    pb.move_to(x(-14.0), y(66.0));
    pb.cubic_to(x(-14.0), y(54.0), x(-10.0), y(46.0), x(-6.0), y(42.0));
    if let Some(p) = pb.finish() {
        stroke(pm, &p, CREAM, 3.0 * k);
    }
    // The base.
    let base = crate::paint::rrect(x(-18.0), y(16.0), 36.0 * k, 14.0 * k, 3.0 * k);
    fill(pm, &base, WOOD_DARK, 1.0);
    stroke(pm, &base, INK, outline);
}

/// `s` cut to `max` px with an ellipsis ([`Text::fit`]), no space left before it.
fn fit(text: &Text, s: &str, size: u16, max: f32) -> String {
    let cut = text.fit(s, size, max);
    match cut.strip_suffix('…') {
        Some(kept) if kept.ends_with(char::is_whitespace) => format!("{}…", kept.trim_end()),
        _ => cut,
    }
}

/// The baseline that centres a line of text of `size` px on `cy`.
fn centred_base(cy: f32, size: u16) -> f32 {
    cy + size as f32 * 0.36
}

/// A place's medal: a disc of the place's metal with a darker rim, its number inside.
fn medal(cv: &mut Canvas, text: &Text, cx: f32, cy: f32, r: f32, place: u32, size: u16) {
    let c = MEDAL[(place.clamp(1, 3) - 1) as usize];
    cv.circle(cx, cy, r, None, c, 1.0);
    cv.circle(cx, cy, r - 1.5, Some(3.0), c.mix(INK, 0.4), 1.0);
    text.draw_center(
        cv,
        cx,
        centred_base(cy, size),
        size,
        INK,
        &place.to_string(),
    );
}

/// The title and the subtitle from `top`, within `width` from `x` (left-aligned, or
/// centred on the width); returns the baseline of the subtitle.
#[allow(clippy::too_many_arguments)]
fn heading(
    cv: &mut Canvas,
    text: &Text,
    x: f32,
    top: f32,
    width: f32,
    centre: bool,
    title: &str,
    subtitle: &str,
) -> f32 {
    let t = fit(text, title, TITLE, width);
    let s = fit(text, subtitle, SUB, width);
    let (tb, sb) = (top + 44.0, top + 86.0);
    if centre {
        text.draw_center(cv, x + width / 2.0, tb, TITLE, INK, &t);
        text.draw_center(cv, x + width / 2.0, sb, SUB, INK_SOFT, &s);
    } else {
        text.draw(cv, x, tb, TITLE, INK, &t);
        text.draw(cv, x, sb, SUB, INK_SOFT, &s);
    }
    sb
}

/// The picture as palette indices, drawn by `draw` over `sheet`, encoded.
fn finish(pm: &Pixmap, pal: &Palette, draw: impl FnOnce(&mut Canvas)) -> Vec<u8> {
    let bg = crate::paint::to_indices(pm, pal);
    let mut cv = Canvas::new(&bg, pm.width() as i32, pm.height() as i32, pal);
    draw(&mut cv);
    cv.encode()
}
