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
use yut_render::{renderer, side_color, side_shape};
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

/// The steps at which a turn ends (the next step is another seat's), with the first and the
/// last: the chart draws its lines through these, so a swing inside one turn (a throw that
/// looked good until the move that followed) does not read as noise.
pub fn turn_ends(played: &Played, n: usize) -> Vec<usize> {
    let n = n.min(played.steps.len());
    let mut keys = vec![0];
    for i in 1..n {
        if i + 1 == n || played.steps[i + 1].seat != played.steps[i].seat {
            keys.push(i);
        }
    }
    keys
}

/// The turning point of a game: a step, and whether the winning side played it (else it is the
/// losing side's decisive mistake: the move after which the winner led).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turning {
    pub step: usize,
    pub by_winner: bool,
}

/// The turning point, found turn by turn ([`turning_point`] over the chances at the turns'
/// ends): inside that turn, the action that moved the winner's chance the most (any side's,
/// for a game without a winner).
pub fn turning(played: &Played, chances: &[Vec<f32>]) -> Option<Turning> {
    let keys = turn_ends(played, chances.len());
    let series: Vec<Vec<f32>> = keys.iter().map(|&k| chances[k].clone()).collect();
    let winner = played.winner();
    let k = turning_point(&series, winner)?;
    let (from, to) = (keys[k - 1] + 1, keys[k]);
    let gain = |i: usize| match winner {
        Some(w) => chances[i][w as usize] - chances[i - 1][w as usize],
        None => chances[i]
            .iter()
            .zip(&chances[i - 1])
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f32::max),
    };
    let step = (from..=to).max_by(|&a, &b| gain(a).total_cmp(&gain(b)).then(b.cmp(&a)))?;
    let side = played.steps[step].game().side_of(played.steps[step].seat);
    Some(Turning {
        step,
        by_winner: winner.is_none_or(|w| w == side),
    })
}

/// The turning point's label: "turning point (action 41): Ann · 걸 Geol +3", or "decisive
/// mistake (…)" when the losing side played it.
pub fn turning_label(played: &Played, t: Turning, lang: Lang) -> String {
    let w = words(lang);
    let what = if t.by_winner {
        w.turning_point
    } else {
        w.mistake
    };
    format!(
        "{what} ({} {}): {}",
        w.action,
        t.step,
        describe(played, t.step, lang)
    )
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

// Sized for Discord's chat: every text reads at 11 px or more where it is shown smallest
// (a phone shows it about 320 px wide: 21 px drawn is 11.2 px seen).
const CW: u32 = 600;
const CH: u32 = 420;
const LEFT: f32 = 62.0;
const RIGHT: f32 = 584.0;
const TOP: f32 = 80.0;
const BOTTOM: f32 = 262.0;
/// The size of the chart's texts; its title is larger.
pub const CHART_TEXT: u16 = 21;
const CHART_TITLE: u16 = 24;

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

fn line(pm: &mut Pixmap, a: (f32, f32), b: (f32, f32), c: Rgb, width: f32, dash: bool) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    stroke_path(pm, pb, c, width, 1.0, dash);
}

/// A mark on a side's line, in that side's colour and shape: a capture filled and ringed in
/// red, a stack hollow, a Back-Do move filled pale.
fn marker(pm: &mut Pixmap, m: Mark, x: f32, y: f32, side: Option<Side>) {
    let shape = |r: f32| side_shape(side.unwrap_or(0) as usize, x, y, r);
    let c = side.map_or(INK_SOFT, side_color);
    let fill_of = |pm: &mut Pixmap, path: &tiny_skia::Path, c: Rgb| {
        pm.fill_path(
            path,
            &paint(c, 1.0),
            FillRule::Winding,
            Transform::identity(),
            None,
        )
    };
    let stroke_of = |pm: &mut Pixmap, path: &tiny_skia::Path, c: Rgb, w: f32| {
        let st = Stroke {
            width: w,
            ..Stroke::default()
        };
        pm.stroke_path(path, &paint(c, 1.0), &st, Transform::identity(), None)
    };
    match m {
        Mark::Capture => {
            let mut ring = PathBuilder::new();
            ring.push_circle(x, y, 11.0);
            if let Some(r) = ring.finish() {
                stroke_of(pm, &r, CAPTURE, 3.0);
            }
            let p = shape(6.5);
            fill_of(pm, &p, c);
            stroke_of(pm, &p, INK, 1.5);
        }
        Mark::Stack => {
            let p = shape(6.5);
            fill_of(pm, &p, PAPER);
            stroke_of(pm, &p, c, 3.0);
        }
        Mark::Backdo => {
            let p = shape(6.0);
            fill_of(pm, &p, POINT_FILL);
            stroke_of(pm, &p, INK, 1.5);
            let mut a = PathBuilder::new();
            a.move_to(x, y - 3.0);
            a.line_to(x, y + 3.5);
            a.move_to(x - 3.0, y + 0.5);
            a.line_to(x, y + 3.5);
            a.line_to(x + 3.0, y + 0.5);
            stroke_path(pm, a, c, 1.8, 1.0, false);
        }
    }
}

/// The chart as an indexed PNG (600 × 420).
pub fn chart_png(played: &Played, chances: &[Vec<f32>], lang: Lang) -> Vec<u8> {
    chart_drawn(played, chances, lang).0
}

/// The chart as an indexed PNG, with the size of the smallest text it draws.
pub fn chart_drawn(played: &Played, chances: &[Vec<f32>], lang: Lang) -> (Vec<u8>, u16) {
    let w = words(lang);
    let text = renderer().text();
    let mut smallest = u16::MAX;
    let mut draw = |pm: &mut Pixmap, x: f32, y: f32, size: u16, c: Rgb, s: &str| {
        smallest = smallest.min(size);
        text.draw_pixmap_left(pm, x, y, size, c, s);
    };
    // A constant, non-zero size.
    let mut pm = Pixmap::new(CW, CH).expect("chart size");
    pm.fill(PAPER.skia());
    let n = chances.len().max(2);
    let sides = chances.first().map_or(0, |c| c.len());
    let x_of = |i: usize| LEFT + (RIGHT - LEFT) * i as f32 / (n - 1) as f32;
    let y_of = |p: f32| BOTTOM - (BOTTOM - TOP) * p.clamp(0.0, 1.0);
    // Title and axes.
    let title = text.fit(w.chart_title, CHART_TITLE, CW as f32 - 32.0);
    draw(&mut pm, 16.0, 32.0, CHART_TITLE, INK, &title);
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
        if k % 2 == 0 {
            let label = format!("{}%", k * 25);
            let lw = text.measure(&label, CHART_TEXT);
            draw(
                &mut pm,
                LEFT - 6.0 - lw,
                y + 7.0,
                CHART_TEXT,
                INK_SOFT,
                &label,
            );
        }
    }
    let step = [10usize, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|s| n / s <= 6)
        .unwrap_or(n.div_ceil(6).max(1));
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
        let label = i.to_string();
        let lw = text.measure(&label, CHART_TEXT);
        let lx = (x - lw / 2.0).min(CW as f32 - 4.0 - lw);
        draw(&mut pm, lx, BOTTOM + 26.0, CHART_TEXT, INK_SOFT, &label);
        i += step;
    }
    let axis = text.fit(w.actions_axis, CHART_TEXT, RIGHT - LEFT);
    let aw = text.measure(&axis, CHART_TEXT);
    draw(
        &mut pm,
        (LEFT + RIGHT - aw) / 2.0,
        BOTTOM + 50.0,
        CHART_TEXT,
        INK_SOFT,
        &axis,
    );
    // The lines go through the turns' ends; a mark inside a turn sits on its side's line.
    let keys = turn_ends(played, chances.len());
    let on_line = |i: usize, side: usize| -> f32 {
        let b = keys
            .partition_point(|&k| k < i)
            .min(keys.len().saturating_sub(1));
        if b == 0 || keys[b] == i {
            return chances[keys[b]][side];
        }
        let (ka, kb) = (keys[b - 1], keys[b]);
        let t = (i - ka) as f32 / (kb - ka) as f32;
        chances[ka][side] * (1.0 - t) + chances[kb][side] * t
    };
    // The turning point, behind the lines.
    if let Some(tp) = turning(played, chances) {
        let x = x_of(tp.step);
        line(&mut pm, (x, TOP - 6.0), (x, BOTTOM), WOOD_DARK, 2.0, true);
        let label = text.fit(
            &plain(&turning_label(played, tp, lang)),
            CHART_TEXT,
            CW as f32 - 32.0,
        );
        let lw = text.measure(&label, CHART_TEXT);
        let lx = (x - lw / 2.0).clamp(16.0, CW as f32 - 16.0 - lw);
        draw(&mut pm, lx, TOP - 14.0, CHART_TEXT, WOOD_DARK, &label);
    }
    // One line per side.
    if !chances.is_empty() {
        // `chances[k][side]`: a side's chance at each turn's end.
        #[allow(clippy::needless_range_loop)]
        for side in 0..sides {
            let c = side_color(side as Side);
            let mut pb = PathBuilder::new();
            for (j, &k) in keys.iter().enumerate() {
                let (x, y) = (x_of(k), y_of(chances[k][side]));
                if j == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            stroke_path(&mut pm, pb, c, 3.0, 0.95, false);
        }
    }
    // Marks on the line of the side that made them.
    for (i, s) in played.steps.iter().enumerate().take(chances.len()) {
        for (m, side) in marks(s) {
            if (side as usize) < sides {
                let p = on_line(i, side as usize);
                marker(&mut pm, m, x_of(i), y_of(p), Some(side));
            }
        }
    }
    // Legend: sides (their colour and shape), two to a row, then the marks.
    for side in 0..sides {
        let lx = 16.0 + (side % 2) as f32 * (CW as f32 - 32.0) / 2.0;
        let ly = CH as f32 - 70.0 + (side / 2) as f32 * 28.0;
        let c = side_color(side as Side);
        line(
            &mut pm,
            (lx, ly - 7.0),
            (lx + 24.0, ly - 7.0),
            c,
            4.0,
            false,
        );
        let p = side_shape(side, lx + 12.0, ly - 7.0, 6.5);
        pm.fill_path(
            &p,
            &paint(c, 1.0),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let room = (CW as f32 - 32.0) / 2.0 - 40.0;
        let name = text.fit(
            &plain(&side_name(&played.last, side as u8)),
            CHART_TEXT,
            room,
        );
        draw(&mut pm, lx + 30.0, ly, CHART_TEXT, INK, &name);
    }
    let mut lx = 16.0;
    let ly = CH as f32 - 12.0;
    for (m, label) in [
        (Mark::Capture, w.capture),
        (Mark::Stack, w.stack),
        (Mark::Backdo, w.backdo),
    ] {
        marker(&mut pm, m, lx + 10.0, ly - 7.0, None);
        draw(&mut pm, lx + 26.0, ly, CHART_TEXT, INK_SOFT, label);
        lx += 26.0 + text.measure(label, CHART_TEXT) + 22.0;
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
    (encode_indexed(&idx, CW, CH, pal), smallest)
}

/// The chart in words, for screen readers (its attachment's alt text): who led for most of
/// the turns, who won, and the turning point.
pub fn chart_alt(played: &Played, chances: &[Vec<f32>], lang: Lang) -> String {
    let keys = turn_ends(played, chances.len());
    let sides = chances.first().map_or(0, |c| c.len());
    let mut led = vec![0usize; sides.max(1)];
    for &k in &keys {
        if let Some((i, _)) = chances[k]
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
        {
            led[i] += 1;
        }
    }
    let (leader, turns) = led
        .iter()
        .enumerate()
        .max_by_key(|(_, n)| **n)
        .map_or((0, 0), |(i, n)| (i, *n));
    let share = (turns * 100).checked_div(keys.len()).unwrap_or(0);
    let name = |s: usize| plain(&side_name(&played.last, s as u8));
    let winner = played
        .winner()
        .map(|w| name(w as usize))
        .unwrap_or_default();
    let turning = turning(played, chances)
        .map(|t| plain(&turning_label(played, t, lang)))
        .unwrap_or_default();
    yut_text::say(
        lang,
        "replay-chart-alt",
        &[
            ("game", played.last.id.to_string().into()),
            ("leader", name(leader).into()),
            ("share", (share as u32).into()),
            ("winner", winner.into()),
            ("turning", turning.into()),
        ],
    )
}

/// A line of text for the chart's message: the turning point and each side's final chance
/// swing.
pub fn chart_summary(played: &Played, chances: &[Vec<f32>], lang: Lang) -> String {
    match turning(played, chances) {
        Some(tp) => format!("📈 {}", turning_label(played, tp, lang)),
        None => format!("📈 {}", words(lang).chart_title),
    }
}
