//! Fonts and a glyph cache. Glyphs are rasterised once per (character, size) and kept.

use super::canvas::{Canvas, Rgb};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use tiny_skia::Pixmap;

/// Pretendard (SIL OFL 1.1): Latin and every Hangul syllable.
static PRETENDARD: &[u8] = include_bytes!("../../../assets/fonts/Pretendard-SemiBold.otf");
/// Noto Emoji (SIL OFL 1.1), monochrome: the fallback for symbols and emoji.
static EMOJI: &[u8] = include_bytes!("../../../assets/fonts/NotoEmoji-Regular.ttf");
/// Noto Color Emoji (SIL OFL 1.1) pictographs (U+1F000 and up), 36 px each in one indexed PNG
/// (made by tools/make_emoji_atlas.py), and their code points in atlas order.
static ATLAS_PNG: &[u8] = include_bytes!("../../../assets/fonts/NotoColorEmoji-atlas.png");
static ATLAS_CPS: &str = include_str!("../../../assets/fonts/NotoColorEmoji-atlas.txt");
const ATLAS_CELL: usize = 36;
const ATLAS_COLS: usize = 64;

/// The colour emoji atlas, decoded to premultiplied RGBA.
struct Atlas {
    index: HashMap<char, usize>,
    width: usize,
    rgba: Vec<[u8; 4]>,
}

impl Atlas {
    fn load() -> Option<Atlas> {
        let index: HashMap<char, usize> = ATLAS_CPS
            .split_whitespace()
            .filter_map(|h| u32::from_str_radix(h, 16).ok().and_then(char::from_u32))
            .enumerate()
            .map(|(i, c)| (c, i))
            .collect();
        let mut dec = png::Decoder::new(std::io::Cursor::new(ATLAS_PNG));
        dec.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut reader = dec.read_info().ok()?;
        let mut buf = vec![0; reader.output_buffer_size()?];
        let info = reader.next_frame(&mut buf).ok()?;
        if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
            return None;
        }
        let rgba = buf[..info.buffer_size()]
            .chunks_exact(4)
            .map(|p| {
                let a = p[3] as u32;
                let m = |v: u8| ((v as u32 * a + 127) / 255) as u8;
                [m(p[0]), m(p[1]), m(p[2]), p[3]]
            })
            .collect();
        Some(Atlas {
            index,
            width: info.width as usize,
            rgba,
        })
    }

    /// Emoji `i` scaled to d×d (area average of a 4×4 grid of bilinear samples).
    fn scaled(&self, i: usize, d: usize) -> Vec<[u8; 4]> {
        let (ox, oy) = ((i % ATLAS_COLS) * ATLAS_CELL, (i / ATLAS_COLS) * ATLAS_CELL);
        let px = |x: usize, y: usize| self.rgba[(oy + y) * self.width + ox + x];
        let sample = |fx: f32, fy: f32| -> [f32; 4] {
            let max = (ATLAS_CELL - 1) as f32;
            let (fx, fy) = (fx.clamp(0.0, max), fy.clamp(0.0, max));
            let (x0, y0) = (fx.floor() as usize, fy.floor() as usize);
            let (x1, y1) = ((x0 + 1).min(ATLAS_CELL - 1), (y0 + 1).min(ATLAS_CELL - 1));
            let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
            let mut out = [0f32; 4];
            for (k, o) in out.iter_mut().enumerate() {
                let a = px(x0, y0)[k] as f32 * (1.0 - tx) + px(x1, y0)[k] as f32 * tx;
                let b = px(x0, y1)[k] as f32 * (1.0 - tx) + px(x1, y1)[k] as f32 * tx;
                *o = a * (1.0 - ty) + b * ty;
            }
            out
        };
        let scale = ATLAS_CELL as f32 / d as f32;
        let mut out = Vec::with_capacity(d * d);
        for y in 0..d {
            for x in 0..d {
                let mut acc = [0f32; 4];
                for sy in 0..4 {
                    for sx in 0..4 {
                        let fx = (x as f32 + (sx as f32 + 0.5) / 4.0) * scale - 0.5;
                        let fy = (y as f32 + (sy as f32 + 0.5) / 4.0) * scale - 0.5;
                        let s = sample(fx, fy);
                        for k in 0..4 {
                            acc[k] += s[k];
                        }
                    }
                }
                out.push(acc.map(|v| (v / 16.0).round().clamp(0.0, 255.0) as u8));
            }
        }
        out
    }
}

/// Most glyphs kept in the cache (about 1 KB each).
const MAX_CACHED: usize = 20_000;

/// A rasterised glyph: coverage bytes and placement relative to the pen on the baseline.
pub struct Glyph {
    pub w: i32,
    pub h: i32,
    pub left: i32,
    pub top: i32,
    pub advance: f32,
    pub cov: Vec<u8>,
    /// A colour glyph (emoji): premultiplied RGBA instead of coverage.
    pub rgba: Vec<[u8; 4]>,
}

/// The fonts in fallback order, and the glyph cache shared by every frame.
pub struct Text {
    fonts: Vec<FontRef<'static>>,
    atlas: Option<Atlas>,
    cache: RwLock<HashMap<(char, u16), Arc<Glyph>>>,
    /// The smallest size drawn into a pixmap (a background or a sprite), 0 before any.
    pixmap_min: std::sync::atomic::AtomicU16,
}

impl Text {
    pub fn new() -> Text {
        // The font files are compiled in and known to parse (a unit test checks it).
        let fonts = [PRETENDARD, EMOJI]
            .iter()
            .filter_map(|b| FontRef::try_from_slice(b).ok())
            .collect();
        Text {
            fonts,
            atlas: Atlas::load(),
            cache: RwLock::new(HashMap::new()),
            pixmap_min: std::sync::atomic::AtomicU16::new(0),
        }
    }

    /// The smallest text drawn into a background or a sprite so far (0 before any).
    pub fn smallest_in_pixmaps(&self) -> u16 {
        self.pixmap_min.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Does some font have a glyph for `c`?
    pub fn covers(&self, c: char) -> bool {
        self.atlas
            .as_ref()
            .is_some_and(|a| a.index.contains_key(&c))
            || self.fonts.iter().any(|f| f.glyph_id(c) != GlyphId(0))
    }

    /// Is `c` drawn in colour?
    pub fn is_colour(&self, c: char) -> bool {
        self.colour_index(c).is_some()
    }

    /// Pictographs the first font lacks come from the colour atlas.
    fn colour_index(&self, c: char) -> Option<usize> {
        if (c as u32) < 0x1F000 {
            return None;
        }
        let i = *self.atlas.as_ref()?.index.get(&c)?;
        match self.fonts.first() {
            Some(f) if f.glyph_id(c) != GlyphId(0) => None,
            _ => Some(i),
        }
    }

    /// The glyph for `c` at `size` px, from the first font that has it.
    pub fn glyph(&self, c: char, size: u16) -> Arc<Glyph> {
        if let Some(g) = self
            .cache
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&(c, size))
        {
            return g.clone();
        }
        let g = Arc::new(self.rasterise(c, size));
        let mut cache = self.cache.write().unwrap_or_else(|e| e.into_inner());
        // Bounded: past the cap, rare glyphs are rasterised each time instead of kept.
        if cache.len() < MAX_CACHED {
            cache.insert((c, size), g.clone());
        }
        g
    }

    fn rasterise(&self, c: char, size: u16) -> Glyph {
        if let (Some(i), Some(atlas)) = (self.colour_index(c), self.atlas.as_ref()) {
            // Sized like the monochrome emoji: a square a little over the em, on the baseline.
            let d = (size as f32 * 1.1).round().max(4.0) as usize;
            return Glyph {
                w: d as i32,
                h: d as i32,
                left: (size as f32 * 0.06).round() as i32,
                top: -((size as f32 * 0.92).round() as i32),
                advance: d as f32 + size as f32 * 0.14,
                cov: vec![],
                rgba: atlas.scaled(i, d),
            };
        }
        let font = self
            .fonts
            .iter()
            .find(|f| f.glyph_id(c) != GlyphId(0))
            .or(self.fonts.first());
        let Some(font) = font else {
            return Glyph {
                w: 0,
                h: 0,
                left: 0,
                top: 0,
                advance: 0.0,
                cov: vec![],
                rgba: vec![],
            };
        };
        // `size` is the em size; ab_glyph scales by ascent - descent.
        let scale = font
            .pt_to_px_scale(size as f32 * 0.75)
            .unwrap_or(PxScale::from(size as f32));
        let sf = font.as_scaled(scale);
        let id = font.glyph_id(c);
        let advance = sf.h_advance(id);
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(0.0, 0.0));
        match font.outline_glyph(glyph) {
            Some(og) => {
                let bb = og.px_bounds();
                let (w, h) = (bb.width() as i32, bb.height() as i32);
                let mut cov = vec![0u8; (w * h).max(0) as usize];
                og.draw(|x, y, v| {
                    let i = (y as i32 * w + x as i32) as usize;
                    if i < cov.len() {
                        cov[i] = (v.clamp(0.0, 1.0) * 255.0).round() as u8;
                    }
                });
                Glyph {
                    w,
                    h,
                    left: bb.min.x as i32,
                    top: bb.min.y as i32,
                    advance,
                    cov,
                    rgba: vec![],
                }
            }
            None => Glyph {
                w: 0,
                h: 0,
                left: 0,
                top: 0,
                advance,
                cov: vec![],
                rgba: vec![],
            },
        }
    }

    /// Width of `s` at `size`.
    pub fn measure(&self, s: &str, size: u16) -> f32 {
        s.chars()
            .filter(|c| !is_invisible(*c))
            .map(|c| self.glyph(c, size).advance)
            .sum()
    }

    /// The box `s` covers drawn at `size` from x with its baseline at y: its advance across,
    /// its glyphs' ink up and down (as [`Text::draw`] places them).
    pub fn area(&self, s: &str, size: u16, x: f32, y: f32) -> crate::layout::Area {
        let (mut top, mut bottom) = (i32::MAX, i32::MIN);
        let mut pen = x;
        for c in s.chars().filter(|c| !is_invisible(*c)) {
            let g = self.glyph(c, size);
            if g.w > 0 && g.h > 0 {
                top = top.min(g.top);
                bottom = bottom.max(g.top + g.h);
            }
            pen += g.advance;
        }
        if top > bottom {
            (top, bottom) = (0, 0);
        }
        let y = y.round();
        crate::layout::Area {
            x0: x,
            y0: y + top as f32,
            x1: pen.max(x),
            y1: y + bottom as f32,
        }
    }

    /// Cut `s` to fit `max` px, ending with "…" when cut.
    pub fn fit(&self, s: &str, size: u16, max: f32) -> String {
        if self.measure(s, size) <= max {
            return s.to_string();
        }
        let ell = self.glyph('…', size).advance;
        let mut out = String::new();
        let mut w = 0.0;
        for c in s.chars() {
            let a = self.glyph(c, size).advance;
            if w + a + ell > max {
                break;
            }
            w += a;
            out.push(c);
        }
        out.push('…');
        out
    }

    /// Draw `s` with its baseline at y, starting at x. Returns the width drawn.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(&self, cv: &mut Canvas, x: f32, y: f32, size: u16, c: Rgb, s: &str) -> f32 {
        cv.say(s, size);
        let mut pen = x;
        for ch in s.chars() {
            if is_invisible(ch) {
                continue;
            }
            let g = self.glyph(ch, size);
            let gx = pen.round() as i32 + g.left;
            let gy = y.round() as i32 + g.top;
            cv.glyph(gx, gy, g.w, g.h, &g.cov, &g.rgba, c, (ch, size));
            pen += g.advance;
        }
        pen - x
    }

    /// Draw `s` centred on x.
    pub fn draw_center(&self, cv: &mut Canvas, x: f32, y: f32, size: u16, c: Rgb, s: &str) {
        let w = self.measure(s, size);
        self.draw(cv, x - w / 2.0, y, size, c, s);
    }

    /// Draw `s` into an RGBA pixmap (for sprites), centred on x, baseline at y.
    pub fn draw_pixmap(&self, pm: &mut Pixmap, x: f32, y: f32, size: u16, c: Rgb, s: &str) {
        let w = self.measure(s, size);
        self.draw_pixmap_left(pm, x - w / 2.0, y, size, c, s);
    }

    /// Draw `s` into an RGBA pixmap starting at x, baseline at y.
    pub fn draw_pixmap_left(&self, pm: &mut Pixmap, x: f32, y: f32, size: u16, c: Rgb, s: &str) {
        use std::sync::atomic::Ordering;
        let _ = self
            .pixmap_min
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |m| {
                (m == 0 || size < m).then_some(size)
            });
        let mut pen = x;
        let (pw, ph) = (pm.width() as i32, pm.height() as i32);
        let data = pm.data_mut();
        for ch in s.chars() {
            let g = self.glyph(ch, size);
            let gx = pen.round() as i32 + g.left;
            let gy = y.round() as i32 + g.top;
            for yy in 0..g.h {
                for xx in 0..g.w {
                    let a = g.cov.get((yy * g.w + xx) as usize).copied().unwrap_or(0) as u32;
                    let (px, py) = (gx + xx, gy + yy);
                    if a == 0 || px < 0 || py < 0 || px >= pw || py >= ph {
                        continue;
                    }
                    let i = ((py * pw + px) * 4) as usize;
                    let ia = 255 - a;
                    let src = [c.0, c.1, c.2];
                    for k in 0..3 {
                        data[i + k] =
                            ((src[k] as u32 * a + data[i + k] as u32 * ia + 127) / 255) as u8;
                    }
                    data[i + 3] = (a + (data[i + 3] as u32 * ia + 127) / 255) as u8;
                }
            }
            pen += g.advance;
        }
    }
}

impl Default for Text {
    fn default() -> Self {
        Text::new()
    }
}

/// Variation selectors and joiners: drawn as nothing (no shaping here).
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{FE00}'..='\u{FE0F}' | '\u{200D}' | '\u{200B}' | '\u{20E3}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_parse_and_cover_hangul_latin_emoji() {
        let t = Text::new();
        assert_eq!(t.fonts.len(), 2);
        assert!(t.atlas.as_ref().is_some_and(|a| a.index.len() > 1000));
        assert!(t.is_colour('😀') && t.is_colour('🏆'));
        assert!(!t.is_colour('▶') && !t.is_colour('가'));
        let g = t.glyph('😀', 20);
        assert_eq!(g.rgba.len(), (g.w * g.h) as usize);
        assert!(g.rgba.iter().any(|p| p[3] == 255));
        for c in ['가', '힣', '윷', 'A', 'z', '7', '😀', '🎲'] {
            assert!(t.covers(c), "{c} not covered");
        }
        assert!(t.glyph('윷', 20).w > 5);
    }
}
