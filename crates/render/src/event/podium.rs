//! The podium: wooden steps 2-1-3 with each place's metal on top and its ordinal on the front,
//! the names and their lines above them, a trophy over the winner and confetti in the
//! board's colours.

use super::*;
use crate::Lang;
use yut_text::say;

/// A podium to draw.
#[derive(Debug, Clone, Copy)]
pub struct PodiumPicture<'a> {
    pub title: &'a str,
    pub subtitle: &'a str,
    /// First, second, third (and a fourth: a shared third), each a name and a line under it
    /// (e.g. "5 points"). More are not drawn.
    pub places: &'a [(String, String)],
}

const W: f32 = W_MIN;
const H: f32 = 700.0;
const STEP_W: f32 = 210.0;
const STEP_GAP: f32 = 14.0;
/// The steps' heights, first to third.
const STEP_H: [f32; 3] = [200.0, 150.0, 110.0];
/// The metal band on each step's top.
const BAND: f32 = 16.0;
const FLOOR: f32 = H - FRAME - 34.0;
const NAME: u16 = 30;
const ORDINAL: u16 = 40;
/// An entrant's two lines above its step: the name's baseline and the line's, from the
/// step's top; a shared third's second entrant stands this much higher.
const NAME_UP: f32 = 52.0;
const LINE_UP: f32 = 16.0;
const STACK_UP: f32 = 84.0;

/// The left edge of the step of place `i` (0-based): second, first, third from the left.
fn step_x(i: usize) -> f32 {
    let col = [1.0, 0.0, 2.0][i.min(2)];
    ((W - 3.0 * STEP_W - 2.0 * STEP_GAP) / 2.0).round() + col * (STEP_W + STEP_GAP)
}

fn step_top(i: usize) -> f32 {
    FLOOR - STEP_H[i.min(2)]
}

/// Where the trophy stands: over the winner's name.
fn trophy_at() -> (f32, f32, f32) {
    (step_x(0) + STEP_W / 2.0, step_top(0) - NAME_UP - 36.0, 1.2)
}

/// A small deterministic generator for the confetti.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> f32 {
        // xorshift32
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 >> 8) as f32 / (1u32 << 24) as f32
    }
}

/// Confetti between the title and the names, clear of the trophy and every text.
fn confetti(pm: &mut Pixmap) {
    let colours = [
        SIDE[0], SIDE[1], SIDE[2], SIDE[3], HIGHLIGHT, CAPTURE, HIGHLIGHT,
    ];
    let (tx, ty, k) = trophy_at();
    let trophy = (tx - 80.0, ty - 82.0 * k, tx + 80.0, ty + 10.0);
    // The texts over the steps (two entrants over the third).
    let names = |x: f32| {
        (0..3)
            .filter(|&i| x > step_x(i) - 14.0 && x < step_x(i) + STEP_W + 14.0)
            .map(|i| step_top(i) - NAME_UP - 34.0 - if i == 2 { STACK_UP } else { 0.0 })
            .fold(FLOOR, f32::min)
    };
    let mut rng = Rng(0x9E37_79B9);
    let mut placed = 0;
    while placed < 70 {
        let x = FRAME + 26.0 + rng.next() * (W - 2.0 * FRAME - 52.0);
        let y = INSET + 118.0 + rng.next() * (FLOOR - 190.0 - INSET - 118.0);
        let (shape, colour, angle) = (rng.next(), rng.next(), rng.next() * 180.0);
        let in_trophy = x > trophy.0 && x < trophy.2 && y > trophy.1 && y < trophy.3;
        let over_steps = x > step_x(1) - 4.0 && x < step_x(2) + STEP_W + 4.0 && y > FLOOR - 230.0;
        if in_trophy || y > names(x) || over_steps && y > names(x) - 10.0 {
            rng.next();
            continue;
        }
        placed += 1;
        let c = colours[(colour * colours.len() as f32) as usize % colours.len()];
        let mut pb = PathBuilder::new();
        if shape < 0.35 {
            pb.push_circle(x, y, 4.5);
        } else {
            let w = if shape < 0.7 { 6.0 } else { 9.0 };
            pb.push_rect(tiny_skia::Rect::from_xywh(x - w / 2.0, y - 7.0, w, 14.0).expect("rect"));
        }
        let Some(path) = pb.finish() else { continue };
        let Some(path) = path.transform(Transform::from_rotate_at(angle, x, y)) else {
            continue;
        };
        fill(pm, &path, c, 1.0);
    }
}

fn steps(pm: &mut Pixmap) {
    let x0 = step_x(1) - 22.0;
    let x1 = step_x(2) + STEP_W + 22.0;
    let floor = crate::paint::rrect(x0, FLOOR - 2.0, x1 - x0, 12.0, 6.0);
    fill(pm, &floor, WOOD_DARK, 1.0);
    for i in 0..3 {
        let (x, top) = (step_x(i), step_top(i));
        let body = crate::paint::rrect(x, top, STEP_W, STEP_H[i] + 4.0, 10.0);
        // A shadow to the right, the wood, its edge.
        let shadow = crate::paint::rrect(x + 5.0, top + 6.0, STEP_W, STEP_H[i] - 4.0, 10.0);
        fill(pm, &shadow, WOOD_DARK, 0.45);
        fill(pm, &body, WOOD, 1.0);
        // The wood's grain: a few long waves across the face, clear of the ordinal.
        let face = STEP_H[i] - BAND;
        let grain: &[f32] = if face > 120.0 {
            &[0.1, 0.27, 0.73, 0.9]
        } else {
            &[0.13, 0.87]
        };
        for (g, at) in grain.iter().enumerate() {
            let gy = top + BAND + (face * at).round();
            let mut pb = PathBuilder::new();
            pb.move_to(x + 10.0, gy);
            let dip = if (g + i) % 2 == 0 { 5.0 } else { -5.0 };
            pb.cubic_to(
                x + STEP_W * 0.35,
                gy + dip,
                x + STEP_W * 0.65,
                gy - dip,
                x + STEP_W - 10.0,
                gy + dip * 0.4,
            );
            if let Some(l) = pb.finish() {
                let st = Stroke {
                    width: 2.0,
                    line_cap: tiny_skia::LineCap::Round,
                    ..Stroke::default()
                };
                pm.stroke_path(
                    &l,
                    &paint(WOOD_DARK, 0.55),
                    &st,
                    Transform::identity(),
                    None,
                );
            }
        }
        let band = crate::paint::rrect(x, top, STEP_W, BAND + 10.0, 10.0);
        fill(pm, &band, MEDAL[i], 1.0);
        let under = tiny_skia::Rect::from_xywh(x, top + BAND, STEP_W, 10.0).expect("rect");
        pm.fill_rect(under, &paint(WOOD, 1.0), Transform::identity(), None);
        stroke(pm, &body, WOOD_DARK, 3.0);
        let mut pb = PathBuilder::new();
        pb.move_to(x + 2.0, top + BAND);
        pb.line_to(x + STEP_W - 2.0, top + BAND);
        if let Some(l) = pb.finish() {
            stroke(pm, &l, WOOD_DARK, 2.0);
        }
    }
    let (tx, ty, k) = trophy_at();
    trophy(pm, tx, ty, k);
}

/// The podium as an indexed PNG, 800 × 700 px.
pub fn podium_png(p: &PodiumPicture, lang: Lang) -> Vec<u8> {
    let (pal, text) = kit();
    let mut pm = sheet(W as i32, H as i32);
    confetti(&mut pm);
    steps(&mut pm);
    finish(&pm, pal, |cv| draw(cv, text, p, lang))
}

/// The texts the podium draws, in order (for tests).
#[cfg(test)]
pub(super) fn podium_words(p: &PodiumPicture, lang: Lang) -> Vec<String> {
    let (pal, text) = kit();
    let mut cv = Canvas::recording_words(W as i32, H as i32, pal);
    draw(&mut cv, text, p, lang);
    cv.words().to_vec()
}

fn draw(cv: &mut Canvas, text: &Text, p: &PodiumPicture, lang: Lang) {
    heading(
        cv,
        text,
        INSET,
        INSET,
        W - 2.0 * INSET,
        true,
        p.title,
        p.subtitle,
    );
    for (i, height) in STEP_H.iter().enumerate() {
        let (x, top) = (step_x(i), step_top(i));
        let ordinal = say(lang, "picture-ordinal", &[("n", (i as u32 + 1).into())]);
        let ordinal = fit(text, &ordinal, ORDINAL, STEP_W - 16.0);
        let face = top + BAND + (height - BAND) / 2.0;
        let base = centred_base(face, ORDINAL);
        text.draw_center(cv, x + STEP_W / 2.0, base, ORDINAL, CREAM, &ordinal);
    }
    let room = STEP_W + STEP_GAP - 6.0;
    for (k, (name, line)) in p.places.iter().take(4).enumerate() {
        let i = k.min(2);
        let cx = step_x(i) + STEP_W / 2.0;
        let up = if k == 3 { STACK_UP } else { 0.0 };
        let top = step_top(i) - up;
        let name = fit(text, name, NAME, room);
        text.draw_center(cv, cx, top - NAME_UP, NAME, INK, &name);
        let line = fit(text, line, SMALL, room);
        text.draw_center(cv, cx, top - LINE_UP, SMALL, INK_SOFT, &line);
    }
}
