//! The win-chance chart: each side's chance to win after every action (Master's estimate,
//! `Bot::chances`), with captures, stacks and Back-Do moves marked and the turning point
//! labelled. Drawn with tiny-skia in the board's colours and fonts, written as an indexed PNG
//! in the board's palette.

use super::words::words;
use super::{Played, Step};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};
use yut_ai::{Bot, Level};
use yut_game::{Action, Chip, Event, Side};
use yut_render::canvas::{encode_indexed, Rgb};
use yut_render::theme::{CAPTURE, INK, INK_SOFT, PAPER, PAPER_EDGE, POINT_FILL, WOOD_DARK};
use yut_render::{renderer, side_color};
use yut_table::view::{chip_label, side_name};
use yut_text::Lang;

/// Each side's chance after every step (`[step][side]`).
pub fn chances(played: &Played) -> Vec<Vec<f32>> {
    let Some(rules) = played.rules() else {
        return vec![];
    };
    let master = Bot::shared(Level::Master, &rules);
    played
        .steps
        .iter()
        .map(|s| master.chances(s.game()))
        .collect()
}

/// What an action did that the chart marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Capture,
    Stack,
    Backdo,
}

/// The marks of a step, with the side that made them.
pub fn marks(step: &Step) -> Vec<(Mark, Side)> {
    let side = step.game().side_of(step.seat);
    let mut out = vec![];
    if matches!(step.action, Some(Action::Move(m)) if m.chip == Chip::Backdo) {
        out.push((Mark::Backdo, side));
    }
    for e in &step.events {
        match e {
            Event::Captured { .. } => out.push((Mark::Capture, side)),
            Event::Stacked { side, .. } => out.push((Mark::Stack, *side)),
            _ => {}
        }
    }
    out.dedup();
    out
}

/// The turning point: the action after which the eventual winner led to the end (the last
/// change of the lead), or, if the winner led throughout, the action that raised its chance
/// the most. For an unfinished game, the largest swing of any side.
pub fn turning_point(chances: &[Vec<f32>], winner: Option<Side>) -> Option<usize> {
    if chances.len() < 2 {
        return None;
    }
    let leader = |c: &Vec<f32>| {
        c.iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(i, _)| i as Side)
    };
    let swing = |side: Option<Side>| {
        (1..chances.len()).max_by(|&a, &b| {
            let d = |i: usize| match side {
                Some(s) => chances[i][s as usize] - chances[i - 1][s as usize],
                None => chances[i]
                    .iter()
                    .zip(&chances[i - 1])
                    .map(|(x, y)| (x - y).abs())
                    .fold(0.0, f32::max),
            };
            d(a).total_cmp(&d(b)).then(b.cmp(&a))
        })
    };
    let Some(w) = winner else {
        return swing(None);
    };
    let last_change = (1..chances.len())
        .rev()
        .find(|&i| leader(&chances[i]) == Some(w) && leader(&chances[i - 1]) != Some(w));
    last_change.or_else(|| swing(Some(w)))
}

/// A short description of a step ("Alice · 걸 Geol +3 · capture").
pub fn describe(played: &Played, i: usize, lang: Lang) -> String {
    let step = &played.steps[i];
    let t = &played.last;
    let w = words(lang);
    let who = t
        .seats
        .get(step.seat as usize)
        .map(|s| s.name(step.seat as usize, lang))
        .unwrap_or_default();
    let mut parts = vec![who];
    match step.action {
        Some(Action::Move(m)) => parts.push(chip_label(m.chip, lang)),
        Some(Action::Throw) => {
            if let Some(c) = step.events.iter().find_map(|e| match e {
                Event::Thrown { chip, .. } => *chip,
                _ => None,
            }) {
                parts.push(chip_label(c, lang));
            }
        }
        None => {}
    }
    for (m, _) in marks(step) {
        parts.push(
            match m {
                Mark::Capture => w.capture,
                Mark::Stack => w.stack,
                Mark::Backdo => w.backdo,
            }
            .to_string(),
        );
    }
    parts.join(" · ")
}

/// Text for the chart's fonts: colour emoji (bot names carry one) are left out.
fn plain(s: &str) -> String {
    s.chars()
        .filter(|c| (*c as u32) < 0x1F000 && !('\u{FE00}'..='\u{FE0F}').contains(c))
        .collect::<String>()
        .trim()
        .to_string()
}

const CW: u32 = 800;
const CH: u32 = 480;
const LEFT: f32 = 64.0;
const RIGHT: f32 = 780.0;
const TOP: f32 = 70.0;
const BOTTOM: f32 = 370.0;

fn paint(c: Rgb, alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(
        c.0,
        c.1,
        c.2,
        (alpha * 255.0).round() as u8,
    ));
    p.anti_alias = true;
    p
}

fn stroke_path(pm: &mut Pixmap, pb: PathBuilder, c: Rgb, width: f32, alpha: f32, dash: bool) {
    let Some(path) = pb.finish() else { return };
    let st = Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        line_join: tiny_skia::LineJoin::Round,
        dash: if dash {
            tiny_skia::StrokeDash::new(vec![6.0, 6.0], 0.0)
        } else {
            None
        },
        ..Stroke::default()
    };
    pm.stroke_path(&path, &paint(c, alpha), &st, Transform::identity(), None);
}

fn fill_path(pm: &mut Pixmap, pb: PathBuilder, c: Rgb, alpha: f32) {
    if let Some(path) = pb.finish() {
        pm.fill_path(
            &path,
            &paint(c, alpha),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

fn line(pm: &mut Pixmap, a: (f32, f32), b: (f32, f32), c: Rgb, width: f32, dash: bool) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    stroke_path(pm, pb, c, width, 1.0, dash);
}

fn marker(pm: &mut Pixmap, m: Mark, x: f32, y: f32, side_c: Rgb) {
    let mut pb = PathBuilder::new();
    match m {
        Mark::Capture => {
            pb.push_circle(x, y, 6.5);
            fill_path(pm, pb, CAPTURE, 1.0);
            let mut o = PathBuilder::new();
            o.push_circle(x, y, 6.5);
            stroke_path(pm, o, INK, 1.5, 1.0, false);
        }
        Mark::Stack => {
            pb.move_to(x - 5.5, y - 5.5);
            pb.line_to(x + 5.5, y - 5.5);
            pb.line_to(x + 5.5, y + 5.5);
            pb.line_to(x - 5.5, y + 5.5);
            pb.close();
            fill_path(pm, pb, side_c, 1.0);
            let mut o = PathBuilder::new();
            o.move_to(x - 5.5, y - 5.5);
            o.line_to(x + 5.5, y - 5.5);
            o.line_to(x + 5.5, y + 5.5);
            o.line_to(x - 5.5, y + 5.5);
            o.close();
            stroke_path(pm, o, INK, 1.5, 1.0, false);
        }
        Mark::Backdo => {
            // A triangle pointing down: a step back.
            let tri = |pb: &mut PathBuilder| {
                pb.move_to(x - 6.5, y - 5.0);
                pb.line_to(x + 6.5, y - 5.0);
                pb.line_to(x, y + 6.5);
                pb.close();
            };
            tri(&mut pb);
            fill_path(pm, pb, POINT_FILL, 1.0);
            let mut o = PathBuilder::new();
            tri(&mut o);
            stroke_path(pm, o, INK, 1.5, 1.0, false);
        }
    }
}

/// The chart as an indexed PNG (800 × 480).
pub fn chart_png(played: &Played, chances: &[Vec<f32>], lang: Lang) -> Vec<u8> {
    let w = words(lang);
    let text = renderer().text();
    // A constant, non-zero size.
    let mut pm = Pixmap::new(CW, CH).expect("chart size");
    pm.fill(PAPER.skia());
    let n = chances.len().max(2);
    let sides = chances.first().map_or(0, |c| c.len());
    let x_of = |i: usize| LEFT + (RIGHT - LEFT) * i as f32 / (n - 1) as f32;
    let y_of = |p: f32| BOTTOM - (BOTTOM - TOP) * p.clamp(0.0, 1.0);
    // Title and axes.
    let title = text.fit(w.chart_title, 20, CW as f32 - 40.0);
    text.draw_pixmap_left(&mut pm, 20.0, 30.0, 20, INK, &title);
    for k in 0..=4 {
        let p = k as f32 / 4.0;
        let y = y_of(p);
        line(
            &mut pm,
            (LEFT, y),
            (RIGHT, y),
            PAPER_EDGE,
            if k == 2 { 2.0 } else { 1.0 },
            k != 2,
        );
        let label = format!("{}%", k * 25);
        let lw = text.measure(&label, 13);
        text.draw_pixmap_left(&mut pm, LEFT - 8.0 - lw, y + 5.0, 13, INK_SOFT, &label);
    }
    let step = [10usize, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|s| n / s <= 10)
        .unwrap_or(n.div_ceil(10).max(1));
    let mut i = 0;
    while i < n {
        let x = x_of(i);
        line(
            &mut pm,
            (x, BOTTOM),
            (x, BOTTOM + 5.0),
            INK_SOFT,
            1.0,
            false,
        );
        text.draw_pixmap(&mut pm, x, BOTTOM + 20.0, 13, INK_SOFT, &i.to_string());
        i += step;
    }
    text.draw_pixmap(
        &mut pm,
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 36.0,
        13,
        INK_SOFT,
        w.actions_axis,
    );
    // The turning point, behind the lines.
    let winner = played.winner();
    if let Some(tp) = turning_point(chances, winner) {
        let x = x_of(tp);
        line(&mut pm, (x, TOP - 6.0), (x, BOTTOM), WOOD_DARK, 2.0, true);
        let label = format!(
            "{} ({} {tp}): {}",
            w.turning_point,
            w.action,
            describe(played, tp, lang)
        );
        let label = text.fit(&plain(&label), 14, 420.0);
        let lw = text.measure(&label, 14);
        let lx = (x - lw / 2.0).clamp(LEFT, RIGHT - lw);
        text.draw_pixmap_left(&mut pm, lx, TOP - 12.0, 14, WOOD_DARK, &label);
    }
    // One line per side.
    for side in 0..sides {
        let c = side_color(side as Side);
        let mut pb = PathBuilder::new();
        for (i, ch) in chances.iter().enumerate() {
            let (x, y) = (x_of(i), y_of(ch[side]));
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        stroke_path(&mut pm, pb, c, 3.0, 0.95, false);
    }
    // Marks on the line of the side that made them.
    for (i, s) in played.steps.iter().enumerate().take(chances.len()) {
        for (m, side) in marks(s) {
            let p = chances[i].get(side as usize).copied().unwrap_or(0.5);
            marker(&mut pm, m, x_of(i), y_of(p), side_color(side));
        }
    }
    // Legend: sides, then the marks.
    let mut lx = LEFT;
    let ly = CH as f32 - 40.0;
    for side in 0..sides {
        let c = side_color(side as Side);
        line(
            &mut pm,
            (lx, ly - 5.0),
            (lx + 22.0, ly - 5.0),
            c,
            4.0,
            false,
        );
        let name = text.fit(&plain(&side_name(&played.last, side as u8)), 15, 150.0);
        let wd = text.measure(&name, 15);
        text.draw_pixmap_left(&mut pm, lx + 28.0, ly, 15, INK, &name);
        lx += 28.0 + wd + 18.0;
    }
    let mut lx = LEFT;
    let ly = CH as f32 - 16.0;
    for (m, label) in [
        (Mark::Capture, w.capture),
        (Mark::Stack, w.stack),
        (Mark::Backdo, w.backdo),
    ] {
        marker(&mut pm, m, lx + 6.0, ly - 5.0, INK_SOFT);
        text.draw_pixmap_left(&mut pm, lx + 18.0, ly, 14, INK_SOFT, label);
        lx += 18.0 + text.measure(label, 14) + 22.0;
    }
    let pal = renderer().palette();
    let idx: Vec<u8> = pm
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            pal.index(Rgb(c.red(), c.green(), c.blue()))
        })
        .collect();
    encode_indexed(&idx, CW, CH, pal)
}

/// A line of text for the chart's message: the turning point and each side's final chance
/// swing.
pub fn chart_summary(played: &Played, chances: &[Vec<f32>], lang: Lang) -> String {
    let w = words(lang);
    let winner = played.winner();
    match turning_point(chances, winner) {
        Some(tp) => format!(
            "📈 {} · {} {tp}: {}",
            w.turning_point,
            w.action,
            describe(played, tp, lang)
        ),
        None => format!("📈 {}", w.chart_title),
    }
}
