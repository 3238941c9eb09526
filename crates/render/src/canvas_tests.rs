//! The shortcuts of the shape fills (runs in a rounded rectangle's rows, a line's span on
//! each row) against the plain formula applied to every pixel of the bounds.

use super::*;
use rand::{Rng, SeedableRng};
use tiny_skia::Pixmap;

const W: i32 = 120;
const H: i32 = 90;

fn palette() -> Palette {
    let keys = [
        Rgb::hex(0xF3E3C3),
        Rgb::hex(0x3E2614),
        Rgb::hex(0xFFC21A),
        Rgb::hex(0x2E7D32),
    ];
    Palette::build(&keys, &[(keys[0], keys[1], 12), (keys[0], keys[2], 8)])
}

/// Every pixel of the bounds, measured with the signed distance to the rounded box (no runs).
#[allow(clippy::too_many_arguments)]
fn rrect_reference(cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32, r: f32, c: Rgb, alpha: f32) {
    let ci = cv.pal.index(c);
    let r = r.min(w / 2.0).min(h / 2.0);
    let (hw, hh) = (w / 2.0, h / 2.0);
    let (cx, cy) = (x + hw, y + hh);
    let b = Rect::new(
        x.floor() as i32,
        y.floor() as i32,
        (x + w).ceil() as i32,
        (y + h).ceil() as i32,
    )
    .intersect(&Rect::new(0, 0, cv.w, cv.h));
    for py in b.y0..b.y1 {
        for px in b.x0..b.x1 {
            let qx = (px as f32 + 0.5 - cx).abs() - (hw - r);
            let qy = (py as f32 + 0.5 - cy).abs() - (hh - r);
            let d = rounded_box_distance(qx, qy, r);
            let cov = (0.5 - d).clamp(0.0, 1.0) * alpha;
            let i = (py * cv.w + px) as usize;
            cv.put_at(i, c, ci, (cov * 255.0 + 0.5) as u32);
        }
    }
}

/// Every pixel of the bounds, measured with the distance to the segment.
fn line_reference(cv: &mut Canvas, a: (f32, f32), b: (f32, f32), width: f32, c: Rgb, alpha: f32) {
    let ci = cv.pal.index(c);
    let half = width / 2.0;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(1e-6);
    let bounds = Rect::new(
        (a.0.min(b.0) - half - 1.0).floor() as i32,
        (a.1.min(b.1) - half - 1.0).floor() as i32,
        (a.0.max(b.0) + half + 1.0).ceil() as i32,
        (a.1.max(b.1) + half + 1.0).ceil() as i32,
    )
    .intersect(&Rect::new(0, 0, cv.w, cv.h));
    for py in bounds.y0..bounds.y1 {
        for px in bounds.x0..bounds.x1 {
            let (fx, fy) = (px as f32 + 0.5 - a.0, py as f32 + 0.5 - a.1);
            let t = ((fx * dx + fy * dy) / len2).clamp(0.0, 1.0);
            let d = ((fx - t * dx).powi(2) + (fy - t * dy).powi(2)).sqrt();
            let cov = (half - d + 0.5).clamp(0.0, 1.0);
            cv.put_at(
                (py * cv.w + px) as usize,
                c,
                ci,
                (cov * alpha * 255.0 + 0.5) as u32,
            );
        }
    }
}

#[test]
fn rounded_rectangles_match_the_formula_on_every_pixel() {
    let pal = palette();
    let bg = vec![pal.index(pal.colors[0]); (W * H) as usize];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut drawn = 0;
    for n in 0..2000 {
        let (w, h) = (
            rng.random_range(0.5..70.0f32),
            rng.random_range(0.5..60.0f32),
        );
        let (x, y) = (
            rng.random_range(-10.0..100.0f32),
            rng.random_range(-10.0..80.0f32),
        );
        // Radii past half the side, under half a pixel, and whole numbers as the renderer uses.
        let r = match n % 3 {
            0 => rng.random_range(0.0..40.0f32),
            1 => rng.random_range(0.0..1.0f32),
            _ => rng.random_range(0..24) as f32,
        };
        let alpha = if n % 4 == 0 {
            rng.random_range(0.1..1.0f32)
        } else {
            1.0
        };
        let c = pal.colors[1 + n % 3];
        let mut fast = Canvas::new(&bg, W, H, &pal);
        fast.fill_rrect(x, y, w, h, r, c, alpha);
        let mut slow = Canvas::new(&bg, W, H, &pal);
        rrect_reference(&mut slow, x, y, w, h, r, c, alpha);
        drawn += (fast.buf != bg) as usize;
        assert!(
            fast.buf == slow.buf,
            "case {n}: {x} {y} {w} {h} r {r} alpha {alpha}"
        );
    }
    // The cases are not all off the canvas.
    assert!(drawn > 1500, "{drawn} of 2000 drew anything");
}

#[test]
fn lines_match_the_formula_on_every_pixel() {
    let pal = palette();
    let bg = vec![pal.index(pal.colors[0]); (W * H) as usize];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut drawn = 0;
    for n in 0..3000 {
        let a = (
            rng.random_range(-20.0..140.0f32),
            rng.random_range(-20.0..110.0f32),
        );
        // Steep, shallow, level, upright and single-point segments.
        let b = match n % 5 {
            0 => (a.0, rng.random_range(-20.0..110.0f32)),
            1 => (rng.random_range(-20.0..140.0f32), a.1),
            2 => a,
            _ => (
                rng.random_range(-20.0..140.0f32),
                rng.random_range(-20.0..110.0f32),
            ),
        };
        let width = rng.random_range(0.5..12.0f32);
        let alpha = if n % 3 == 0 {
            rng.random_range(0.1..1.0f32)
        } else {
            1.0
        };
        let c = pal.colors[1 + n % 3];
        let mut fast = Canvas::new(&bg, W, H, &pal);
        fast.line(a, b, width, c, alpha);
        let mut slow = Canvas::new(&bg, W, H, &pal);
        line_reference(&mut slow, a, b, width, c, alpha);
        drawn += (fast.buf != bg) as usize;
        assert!(
            fast.buf == slow.buf,
            "case {n}: {a:?} {b:?} width {width} alpha {alpha}"
        );
    }
    assert!(drawn > 2000, "{drawn} of 3000 drew anything");
}

/// A sprite's pixels, each on its own: skip the transparent, copy the opaque, blend the rest.
fn blit_reference(cv: &mut Canvas, s: &Sprite, x: i32, y: i32, clip: Rect) {
    let r = Rect::new(x, y, x + s.w, y + s.h)
        .intersect(&clip)
        .intersect(&Rect::new(0, 0, cv.w, cv.h));
    for yy in r.y0..r.y1 {
        for xx in r.x0..r.x1 {
            let si = ((yy - y) * s.w + (xx - x)) as usize;
            let p = s.px[si];
            let di = (yy * cv.w + xx) as usize;
            match p[3] {
                0 => {}
                255 => cv.buf[di] = s.idx[si],
                a => cv.blend(di, p[0] as u32, p[1] as u32, p[2] as u32, a as u32),
            }
        }
    }
}

#[test]
fn sprites_match_a_pixel_by_pixel_copy_inside_any_clip() {
    let pal = palette();
    let bg: Vec<u8> = (0..W * H).map(|i| (i % 7) as u8).collect();
    // A ring with soft edges (two opaque runs on its middle rows) and blank rows around it.
    let mut pm = Pixmap::new(31, 27).unwrap();
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(0x3E, 0x26, 0x14, 255);
    paint.anti_alias = true;
    let disc = tiny_skia::PathBuilder::from_circle(15.5, 13.0, 11.3).unwrap();
    pm.fill_path(
        &disc,
        &paint,
        tiny_skia::FillRule::Winding,
        Default::default(),
        None,
    );
    paint.blend_mode = tiny_skia::BlendMode::Clear;
    let hole = tiny_skia::PathBuilder::from_circle(15.5, 13.0, 5.2).unwrap();
    pm.fill_path(
        &hole,
        &paint,
        tiny_skia::FillRule::Winding,
        Default::default(),
        None,
    );
    let s = Sprite::from_pixmap(&pm, &pal);
    assert!(s.rows.iter().any(|r| r[2] - r[1] > 10), "an opaque run");
    assert!(s.rows.iter().any(|r| r[0] == s.w), "a blank row");
    let middle = &s.px[(13 * s.w) as usize..(14 * s.w) as usize];
    assert!(
        middle[15][3] == 0 && middle[7][3] == 255 && middle[23][3] == 255,
        "a hole"
    );
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for n in 0..2000 {
        let (x, y) = (rng.random_range(-35..W + 5), rng.random_range(-30..H + 5));
        let clip = if n % 2 == 0 {
            Rect::new(0, 0, W, H)
        } else {
            let (x0, y0) = (rng.random_range(0..W), rng.random_range(0..H));
            Rect::new(x0, y0, rng.random_range(x0..=W), rng.random_range(y0..=H))
        };
        let mut fast = Canvas::over(bg.clone(), &bg, W, H, &pal, &[clip]);
        fast.blit(&s, x, y);
        let mut slow = Canvas::new(&bg, W, H, &pal);
        blit_reference(&mut slow, &s, x, y, clip);
        assert!(fast.buf == slow.buf, "case {n}: at {x},{y} clip {clip:?}");
    }
}

#[test]
fn text_glyphs_match_a_pixel_by_pixel_blend_inside_any_clip() {
    let pal = palette();
    let bg: Vec<u8> = (0..W * H).map(|i| (i % 5) as u8).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for n in 0..1000 {
        let (w, h) = (rng.random_range(1..24), rng.random_range(1..30));
        // Coverage with empty, full and partial pixels.
        let cov: Vec<u8> = (0..w * h)
            .map(|_| match rng.random_range(0..4) {
                0 => 0,
                1 => 255,
                _ => rng.random_range(1..255),
            })
            .collect();
        let (x, y) = (rng.random_range(-25..W + 2), rng.random_range(-30..H + 2));
        let (x0, y0) = (rng.random_range(0..W), rng.random_range(0..H));
        let clip = Rect::new(x0, y0, rng.random_range(x0..=W), rng.random_range(y0..=H));
        let c = pal.colors[1 + n % 3];
        let mut fast = Canvas::over(bg.clone(), &bg, W, H, &pal, &[clip]);
        fast.glyph(x, y, w, h, &cov, &[], c, ('a', 20));
        let mut slow = Canvas::new(&bg, W, H, &pal);
        let ci = pal.index(c);
        let r = Rect::new(x, y, x + w, y + h)
            .intersect(&clip)
            .intersect(&Rect::new(0, 0, W, H));
        for yy in r.y0..r.y1 {
            for xx in r.x0..r.x1 {
                let a = cov[((yy - y) * w + (xx - x)) as usize];
                slow.put_at((yy * W + xx) as usize, c, ci, a as u32);
            }
        }
        assert!(
            fast.buf == slow.buf,
            "case {n}: {w}x{h} at {x},{y} clip {clip:?}"
        );
    }
}
