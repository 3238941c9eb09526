//! The standings table: place (a medal for the first three), name, points, record and the
//! tie-breaks, one shaded row in two, the reader's own row highlighted.

use super::*;
use crate::Lang;
use yut_text::say;

/// One entrant's line of the table, its values already formatted.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StandingRow {
    /// 1-based; tied entrants share a place.
    pub place: u32,
    pub name: String,
    pub score: String,
    /// Won-lost (e.g. "4-1") or placings ("2·1·1·0").
    pub record: String,
    /// One value per [`StandingsPicture::tiebreak_heads`] (e.g. Buchholz "11", pieces "14").
    pub tiebreaks: Vec<String>,
    /// The reader's own row: highlighted.
    pub me: bool,
}

/// A standings table to draw.
#[derive(Debug, Clone, Copy)]
pub struct StandingsPicture<'a> {
    pub title: &'a str,
    /// E.g. "Round 3 of 5 · 16 players".
    pub subtitle: &'a str,
    /// In order; at most [`MAX_STANDING_ROWS`] are drawn.
    pub rows: &'a [StandingRow],
    /// Entrants not shown: "and N more" under the table (the rows past [`MAX_STANDING_ROWS`] are
    /// added to it).
    pub more: u32,
    /// The tie-breaks' column heads, already translated.
    pub tiebreak_heads: &'a [String],
}

/// The most rows a standings picture draws.
pub const MAX_STANDING_ROWS: usize = 32;
/// Most tie-break columns drawn.
const MAX_TIEBREAKS: usize = 4;
const ROW_H: f32 = 48.0;
const HEAD_H: f32 = 44.0;
/// Space between columns, and inside the table's ends.
const GAP: f32 = 18.0;
const EDGE: f32 = 12.0;
const PLACE_W: f32 = 56.0;
/// The name's column is at least this wide (the picture widens for it).
const NAME_MIN: f32 = 210.0;
/// A tie-break's head is cut to this, unless its values are wider.
const TIEBREAK_HEAD_MAX: f32 = 130.0;
/// The table starts this far below the sheet's top.
const TABLE_TOP: f32 = 116.0;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Align {
    Left,
    Centre,
    Right,
}

/// A column: its left edge, width and alignment.
#[derive(Debug, Clone, Copy)]
struct Col {
    x: f32,
    w: f32,
    align: Align,
}

impl Col {
    fn draw(&self, cv: &mut Canvas, text: &Text, y: f32, size: u16, c: Rgb, s: &str) {
        let s = fit(text, s, size, self.w);
        match self.align {
            Align::Left => {
                text.draw(cv, self.x, y, size, c, &s);
            }
            Align::Centre => text.draw_center(cv, self.x + self.w / 2.0, y, size, c, &s),
            Align::Right => {
                let w = text.measure(&s, size);
                text.draw(cv, self.x + self.w - w, y, size, c, &s);
            }
        }
    }
}

/// Where everything goes.
struct Plan {
    w: f32,
    h: f32,
    place: Col,
    name: Col,
    points: Col,
    record: Col,
    tiebreaks: Vec<Col>,
    rows: usize,
    more: u32,
}

/// The column heads drawn by the picture itself.
struct Heads {
    place: String,
    name: String,
    points: String,
    record: String,
}

impl Heads {
    fn of(lang: Lang) -> Heads {
        Heads {
            place: say(lang, "picture-event-place", &[]),
            name: say(lang, "picture-event-name", &[]),
            points: say(lang, "picture-event-points", &[]),
            record: say(lang, "picture-event-record", &[]),
        }
    }
}

fn plan(text: &Text, p: &StandingsPicture, heads: &Heads) -> Plan {
    let rows = p.rows.len().min(MAX_STANDING_ROWS);
    let shown = &p.rows[..rows];
    let widest = |head: &str, head_max: f32, values: &mut dyn Iterator<Item = &str>| {
        let values = values.map(|v| text.measure(v, BODY)).fold(0.0, f32::max);
        values.max(text.measure(head, SMALL).min(head_max)).ceil()
    };
    let points_w = widest(
        &heads.points,
        160.0,
        &mut shown.iter().map(|r| r.score.as_str()),
    );
    let record_w = widest(
        &heads.record,
        160.0,
        &mut shown.iter().map(|r| r.record.as_str()),
    );
    let n_tb = p.tiebreak_heads.len().min(MAX_TIEBREAKS);
    let tb_w: Vec<f32> = (0..n_tb)
        .map(|i| {
            let mut values = shown
                .iter()
                .map(|r| r.tiebreaks.get(i).map_or("", |s| s.as_str()));
            widest(&p.tiebreak_heads[i], TIEBREAK_HEAD_MAX, &mut values).max(40.0)
        })
        .collect();
    let (points_w, record_w) = (points_w.max(64.0), record_w.max(72.0));
    let fixed = 2.0 * EDGE
        + PLACE_W
        + points_w
        + record_w
        + tb_w.iter().sum::<f32>()
        + GAP * (3 + n_tb) as f32;
    let inner = (W_MIN - 2.0 * INSET).max(fixed + NAME_MIN);
    let w = inner + 2.0 * INSET;
    let mut x = INSET + EDGE;
    let mut col = |width: f32, align: Align| {
        let c = Col { x, w: width, align };
        x += width + GAP;
        c
    };
    let place = col(PLACE_W, Align::Centre);
    let name = col(inner - fixed, Align::Left);
    let points = col(points_w, Align::Right);
    let record = col(record_w, Align::Centre);
    let tiebreaks = tb_w.iter().map(|&tw| col(tw, Align::Right)).collect();
    let more = p.more.saturating_add((p.rows.len() - rows) as u32);
    let footer = if more > 0 { 56.0 } else { 8.0 };
    let h = INSET + TABLE_TOP + HEAD_H + rows as f32 * ROW_H + footer + INSET;
    Plan {
        w: w.round(),
        h: h.round(),
        place,
        name,
        points,
        record,
        tiebreaks,
        rows,
        more,
    }
}

/// The standings as an indexed PNG, 800 px wide (wider for many tie-breaks), 48 px a
/// row.
pub fn standings_png(p: &StandingsPicture, lang: Lang) -> Vec<u8> {
    let (pal, text) = kit();
    let heads = Heads::of(lang);
    let plan = plan(text, p, &heads);
    let pm = sheet(plan.w as i32, plan.h as i32);
    finish(&pm, pal, |cv| draw(cv, text, p, lang, &heads, &plan))
}

/// The texts the standings picture draws, in order (for tests).
#[cfg(test)]
pub(super) fn standings_words(p: &StandingsPicture, lang: Lang) -> (Vec<String>, (f32, f32)) {
    let (pal, text) = kit();
    let heads = Heads::of(lang);
    let plan = plan(text, p, &heads);
    let mut cv = Canvas::recording_words(plan.w as i32, plan.h as i32, pal);
    draw(&mut cv, text, p, lang, &heads, &plan);
    (cv.words().to_vec(), (plan.w, plan.h))
}

fn draw(
    cv: &mut Canvas,
    text: &Text,
    p: &StandingsPicture,
    lang: Lang,
    heads: &Heads,
    plan: &Plan,
) {
    let inner = plan.w - 2.0 * INSET;
    heading(cv, text, INSET, INSET, inner, false, p.title, p.subtitle);
    // The heads on a band of dark wood.
    let top = INSET + TABLE_TOP;
    cv.fill_rrect(INSET, top, inner, HEAD_H, 10.0, WOOD_DARK, 1.0);
    let hb = centred_base(top + HEAD_H / 2.0, SMALL);
    plan.place.draw(cv, text, hb, SMALL, CREAM, &heads.place);
    plan.name.draw(cv, text, hb, SMALL, CREAM, &heads.name);
    plan.points.draw(cv, text, hb, SMALL, CREAM, &heads.points);
    plan.record.draw(cv, text, hb, SMALL, CREAM, &heads.record);
    for (col, head) in plan.tiebreaks.iter().zip(p.tiebreak_heads) {
        col.draw(cv, text, hb, SMALL, CREAM, head);
    }
    for (i, row) in p.rows[..plan.rows].iter().enumerate() {
        let y = top + HEAD_H + i as f32 * ROW_H;
        let last = i + 1 == plan.rows;
        let radius = if last { 10.0 } else { 0.0 };
        if row.me {
            cv.fill_rrect(INSET, y, inner, ROW_H, radius, HIGHLIGHT, 1.0);
            cv.fill_rrect(
                INSET + 4.0,
                y + 3.0,
                inner - 8.0,
                ROW_H - 6.0,
                7.0,
                HIGHLIGHT.mix(PANEL, 0.55),
                1.0,
            );
        } else if i % 2 == 1 {
            cv.fill_rrect(INSET, y, inner, ROW_H, radius, PANEL, 1.0);
        }
        let base = centred_base(y + ROW_H / 2.0, BODY);
        let cx = plan.place.x + plan.place.w / 2.0;
        if (1..=3).contains(&row.place) {
            medal(cv, text, cx, y + ROW_H / 2.0, 18.0, row.place, SMALL);
        } else {
            plan.place
                .draw(cv, text, base, BODY, INK_SOFT, &row.place.to_string());
        }
        plan.name.draw(cv, text, base, BODY, INK, &row.name);
        plan.points.draw(cv, text, base, BODY, INK, &row.score);
        plan.record
            .draw(cv, text, base, BODY, INK_SOFT, &row.record);
        for (col, v) in plan.tiebreaks.iter().zip(&row.tiebreaks) {
            col.draw(cv, text, base, BODY, INK_SOFT, v);
        }
    }
    let bottom = top + HEAD_H + plan.rows as f32 * ROW_H;
    // A rule under the last row.
    cv.line(
        (INSET + 8.0, bottom + 1.0),
        (INSET + inner - 8.0, bottom + 1.0),
        2.0,
        PAPER_EDGE,
        1.0,
    );
    if plan.more > 0 {
        let s = say(lang, "picture-event-more", &[("n", plan.more.into())]);
        let s = fit(text, &s, SUB, inner);
        text.draw_center(cv, INSET + inner / 2.0, bottom + 44.0, SUB, INK_SOFT, &s);
    }
}
