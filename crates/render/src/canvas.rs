//! The indexed canvas: a fixed 256-colour palette, a colour lookup table, premultiplied blending
//! onto palette indices, and the indexed PNG encoder.
//!
//! A frame is one byte per pixel. Opaque pixels of a sprite are copied as indices; partly
//! transparent pixels are blended with the palette colour already under them and mapped back to
//! the nearest palette entry through a 32×64×32 lookup table (RGB565).

pub use crate::encode::encode_indexed;
pub use crate::sprite::Sprite;
use arrayvec::ArrayVec;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// An opaque colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }
    pub fn mix(self, o: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgb(m(self.0, o.0), m(self.1, o.1), m(self.2, o.2))
    }
    pub fn skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, 255)
    }
}

/// A fixed palette and its nearest-colour lookup table.
pub struct Palette {
    pub colors: Vec<Rgb>,
    lut: Vec<u8>,
    /// The colours as a PNG's PLTE chunk holds them (red, green, blue each).
    plte: Vec<u8>,
}

#[inline]
fn key(r: u8, g: u8, b: u8) -> usize {
    ((r as usize >> 3) << 11) | ((g as usize >> 2) << 5) | (b as usize >> 3)
}

impl Palette {
    /// Build from key colours and ramps between pairs (`steps` intermediate colours each),
    /// filled up to 256 with a coarse colour cube. Duplicates are dropped.
    pub fn build(keys: &[Rgb], ramps: &[(Rgb, Rgb, u8)]) -> Palette {
        let mut colors: Vec<Rgb> = Vec::with_capacity(256);
        let push = |c: Rgb, colors: &mut Vec<Rgb>| {
            if colors.len() < 256
                && !colors.iter().any(|o| {
                    (o.0 as i32 - c.0 as i32).abs()
                        + (o.1 as i32 - c.1 as i32).abs()
                        + (o.2 as i32 - c.2 as i32).abs()
                        < 6
                })
            {
                colors.push(c);
            }
        };
        for &c in keys {
            push(c, &mut colors);
        }
        for &(a, b, steps) in ramps {
            for i in 1..=steps {
                push(a.mix(b, i as f32 / (steps + 1) as f32), &mut colors);
            }
        }
        // A coarse cube for anything else (emoji, odd blends).
        for &r in &[0u8, 85, 170, 255] {
            for &g in &[0u8, 85, 170, 255] {
                for &b in &[0u8, 85, 170, 255] {
                    push(Rgb(r, g, b), &mut colors);
                }
            }
        }
        let mut i = 0u8;
        while colors.len() < 256 {
            colors.push(Rgb(i, i, i));
            i = i.wrapping_add(1);
        }
        let mut lut = vec![0u8; 1 << 16];
        for (k, slot) in lut.iter_mut().enumerate() {
            let r = (((k >> 11) & 31) << 3 | 4) as i32;
            let g = (((k >> 5) & 63) << 2 | 2) as i32;
            let b = ((k & 31) << 3 | 4) as i32;
            let mut best = (i32::MAX, 0usize);
            for (j, c) in colors.iter().enumerate() {
                let (dr, dg, db) = (r - c.0 as i32, g - c.1 as i32, b - c.2 as i32);
                // Weighted distance: the eye is most sensitive to green.
                let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
                if d < best.0 {
                    best = (d, j);
                }
            }
            *slot = best.1 as u8;
        }
        // Key colours map to themselves exactly (pieces keep their true side colour).
        for &c in keys {
            if let Some(i) = colors.iter().position(|&o| o == c) {
                lut[key(c.0, c.1, c.2)] = i as u8;
            }
        }
        let plte = colors.iter().flat_map(|c| [c.0, c.1, c.2]).collect();
        Palette { colors, lut, plte }
    }

    /// The colours in a row, red, green and blue each (a PNG's PLTE chunk, a GIF's colour
    /// table).
    pub fn rgb_bytes(&self) -> &[u8] {
        &self.plte
    }

    #[inline]
    pub fn index(&self, c: Rgb) -> u8 {
        self.lut[key(c.0, c.1, c.2)]
    }

    /// The exact palette index of a key colour (first match), for colours that must stay exact.
    pub fn exact(&self, c: Rgb) -> u8 {
        self.colors
            .iter()
            .position(|&o| o == c)
            .map(|i| i as u8)
            .unwrap_or_else(|| self.index(c))
    }
}

/// A rectangle of pixels, [x0, x1) × [y0, y1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rect {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Rect {
    pub const fn new(x0: i32, y0: i32, x1: i32, y1: i32) -> Rect {
        Rect { x0, y0, x1, y1 }
    }
    pub fn is_empty(&self) -> bool {
        self.x0 >= self.x1 || self.y0 >= self.y1
    }
    pub fn intersect(&self, o: &Rect) -> Rect {
        Rect::new(
            self.x0.max(o.x0),
            self.y0.max(o.y0),
            self.x1.min(o.x1),
            self.y1.min(o.y1),
        )
    }
    pub fn union(&self, o: &Rect) -> Rect {
        Rect::new(
            self.x0.min(o.x0),
            self.y0.min(o.y0),
            self.x1.max(o.x1),
            self.y1.max(o.y1),
        )
    }
    pub fn overlaps(&self, o: &Rect) -> bool {
        !self.intersect(o).is_empty()
    }
    pub fn area(&self) -> i64 {
        if self.is_empty() {
            0
        } else {
            (self.x1 - self.x0) as i64 * (self.y1 - self.y0) as i64
        }
    }
}

/// One drawing call as recorded: the pixels it may touch and a hash of what it draws.
pub type Op = (Rect, u64);

/// The most areas a frame is redrawn in at once (see [`Canvas::over`]).
pub const MAX_CLIPS: usize = 8;

enum Mode {
    /// Draw, but only inside these disjoint rectangles.
    Draw(ArrayVec<Rect, MAX_CLIPS>),
    /// Draw nothing: list each call's bounds and hash.
    Record(Vec<Op>),
}

/// One frame being drawn: palette indices, one byte per pixel.
///
/// Besides drawing a whole frame, a canvas can *record* a frame (each drawing call's bounds and
/// a hash of its arguments, without touching a pixel) and *redraw* parts of a frame it already
/// holds (only inside given rectangles). Comparing two recordings tells which areas differ, so
/// a sequence of frames (the replay) costs only the areas that change.
pub struct Canvas<'a> {
    pub w: i32,
    pub h: i32,
    pub buf: Vec<u8>,
    pub pal: &'a Palette,
    mode: Mode,
    /// Every text drawn, in order (kept only by [`Canvas::recording_words`]): what the
    /// picture says.
    words: Option<Vec<String>>,
    /// The size of each text in `words`.
    sizes: Vec<u16>,
}

fn hash_of(key: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

impl<'a> Canvas<'a> {
    pub fn new(background: &[u8], w: i32, h: i32, pal: &'a Palette) -> Canvas<'a> {
        let mut clips = ArrayVec::new();
        clips.push(Rect::new(0, 0, w, h));
        Canvas {
            w,
            h,
            buf: background.to_vec(),
            pal,
            mode: Mode::Draw(clips),
            words: None,
            sizes: Vec::new(),
        }
    }

    /// A canvas that records the calls made on it instead of drawing them.
    pub fn recording(w: i32, h: i32, pal: &'a Palette) -> Canvas<'a> {
        Canvas {
            w,
            h,
            buf: Vec::new(),
            pal,
            mode: Mode::Record(Vec::with_capacity(512)),
            words: None,
            sizes: Vec::new(),
        }
    }

    /// A recording canvas that also keeps every text drawn ([`Canvas::words`]).
    pub fn recording_words(w: i32, h: i32, pal: &'a Palette) -> Canvas<'a> {
        let mut cv = Canvas::recording(w, h, pal);
        cv.words = Some(Vec::new());
        cv
    }

    /// Redraw `buf` (a whole frame) inside `clips` only, after painting `background` there.
    /// The clips must not overlap (a pixel in two would be blended twice); at most
    /// [`MAX_CLIPS`] are used.
    pub fn over(
        buf: Vec<u8>,
        background: &[u8],
        w: i32,
        h: i32,
        pal: &'a Palette,
        clips: &[Rect],
    ) -> Canvas<'a> {
        let mut cv = Canvas {
            w,
            h,
            buf,
            pal,
            mode: Mode::Draw(ArrayVec::new()),
            words: None,
            sizes: Vec::new(),
        };
        let whole = Rect::new(0, 0, w, h);
        let mut kept = ArrayVec::new();
        for c in clips.iter().take(MAX_CLIPS) {
            let c = c.intersect(&whole);
            if c.is_empty() {
                continue;
            }
            for y in c.y0..c.y1 {
                let (a, b) = ((y * w + c.x0) as usize, (y * w + c.x1) as usize);
                cv.buf[a..b].copy_from_slice(&background[a..b]);
            }
            kept.push(c);
        }
        cv.mode = Mode::Draw(kept);
        cv
    }

    /// A text is drawn (its glyphs follow): kept if this canvas keeps words.
    pub fn say(&mut self, s: &str, size: u16) {
        if let Some(w) = &mut self.words {
            w.push(s.to_string());
            self.sizes.push(size);
        }
    }

    /// The size in pixels of each text of [`Canvas::words`].
    pub fn word_sizes(&self) -> &[u16] {
        &self.sizes
    }

    /// The texts drawn, in order (empty unless made by [`Canvas::recording_words`]).
    pub fn words(&self) -> &[String] {
        self.words.as_deref().unwrap_or(&[])
    }

    /// The recorded calls (empty unless made by [`Canvas::recording`]).
    pub fn into_ops(self) -> Vec<Op> {
        match self.mode {
            Mode::Record(ops) => ops,
            Mode::Draw(_) => Vec::new(),
        }
    }

    /// Where a call covering `bounds` draws: the parts inside the clips; when recording,
    /// nowhere (the call is listed with the hash of `key`).
    fn areas(&mut self, bounds: Rect, key: impl Hash) -> ArrayVec<Rect, MAX_CLIPS> {
        let bounds = bounds.intersect(&Rect::new(0, 0, self.w, self.h));
        let mut out = ArrayVec::new();
        if bounds.is_empty() {
            return out;
        }
        match &mut self.mode {
            Mode::Record(ops) => ops.push((bounds, hash_of(key))),
            Mode::Draw(clips) => {
                for c in clips.iter() {
                    let r = bounds.intersect(c);
                    if !r.is_empty() {
                        out.push(r);
                    }
                }
            }
        }
        out
    }

    /// Blend premultiplied (r, g, b, a) over pixel i.
    #[inline]
    fn blend(&mut self, i: usize, r: u32, g: u32, b: u32, a: u32) {
        let d = self.pal.colors[self.buf[i] as usize];
        let ia = 255 - a;
        let r = r + (d.0 as u32 * ia + 127) / 255;
        let g = g + (d.1 as u32 * ia + 127) / 255;
        let b = b + (d.2 as u32 * ia + 127) / 255;
        self.buf[i] = self.pal.lut[key(r.min(255) as u8, g.min(255) as u8, b.min(255) as u8)];
    }

    /// Blend a premultiplied pixel at index i.
    #[inline]
    fn put_premul_at(&mut self, i: usize, p: [u8; 4]) {
        if p[3] == 0 {
        } else if p[3] == 255 {
            self.buf[i] = self.pal.index(Rgb(p[0], p[1], p[2]));
        } else {
            self.blend(i, p[0] as u32, p[1] as u32, p[2] as u32, p[3] as u32);
        }
    }

    /// Blend colour `c` with coverage `a` (0..=255) at index i; `ci` is the index of `c`.
    #[inline]
    fn put_at(&mut self, i: usize, c: Rgb, ci: u8, a: u32) {
        if a == 0 {
        } else if a >= 255 {
            self.buf[i] = ci;
        } else {
            self.blend(
                i,
                (c.0 as u32 * a + 127) / 255,
                (c.1 as u32 * a + 127) / 255,
                (c.2 as u32 * a + 127) / 255,
                a,
            );
        }
    }

    /// Draw a glyph bitmap (`w` × `h` coverage in colour `c`, or premultiplied colour pixels)
    /// with its top-left corner at (x, y); `key` names the glyph (character and size).
    #[allow(clippy::too_many_arguments)]
    pub fn glyph(
        &mut self,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        cov: &[u8],
        rgba: &[[u8; 4]],
        c: Rgb,
        key: (char, u16),
    ) {
        let ci = self.pal.index(c);
        // Text: coverage only, a whole row of it at a time.
        let plain = rgba.is_empty() && cov.len() >= (w * h).max(0) as usize;
        for r in self.areas(Rect::new(x, y, x + w, y + h), (4u8, x, y, c, key)) {
            for yy in r.y0..r.y1 {
                if plain {
                    let g0 = ((yy - y) * w + (r.x0 - x)) as usize;
                    let d0 = (yy * self.w + r.x0) as usize;
                    let n = (r.x1 - r.x0) as usize;
                    for (k, &a) in cov[g0..g0 + n].iter().enumerate() {
                        self.put_at(d0 + k, c, ci, a as u32);
                    }
                    continue;
                }
                for xx in r.x0..r.x1 {
                    let gi = ((yy - y) * w + (xx - x)) as usize;
                    let i = (yy * self.w + xx) as usize;
                    if let Some(&p) = rgba.get(gi) {
                        self.put_premul_at(i, p);
                    }
                    let a = cov.get(gi).copied().unwrap_or(0);
                    self.put_at(i, c, ci, a as u32);
                }
            }
        }
    }

    /// Draw a sprite with its top-left corner at (x, y).
    pub fn blit(&mut self, s: &Sprite, x: i32, y: i32) {
        let id = s as *const Sprite as usize;
        for r in self.areas(Rect::new(x, y, x + s.w, y + s.h), (0u8, id, x, y)) {
            for yy in r.y0..r.y1 {
                let srow = ((yy - y) * s.w) as usize;
                let drow = (yy * self.w + x) as isize;
                // In sprite columns: the row's drawn part within the clip, and its opaque run.
                let [n0, o0, o1, n1] = s.rows[(yy - y) as usize];
                let (lo, hi) = (n0.max(r.x0 - x), n1.min(r.x1 - x));
                if lo >= hi {
                    continue;
                }
                let (ro0, ro1) = (o0.clamp(lo, hi), o1.clamp(lo, hi));
                for sx in (lo..ro0).chain(ro1..hi) {
                    let si = srow + sx as usize;
                    let p = s.px[si];
                    if p[3] == 0 {
                        continue;
                    }
                    let di = (drow + sx as isize) as usize;
                    if p[3] == 255 {
                        self.buf[di] = s.idx[si];
                    } else {
                        self.blend(di, p[0] as u32, p[1] as u32, p[2] as u32, p[3] as u32);
                    }
                }
                let d0 = (drow + ro0 as isize) as usize;
                self.buf[d0..d0 + (ro1 - ro0) as usize]
                    .copy_from_slice(&s.idx[srow + ro0 as usize..srow + ro1 as usize]);
            }
        }
    }

    /// Draw a sprite centred on (cx, cy).
    pub fn blit_center(&mut self, s: &Sprite, cx: f32, cy: f32) {
        self.blit(
            s,
            (cx - s.w as f32 / 2.0).round() as i32,
            (cy - s.h as f32 / 2.0).round() as i32,
        );
    }

    /// Fill a rounded rectangle (anti-aliased edges) with colour `c` at opacity `alpha`.
    #[allow(clippy::too_many_arguments)]
    pub fn fill_rrect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Rgb, alpha: f32) {
        let ci = self.pal.index(c);
        let r = r.min(w / 2.0).min(h / 2.0);
        let (hw, hh) = (w / 2.0, h / 2.0);
        let (cx, cy) = (x + hw, y + hh);
        let (x0, y0) = (x.floor() as i32, y.floor() as i32);
        let (x1, y1) = ((x + w).ceil() as i32, (y + h).ceil() as i32);
        let key = (1u8, [x, y, w, h, r, alpha].map(f32::to_bits), c);
        // Opaque: each row's inside, away from the corners and at least half a pixel from the
        // edge (full coverage), is filled as a run; only its two ends are measured per pixel.
        // In a corner's rows the run reaches the arc: where sqrt(qx² + qy²) <= r - 0.5, less
        // a margin for rounding (a radius under half a pixel keeps the straight part only).
        let inside = hw - r + (r - 0.5).min(0.0);
        let run_half = |qy: f32| {
            if r >= 0.5 && qy > 0.0 {
                hw - r + ((r - 0.5) * (r - 0.5) - qy * qy).max(0.0).sqrt() - 1e-3
            } else {
                inside
            }
        };
        for a in self.areas(Rect::new(x0, y0, x1, y1), key) {
            for py in a.y0..a.y1 {
                let qy = (py as f32 + 0.5 - cy).abs() - (hh - r);
                let inside = run_half(qy);
                let (lo, hi) = if alpha >= 1.0 && qy <= r - 0.5 && inside >= 0.0 {
                    let lo = ((cx - inside - 0.5).ceil() as i32).clamp(a.x0, a.x1);
                    let hi = ((cx + inside - 0.5).floor() as i32 + 1).clamp(lo, a.x1);
                    (lo, hi)
                } else {
                    (a.x1, a.x1)
                };
                let row = (py * self.w) as usize;
                self.buf[row + lo as usize..row + hi as usize].fill(ci);
                for px in (a.x0..lo).chain(hi..a.x1) {
                    let qx = (px as f32 + 0.5 - cx).abs() - (hw - r);
                    let d = rounded_box_distance(qx, qy, r);
                    let cov = (0.5 - d).clamp(0.0, 1.0) * alpha;
                    self.put_at(row + px as usize, c, ci, (cov * 255.0 + 0.5) as u32);
                }
            }
        }
    }

    /// A ring (or disc when `width` is None) centred on (cx, cy).
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, width: Option<f32>, c: Rgb, alpha: f32) {
        let ci = self.pal.index(c);
        let ext = r + 1.0;
        let bounds = Rect::new(
            (cx - ext).floor() as i32,
            (cy - ext).floor() as i32,
            (cx + ext).ceil() as i32,
            (cy + ext).ceil() as i32,
        );
        let key = (
            2u8,
            [cx, cy, r, alpha].map(f32::to_bits),
            width.map(f32::to_bits),
            c,
        );
        for a in self.areas(bounds, key) {
            for py in a.y0..a.y1 {
                for px in a.x0..a.x1 {
                    let d =
                        ((px as f32 + 0.5 - cx).powi(2) + (py as f32 + 0.5 - cy).powi(2)).sqrt();
                    let cov = match width {
                        None => (r - d + 0.5).clamp(0.0, 1.0),
                        Some(wd) => {
                            let half = wd / 2.0;
                            (half - (d - (r - half)).abs() + 0.5).clamp(0.0, 1.0)
                        }
                    };
                    let i = (py * self.w + px) as usize;
                    self.put_at(i, c, ci, (cov * alpha * 255.0 + 0.5) as u32);
                }
            }
        }
    }

    /// A thick anti-aliased segment with round caps.
    #[allow(clippy::too_many_arguments)]
    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, c: Rgb, alpha: f32) {
        let ci = self.pal.index(c);
        let half = width / 2.0;
        let (minx, maxx) = (a.0.min(b.0) - half - 1.0, a.0.max(b.0) + half + 1.0);
        let (miny, maxy) = (a.1.min(b.1) - half - 1.0, a.1.max(b.1) + half + 1.0);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (dx * dx + dy * dy).max(1e-6);
        let bounds = Rect::new(
            minx.floor() as i32,
            miny.floor() as i32,
            maxx.ceil() as i32,
            maxy.ceil() as i32,
        );
        let key = (3u8, [a.0, a.1, b.0, b.1, width, alpha].map(f32::to_bits), c);
        // A pixel is touched only within half + 0.5 of the segment: on a row, only near the
        // part of the segment whose height is that close (a margin of a pixel for rounding).
        let reach = half + 0.5;
        let span = |yc: f32| -> Option<(i32, i32)> {
            let (t0, t1) = if dy.abs() < 1e-6 {
                if (yc - a.1).abs() >= reach + 1.0 {
                    return None;
                }
                (0.0, 1.0)
            } else {
                let u = (yc - reach - 1.0 - a.1) / dy;
                let v = (yc + reach + 1.0 - a.1) / dy;
                let (u, v) = (u.min(v), u.max(v));
                if v < 0.0 || u > 1.0 {
                    return None;
                }
                (u.max(0.0), v.min(1.0))
            };
            let (xa, xb) = (a.0 + t0 * dx, a.0 + t1 * dx);
            let (xa, xb) = (xa.min(xb), xa.max(xb));
            Some((
                (xa - reach - 1.5).floor() as i32,
                (xb + reach + 1.5).ceil() as i32,
            ))
        };
        for r in self.areas(bounds, key) {
            for py in r.y0..r.y1 {
                let Some((sx0, sx1)) = span(py as f32 + 0.5) else {
                    continue;
                };
                for px in r.x0.max(sx0)..r.x1.min(sx1) {
                    let (fx, fy) = (px as f32 + 0.5 - a.0, py as f32 + 0.5 - a.1);
                    let t = ((fx * dx + fy * dy) / len2).clamp(0.0, 1.0);
                    let d = ((fx - t * dx).powi(2) + (fy - t * dy).powi(2)).sqrt();
                    let cov = (half - d + 0.5).clamp(0.0, 1.0);
                    let i = (py * self.w + px) as usize;
                    self.put_at(i, c, ci, (cov * alpha * 255.0 + 0.5) as u32);
                }
            }
        }
    }

    /// Encode as an 8-bit indexed PNG.
    pub fn encode(&self) -> Vec<u8> {
        encode_indexed(&self.buf, self.w as u32, self.h as u32, self.pal)
    }
}

/// The signed distance to a rounded box of corner radius `r` from a point `qx`, `qy` past the
/// box's straight part (each: its distance from the centre less the half side less `r`); a
/// square root only in the corners.
#[inline]
pub(crate) fn rounded_box_distance(qx: f32, qy: f32, r: f32) -> f32 {
    if qx > 0.0 && qy > 0.0 {
        (qx * qx + qy * qy).sqrt() - r
    } else {
        qx.max(qy) - r
    }
}

/// Where two recorded frames differ: disjoint rectangles (at most [`MAX_CLIPS`]) covering every
/// call one frame makes and the other does not. Redrawing them (see
/// [`crate::Renderer::redraw`]) turns the first frame into the second.
///
/// Calls are compared as a multiset: the renderer draws its layers in a fixed order, and two
/// equal calls at equal places in another order draw the same pixels unless they overlap,
/// which the layout never makes them do with the same arguments.
pub fn changed_areas(before: &[Op], after: &[Op]) -> Vec<Rect> {
    let mut count: HashMap<Op, i32> = HashMap::with_capacity(before.len());
    for op in before {
        *count.entry(*op).or_default() += 1;
    }
    let mut dirty: Vec<Rect> = Vec::new();
    for op in after {
        match count.get_mut(op) {
            Some(n) if *n > 0 => *n -= 1,
            _ => dirty.push(op.0),
        }
    }
    dirty.extend(
        count
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|((r, _), _)| r),
    );
    // Nearby pieces (the glyphs of one line) become one area.
    const NEAR: i32 = 6;
    let near = |a: &Rect, b: &Rect| {
        Rect::new(a.x0 - NEAR, a.y0 - NEAR, a.x1 + NEAR, a.y1 + NEAR).overlaps(b)
    };
    let mut areas: Vec<Rect> = Vec::new();
    let absorb = |areas: &mut Vec<Rect>, mut d: Rect, close: &dyn Fn(&Rect, &Rect) -> bool| {
        while let Some(i) = areas.iter().position(|a| close(a, &d)) {
            d = d.union(&areas.swap_remove(i));
        }
        areas.push(d);
    };
    for d in dirty {
        absorb(&mut areas, d, &near);
    }
    while areas.len() > MAX_CLIPS {
        // Join the two whose union adds the least area.
        let mut best = (i64::MAX, 0, 1);
        for i in 0..areas.len() {
            for j in i + 1..areas.len() {
                let u = areas[i].union(&areas[j]);
                let extra = u.area() - areas[i].area() - areas[j].area();
                if extra < best.0 {
                    best = (extra, i, j);
                }
            }
        }
        let b = areas.swap_remove(best.2);
        let a = areas.swap_remove(best.1);
        absorb(&mut areas, a.union(&b), &|x, y| x.overlaps(y));
    }
    areas
}

#[cfg(test)]
#[path = "canvas_tests.rs"]
mod tests;
