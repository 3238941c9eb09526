//! Sprites: pictures drawn once (pieces, rings, badges) and copied onto frames.

use crate::canvas::{Palette, Rgb};
use tiny_skia::Pixmap;

/// A premultiplied RGBA image drawn once, with the palette index of each opaque pixel.
pub struct Sprite {
    pub w: i32,
    pub h: i32,
    /// Premultiplied RGBA.
    pub(crate) px: Vec<[u8; 4]>,
    pub(crate) idx: Vec<u8>,
    /// Each row's drawn part `[n0, n1)` (no fully transparent pixel outside it) and its
    /// longest fully opaque run `[o0, o1)` inside it (copied as indices), in sprite columns.
    pub(crate) rows: Vec<[i32; 4]>,
}

impl Sprite {
    pub fn from_pixmap(p: &Pixmap, pal: &Palette) -> Sprite {
        let px: Vec<[u8; 4]> = p
            .pixels()
            .iter()
            .map(|c| [c.red(), c.green(), c.blue(), c.alpha()])
            .collect();
        let idx = px
            .iter()
            .map(|c| pal.index(Rgb(c[0], c[1], c[2])))
            .collect();
        let w = p.width() as usize;
        let rows = px
            .chunks_exact(w.max(1))
            .map(|row| {
                let drawn = |c: &[u8; 4]| c[3] != 0;
                let n0 = row.iter().position(drawn).unwrap_or(w);
                let n1 = row.iter().rposition(drawn).map_or(n0, |i| i + 1);
                let (mut best, mut start) = ((0, 0), None);
                for (i, c) in row.iter().enumerate().chain([(w, &[0u8; 4])]) {
                    match (c[3] == 255 && i < w, start) {
                        (true, None) => start = Some(i),
                        (false, Some(a)) => {
                            if i - a > best.1 - best.0 {
                                best = (a, i);
                            }
                            start = None;
                        }
                        _ => {}
                    }
                }
                [n0, best.0, best.1, n1].map(|v| v as i32)
            })
            .collect();
        Sprite {
            w: p.width() as i32,
            h: p.height() as i32,
            px,
            idx,
            rows,
        }
    }

    /// The box of its drawn (not fully transparent) pixels, in its own pixels:
    /// [x0, x1) × [y0, y1); empty for a blank sprite.
    pub fn drawn(&self) -> crate::canvas::Rect {
        let mut b = crate::canvas::Rect::new(self.w, self.h, 0, 0);
        for (y, r) in self.rows.iter().enumerate() {
            if r[0] < r[3] {
                b.x0 = b.x0.min(r[0]);
                b.x1 = b.x1.max(r[3]);
                b.y0 = b.y0.min(y as i32);
                b.y1 = y as i32 + 1;
            }
        }
        b
    }
}
