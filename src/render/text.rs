//! Fonts and a glyph cache. Glyphs are rasterised once per (character, size) and kept.

use super::canvas::{Canvas, Rgb};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use tiny_skia::Pixmap;

/// Pretendard (SIL OFL 1.1): Latin and every Hangul syllable.
static PRETENDARD: &[u8] = include_bytes!("../../assets/fonts/Pretendard-SemiBold.otf");
/// Noto Emoji (SIL OFL 1.1), monochrome: the fallback for emoji in names.
static EMOJI: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf");

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
}

/// The fonts in fallback order, and the glyph cache shared by every frame.
pub struct Text {
    fonts: Vec<FontRef<'static>>,
    cache: RwLock<HashMap<(char, u16), Arc<Glyph>>>,
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
            cache: RwLock::new(HashMap::new()),
        }
    }

    /// Does some font have a glyph for `c`?
    pub fn covers(&self, c: char) -> bool {
        self.fonts.iter().any(|f| f.glyph_id(c) != GlyphId(0))
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
                }
            }
            None => Glyph {
                w: 0,
                h: 0,
                left: 0,
                top: 0,
                advance,
                cov: vec![],
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
        let ci = cv.pal.index(c);
        let mut pen = x;
        for ch in s.chars() {
            if is_invisible(ch) {
                continue;
            }
            let g = self.glyph(ch, size);
            let gx = pen.round() as i32 + g.left;
            let gy = y.round() as i32 + g.top;
            for yy in 0..g.h {
                for xx in 0..g.w {
                    let a = g.cov[(yy * g.w + xx) as usize];
                    if a != 0 {
                        cv.put(gx + xx, gy + yy, c, ci, a as u32);
                    }
                }
            }
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
        let mut pen = x;
        let (pw, ph) = (pm.width() as i32, pm.height() as i32);
        let data = pm.data_mut();
        for ch in s.chars() {
            let g = self.glyph(ch, size);
            let gx = pen.round() as i32 + g.left;
            let gy = y.round() as i32 + g.top;
            for yy in 0..g.h {
                for xx in 0..g.w {
                    let a = g.cov[(yy * g.w + xx) as usize] as u32;
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
        for c in ['가', '힣', '윷', 'A', 'z', '7', '😀', '🎲'] {
            assert!(t.covers(c), "{c} not covered");
        }
        assert!(t.glyph('윷', 20).w > 5);
    }
}
