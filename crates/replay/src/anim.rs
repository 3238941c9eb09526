//! The animated replay: a GIF with one frame per action (the start, every throw, every move)
//! and a pause at the end.
//!
//! lila-gif's technique: the board renderer already draws every frame as indices into its
//! fixed 256-colour palette, so that palette is the GIF's one global palette and nothing is
//! quantised per frame. The first frame is written whole; every later frame is only the
//! rectangle that changed since the one before, its unchanged pixels written as a transparent
//! index (an index no changed pixel of that frame uses), which LZW packs into almost nothing.
//! Frames are drawn at half size by default (a 2×2 box filter through the palette's
//! nearest-colour table), which keeps a whole 4-seat game near half a mebibyte.

use super::{Played, Step};
use std::borrow::Cow;
use yut_game::{Action, Event};
use yut_render::canvas::{changed_areas, Rect, Rgb};
use yut_render::renderer;
use yut_table::paint::frame_of;

/// Discord's attachment limit when the interaction does not say (8 MiB, the smallest tier).
pub const DEFAULT_LIMIT: usize = 8 << 20;

/// How to draw the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Draw at half the board's size (400 px wide) instead of full size.
    pub half: bool,
    /// The largest file allowed (bytes): a longer game is thinned to fit.
    pub limit: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            half: true,
            limit: DEFAULT_LIMIT,
        }
    }
}

/// A replay and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub gif: Vec<u8>,
    pub width: u16,
    pub height: u16,
    /// Frames in the file: the actions shown plus the pause.
    pub frames: usize,
    /// Actions of the game (the start, throws, moves).
    pub actions: usize,
    /// Actions shown (all of them unless thinned).
    pub shown: usize,
    /// Frames were left out to stay under the size limit.
    pub thinned: bool,
    /// Whole seconds the animation runs.
    pub seconds: u32,
}

/// Which steps to show: 0 all; 1 no throws (each move shows the throw that led to it);
/// k ≥ 2: every k-th move, every capture and the end.
fn keep(level: usize, i: usize, steps: &[Step]) -> bool {
    let s = &steps[i];
    if i == 0 || i + 1 == steps.len() || level == 0 {
        return true;
    }
    let is_move = matches!(s.action, Some(Action::Move(_)));
    if level == 1 {
        return is_move;
    }
    let captured = s.events.iter().any(|e| matches!(e, Event::Captured { .. }));
    is_move && (captured || i.is_multiple_of(level))
}

/// Hundredths of a second each frame stays.
fn delay(s: &Step) -> u16 {
    let big = s.events.iter().any(|e| {
        matches!(
            e,
            Event::Captured { .. } | Event::Finished { .. } | Event::Won { .. }
        )
    });
    match s.action {
        None => 120,
        Some(_) if big => 110,
        Some(Action::Move(_)) => 55,
        Some(Action::Throw) => 30,
    }
}

/// The pause on the final board (hundredths of a second).
const PAUSE: u16 = 500;

/// A frame as drawn for the GIF: the board picture's indices, halved if asked.
pub fn frame_indices(step: &Step, half: bool) -> (Vec<u8>, usize, usize) {
    let (buf, w, h) = renderer().render_indexed(step.game(), &frame_of(&step.table));
    let (w, h) = (w as usize, h as usize);
    if half {
        halve(&buf, w, h)
    } else {
        (buf, w, h)
    }
}

/// A frame of palette indices at half size (2×2 box filter through the palette).
pub fn halve(buf: &[u8], w: usize, h: usize) -> (Vec<u8>, usize, usize) {
    let mut out = vec![0u8; (w / 2) * (h / 2)];
    Halver::new().rect(buf, w, &mut out, 0, 0, w / 2, h / 2);
    (out, w / 2, h / 2)
}

/// The 2×2 box filter through the palette.
struct Halver {
    colors: Vec<[u16; 3]>,
}

impl Halver {
    fn new() -> Halver {
        Halver {
            colors: renderer()
                .palette()
                .colors
                .iter()
                .map(|c| [c.0 as u16, c.1 as u16, c.2 as u16])
                .collect(),
        }
    }

    /// Fill output pixels [x0, x1) × [y0, y1) of `out` (width `src_w / 2`) from `src`.
    #[allow(clippy::too_many_arguments)]
    fn rect(
        &self,
        src: &[u8],
        src_w: usize,
        out: &mut [u8],
        x0: usize,
        y0: usize,
        x1: usize,
        y1: usize,
    ) {
        let pal = renderer().palette();
        let ow = src_w / 2;
        for y in y0..y1 {
            let r0 = &src[2 * y * src_w..];
            let r1 = &src[(2 * y + 1) * src_w..];
            for x in x0..x1 {
                let (a, b) = (r0[2 * x], r0[2 * x + 1]);
                let (c, d) = (r1[2 * x], r1[2 * x + 1]);
                out[y * ow + x] = if a == b && a == c && a == d {
                    a
                } else {
                    let mut s = [2u16; 3];
                    for i in [a, b, c, d] {
                        let p = &self.colors[i as usize];
                        s[0] += p[0];
                        s[1] += p[1];
                        s[2] += p[2];
                    }
                    pal.index(Rgb((s[0] / 4) as u8, (s[1] / 4) as u8, (s[2] / 4) as u8))
                };
            }
        }
    }
}

/// Encode the replay of a game.
pub fn replay_gif(played: &Played, opts: Options) -> Replay {
    let steps = &played.steps;
    let mut level = 0usize;
    loop {
        let r = encode(steps, opts.half, |i| keep(level, i, steps));
        let thin_more = r.gif.len() > opts.limit && r.shown > 2;
        if !thin_more {
            return Replay {
                thinned: level > 0,
                ..r
            };
        }
        // Thin in proportion to how far over the limit the file is.
        level = if level == 0 {
            1
        } else {
            let ratio = r.gif.len() as f64 / opts.limit as f64;
            (level as f64 * ratio * 1.2).ceil() as usize + 1
        };
    }
}

/// Write a frame into a GIF being built in memory (only a frame larger than the screen could
/// fail, and none is).
fn put(enc: &mut gif::Encoder<&mut Vec<u8>>, f: &gif::Frame<'_>) {
    if let Err(e) = enc.write_frame(f) {
        tracing::warn!(error = %e, "a replay frame was not written");
    }
}

/// A frame of `buf` at (x, y), `w` × `h`.
fn frame(
    x: usize,
    y: usize,
    w: usize,
    h: usize,
    delay: u16,
    t: Option<u8>,
    buf: Vec<u8>,
) -> gif::Frame<'static> {
    gif::Frame {
        left: x as u16,
        top: y as u16,
        width: w as u16,
        height: h as u16,
        delay,
        dispose: gif::DisposalMethod::Keep,
        transparent: t,
        buffer: Cow::Owned(buf),
        ..gif::Frame::default()
    }
}

fn encode(steps: &[Step], half: bool, keep: impl Fn(usize) -> bool) -> Replay {
    let r = renderer();
    let pal = r.palette();
    let global: Vec<u8> = pal.rgb_bytes().to_vec();
    let halver = Halver::new();
    let mut out = Vec::with_capacity(512 * 1024);
    let mut shown = 0usize;
    let mut centis = 0u32;
    let kept: Vec<usize> = (0..steps.len()).filter(|&i| keep(i)).collect();
    let (mut width, mut height) = (0usize, 0usize);
    if let Some((&first, rest)) = kept.split_first() {
        // The first frame, whole.
        let step = &steps[first];
        let frame0 = frame_of(&step.table);
        let (mut full, fw, fh) = r.render_indexed(step.game(), &frame0);
        let mut ops = r.record(step.game(), &frame0);
        let (fw, fh) = (fw as usize, fh as usize);
        let (w, h) = if half { (fw / 2, fh / 2) } else { (fw, fh) };
        (width, height) = (w, h);
        // What the viewer sees now.
        let mut screen = if half {
            halve(&full, fw, fh).0
        } else {
            full.clone()
        };
        // The next frame being made: equal to `screen` outside the areas being redrawn.
        let mut next = screen.clone();
        if let Ok(mut e) = gif::Encoder::new(&mut out, w as u16, h as u16, &global) {
            let _ = e.set_repeat(gif::Repeat::Infinite);
            let d = delay(step);
            put(&mut e, &frame(0, 0, w, h, d, None, screen.clone()));
            centis += d as u32;
            shown += 1;
            for &i in rest {
                let step = &steps[i];
                let game = step.game();
                if r.size(game) != (fw as i32, fh as i32) {
                    // A board of another size: never within one game.
                    continue;
                }
                let d = delay(step);
                centis += d as u32;
                shown += 1;
                // Redraw only where this frame's drawing calls differ from the last one's.
                let f = frame_of(&step.table);
                let next_ops = r.record(game, &f);
                let areas = changed_areas(&ops, &next_ops);
                ops = next_ops;
                if !areas.is_empty() {
                    full = r.redraw(game, &f, full, &areas);
                }
                // The same areas in the output's pixels.
                let shown_areas: Vec<Rect> = areas
                    .iter()
                    .map(|a| {
                        if half {
                            Rect::new(
                                a.x0 / 2,
                                a.y0 / 2,
                                (a.x1 as usize).div_ceil(2).min(w) as i32,
                                (a.y1 as usize).div_ceil(2).min(h) as i32,
                            )
                        } else {
                            *a
                        }
                    })
                    .collect();
                let Some(bbox) = shown_areas.iter().copied().reduce(|a, b| a.union(&b)) else {
                    // Nothing changed: one transparent pixel keeps the timing.
                    put(
                        &mut e,
                        &frame(0, 0, 1, 1, d, Some(screen[0]), vec![screen[0]]),
                    );
                    continue;
                };
                let (x0, y0, x1, y1) = (
                    bbox.x0 as usize,
                    bbox.y0 as usize,
                    bbox.x1 as usize,
                    bbox.y1 as usize,
                );
                let bw = x1 - x0;
                // The new pixels of the areas into `next` (equal to `screen` elsewhere).
                for a in &shown_areas {
                    let (ax0, ay0, ax1, ay1) =
                        (a.x0 as usize, a.y0 as usize, a.x1 as usize, a.y1 as usize);
                    if half {
                        halver.rect(&full, fw, &mut next, ax0, ay0, ax1, ay1);
                    } else {
                        for y in ay0..ay1 {
                            next[y * w + ax0..y * w + ax1]
                                .copy_from_slice(&full[y * w + ax0..y * w + ax1]);
                        }
                    }
                }
                // The colours of the pixels that change (only inside the areas).
                let mut used = [false; 256];
                let mut any = false;
                for a in &shown_areas {
                    for y in a.y0 as usize..a.y1 as usize {
                        let r = y * w + a.x0 as usize..y * w + a.x1 as usize;
                        for (&p, &q) in next[r.clone()].iter().zip(&screen[r]) {
                            if p != q {
                                used[p as usize] = true;
                                any = true;
                            }
                        }
                    }
                }
                if !any {
                    put(
                        &mut e,
                        &frame(0, 0, 1, 1, d, Some(screen[0]), vec![screen[0]]),
                    );
                    continue;
                }
                // An index no changed pixel uses marks the unchanged ones; without one (all
                // 256 in use) unchanged pixels are written as they are.
                let t = used.iter().position(|u| !u).map(|t| t as u8);
                let mut buf = match t {
                    Some(t) => vec![t; bw * (y1 - y0)],
                    None => (y0..y1)
                        .flat_map(|y| screen[y * w + x0..y * w + x1].iter().copied())
                        .collect(),
                };
                for a in &shown_areas {
                    for y in a.y0 as usize..a.y1 as usize {
                        for x in a.x0 as usize..a.x1 as usize {
                            let k = y * w + x;
                            let p = next[k];
                            if p != screen[k] {
                                buf[(y - y0) * bw + (x - x0)] = p;
                                screen[k] = p;
                            }
                        }
                    }
                }
                let f = match t {
                    // Mostly the transparent index: LZW with its runs skipped.
                    Some(t) => {
                        let mut f = frame(x0, y0, bw, y1 - y0, d, Some(t), Vec::new());
                        f.buffer = Cow::Owned(super::lzw::encode(&buf, t));
                        f
                    }
                    None => {
                        let mut f = frame(x0, y0, bw, y1 - y0, d, None, buf);
                        f.make_lzw_pre_encoded();
                        f
                    }
                };
                if let Err(err) = e.write_lzw_pre_encoded_frame(&f) {
                    tracing::warn!(error = %err, "a replay frame was not written");
                }
            }
            // The pause: one transparent pixel that holds the final board.
            centis += PAUSE as u32;
            put(
                &mut e,
                &frame(0, 0, 1, 1, PAUSE, Some(screen[0]), vec![screen[0]]),
            );
        }
    }
    Replay {
        gif: out,
        width: width as u16,
        height: height as u16,
        frames: if shown > 0 { shown + 1 } else { 0 },
        actions: steps.len(),
        shown,
        thinned: false,
        seconds: centis.div_ceil(100),
    }
}
