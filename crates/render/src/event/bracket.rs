//! The bracket, drawn like a printed one: rounds as columns left to right, each match a box of
//! two names, lines from each match to the one its winner goes to. A double elimination has
//! its upper bracket above its lower one, the grand final (and its reset below it) to the
//! right of both. Winners on a gold band in ink, losers greyed, the lines their winners walked
//! in ink; a match being played has a red edge and a "live" tag; the champion, once known, on
//! a gold banner at the top.

use super::matchbox::*;
use super::*;
use crate::Lang;
use std::collections::BTreeMap;
use yut_text::say;

/// The part of a bracket a match belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BracketSide {
    /// The winners' bracket (the whole bracket of a single elimination).
    Upper,
    /// The losers' bracket of a double elimination.
    Lower,
    /// The grand final (round 0) and its reset (round 1) of a double elimination.
    Final,
}

/// One match of a bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketMatch {
    pub side: BracketSide,
    /// 0-based within its side.
    pub round: u32,
    /// 0-based position in its round, top to bottom: in a round of half as many matches as
    /// the one before, match `s` takes the winners of `2s` and `2s + 1`; in a round of as
    /// many, the winner of `s`.
    pub slot: u32,
    /// `None`: to be decided. A bye is the caller's text ("bye").
    pub names: [Option<String>; 2],
    /// 0 or 1.
    pub winner: Option<usize>,
    /// E.g. "2-1", `names[0]`'s first: drawn beside each name when it splits on '-', '–' or
    /// ':', else whole at the box's right.
    pub score: Option<String>,
    /// Being played now.
    pub live: bool,
}

/// A bracket to draw.
#[derive(Debug, Clone, Copy)]
pub struct BracketPicture<'a> {
    pub title: &'a str,
    pub subtitle: &'a str,
    /// In any order. The champion is the winner of the last final decided (of the Upper
    /// side's last round when there is no Final side), unless a later final has both names
    /// and no winner yet (a reset being played).
    pub matches: &'a [BracketMatch],
}

/// Between columns (the lines run there) and between the first round's boxes.
const GAP_X: f32 = 44.0;
const GAP_Y: f32 = 20.0;
const PITCH: f32 = BOX_H + GAP_Y;
const COL_W: f32 = BOX_W + GAP_X;
/// The row of the columns' heads above the boxes, and a section's label above that.
const HEADS_H: f32 = 48.0;
const LABEL_H: f32 = 54.0;
/// The champion's banner.
const BANNER_H: f32 = 76.0;
/// Bounds on what is drawn of odd input.
const MAX_COLS: u32 = 12;
const MAX_SLOTS: u32 = 64;

/// The matches of one side, as columns.
struct Section {
    r0: u32,
    /// Matches in each column.
    n: Vec<usize>,
    /// Each slot's box centre, from the section's top.
    ys: Vec<Vec<f32>>,
    height: f32,
    /// Where its boxes start.
    top: f32,
}

impl Section {
    fn build(matches: &[BracketMatch], side: BracketSide) -> Option<Section> {
        let r0 = matches
            .iter()
            .filter(|m| m.side == side)
            .map(|m| m.round)
            .min()?;
        let mut seen = vec![0usize; 0];
        for m in matches.iter().filter(|m| m.side == side) {
            let c = (m.round - r0) as usize;
            if m.round - r0 >= MAX_COLS || m.slot >= MAX_SLOTS {
                continue;
            }
            if seen.len() <= c {
                seen.resize(c + 1, 0);
            }
            seen[c] = seen[c].max(m.slot as usize + 1);
        }
        if seen.is_empty() {
            return None;
        }
        let mut n: Vec<usize> = seen.iter().map(|&k| k.max(1)).collect();
        if side == BracketSide::Upper {
            // Each round halves: a round of byes left out still takes its room.
            for c in (0..n.len().saturating_sub(1)).rev() {
                n[c] = n[c].max(2 * n[c + 1]).min(MAX_SLOTS as usize);
            }
        }
        let most = n.iter().copied().max().unwrap_or(1) as f32;
        let even = |s: usize, k: usize| (s as f32 + 0.5) * most * PITCH / k as f32 - GAP_Y / 2.0;
        let mut ys: Vec<Vec<f32>> = Vec::with_capacity(n.len());
        for (c, &k) in n.iter().enumerate() {
            let col = match ys.last() {
                Some(prev) if k <= n[c - 1] => (0..k)
                    .map(|s| {
                        let fed: Vec<f32> = feeders(n[c - 1], k, s).map(|j| prev[j]).collect();
                        fed.iter().sum::<f32>() / fed.len().max(1) as f32
                    })
                    .collect(),
                _ => (0..k).map(|s| even(s, k)).collect(),
            };
            ys.push(col);
        }
        Some(Section {
            r0,
            n,
            ys,
            height: most * PITCH - GAP_Y,
            top: 0.0,
        })
    }

    fn cols(&self) -> usize {
        self.n.len()
    }

    /// The column and slot of a match of this side, if drawn.
    fn place(&self, m: &BracketMatch) -> Option<(usize, usize)> {
        let c = m.round.checked_sub(self.r0)? as usize;
        let s = m.slot as usize;
        (c < self.n.len() && s < self.n[c]).then_some((c, s))
    }

    fn y(&self, c: usize, s: usize) -> f32 {
        self.top + self.ys[c][s]
    }
}

/// The slots of a round of `from` matches whose winners go to slot `s` of the next round of
/// `to` (as many: the same slot; half as many: two).
fn feeders(from: usize, to: usize, s: usize) -> impl Iterator<Item = usize> {
    (0..from).filter(move |&j| to <= from && j * to / from == s)
}

/// Where everything goes.
struct Plan {
    w: f32,
    h: f32,
    grid_x: f32,
    upper: Option<Section>,
    lower: Option<Section>,
    /// The grand final's column's left, its centre and the reset's.
    finals: Option<(f32, f32, f32)>,
    /// Label the sections (a double elimination).
    labelled: bool,
    /// The champion's banner: its box and the name.
    banner: Option<(f32, f32, f32, String)>,
    score_w: f32,
}

impl Plan {
    fn col_x(&self, c: usize) -> f32 {
        self.grid_x + c as f32 * COL_W
    }
}

fn champion(p: &BracketPicture, upper: Option<&Section>) -> Option<String> {
    let mut finals = finals_of(p);
    if finals.is_empty() {
        let up = upper?;
        let last = up.cols() - 1;
        if up.n[last] != 1 {
            return None;
        }
        finals = p
            .matches
            .iter()
            .filter(|m| m.side == BracketSide::Upper && up.place(m) == Some((last, 0)))
            .collect();
    }
    let mut champ = None;
    for m in finals {
        match m.winner {
            Some(w) if w < 2 => champ = m.names[w].clone(),
            _ if m.names.iter().all(Option::is_some) => champ = None,
            _ => {}
        }
    }
    champ
}

fn plan(text: &Text, p: &BracketPicture, words: &Words) -> Plan {
    let mut upper = Section::build(p.matches, BracketSide::Upper);
    let mut lower = Section::build(p.matches, BracketSide::Lower);
    let has_final = p.matches.iter().any(|m| m.side == BracketSide::Final);
    let labelled = lower.is_some() || has_final;
    let main_cols = upper
        .as_ref()
        .map_or(0, Section::cols)
        .max(lower.as_ref().map_or(0, Section::cols));
    let cols = main_cols + has_final as usize;
    let grid_w = (cols as f32 * COL_W - GAP_X).max(0.0);
    let inner = (W_MIN - 2.0 * INSET).max(grid_w);
    let w = inner + 2.0 * INSET;
    let grid_x = INSET + ((inner - grid_w) / 2.0).round();
    // The champion's banner: at the right of the title when both fit, else under it.
    let mut y = INSET + 110.0;
    let banner = champion(p, upper.as_ref()).map(|name| {
        let name = fit(text, &name, BODY, 420.0);
        let bw = (86.0
            + text
                .measure(&name, BODY)
                .max(text.measure(&words.winner, SMALL))
            + 24.0)
            .ceil();
        let beside = text
            .measure(p.title, TITLE)
            .max(text.measure(p.subtitle, SUB))
            + 32.0
            + bw;
        if beside <= inner {
            (INSET + inner - bw, INSET + 4.0, bw, name)
        } else {
            let at = (INSET, y, bw, name);
            y += BANNER_H + 20.0;
            at
        }
    });
    let mut bottom = y;
    if let Some(up) = upper.as_mut() {
        y += if labelled { LABEL_H } else { 0.0 } + HEADS_H;
        up.top = y;
        y += up.height;
        bottom = y;
    }
    if let Some(lo) = lower.as_mut() {
        y += if upper.is_some() { 40.0 } else { 0.0 } + LABEL_H + HEADS_H;
        lo.top = y;
        y += lo.height;
        bottom = y;
    }
    let finals = has_final.then(|| {
        let last = |s: &Option<Section>| s.as_ref().map(|s| s.y(s.cols() - 1, 0));
        let ends: Vec<f32> = [last(&upper), last(&lower)].into_iter().flatten().collect();
        let gy = if ends.is_empty() {
            y + HEADS_H + BOX_H / 2.0
        } else {
            (ends.iter().sum::<f32>() / ends.len() as f32).round()
        };
        let ry = gy + BOX_H + 60.0;
        let reset = finals_of(p).len() > 1;
        let end = if reset { ry } else { gy } + BOX_H / 2.0;
        bottom = bottom.max(end);
        (grid_x + main_cols as f32 * COL_W, gy, ry)
    });
    let score_w = score_width(text, p.matches);
    Plan {
        w: w.round(),
        h: (bottom + INSET).round(),
        grid_x,
        upper,
        lower,
        finals,
        labelled,
        banner,
        score_w,
    }
}

/// The bracket as an indexed PNG: at least 800 px wide, 264 px a column (a round; the grand
/// final's), 96 px a match of the largest round.
pub fn bracket_png(p: &BracketPicture, lang: Lang) -> Vec<u8> {
    let (pal, text) = kit();
    let words = Words::of(lang);
    let plan = plan(text, p, &words);
    let mut pm = sheet(plan.w as i32, plan.h as i32);
    if let Some((bx, by, bw, _)) = &plan.banner {
        let b = crate::paint::rrect(*bx, *by, *bw, BANNER_H, 18.0);
        fill(&mut pm, &b, HIGHLIGHT.mix(PAPER, 0.55), 1.0);
        stroke(&mut pm, &b, HIGHLIGHT, 4.0);
        trophy(&mut pm, bx + 40.0, by + BANNER_H - 10.0, 0.78);
    }
    finish(&pm, pal, |cv| draw(cv, text, p, lang, &words, &plan))
}

/// The texts the bracket picture draws, in order, and its size (for tests).
#[cfg(test)]
pub(super) fn bracket_words(p: &BracketPicture, lang: Lang) -> (Vec<String>, (f32, f32)) {
    let (pal, text) = kit();
    let words = Words::of(lang);
    let plan = plan(text, p, &words);
    let mut cv = Canvas::recording_words(plan.w as i32, plan.h as i32, pal);
    draw(&mut cv, text, p, lang, &words, &plan);
    (cv.words().to_vec(), (plan.w, plan.h))
}

/// A segment of the lines between matches: walked (a winner went along it) or not yet.
type Seg = ((f32, f32), (f32, f32), bool);

/// The lines from `from` (right edges and centres, decided or not) to the box at (`x`, `y`).
fn link(from: &[(f32, f32, bool)], x: f32, y: f32, out: &mut Vec<Seg>) {
    let xm = x - GAP_X / 2.0;
    if let [(fx, fy, walked)] = from {
        if (fy - y).abs() < 0.5 {
            out.push(((*fx, y), (x, y), *walked));
            return;
        }
    }
    for &(fx, fy, walked) in from {
        out.push(((fx, fy), (xm, fy), walked));
        out.push(((xm, fy), (xm, y), walked));
    }
    if !from.is_empty() {
        out.push(((xm, y), (x, y), from.iter().any(|f| f.2)));
    }
}

fn draw(cv: &mut Canvas, text: &Text, p: &BracketPicture, lang: Lang, words: &Words, plan: &Plan) {
    let inner = plan.w - 2.0 * INSET;
    let head_w = match &plan.banner {
        Some((bx, by, _, _)) if *by < INSET + 60.0 => bx - INSET - 32.0,
        _ => inner,
    };
    heading(cv, text, INSET, INSET, head_w, false, p.title, p.subtitle);
    if let Some((bx, by, _, name)) = &plan.banner {
        text.draw(cv, bx + 82.0, by + 30.0, SMALL, INK_SOFT, &words.winner);
        text.draw(cv, bx + 82.0, by + 63.0, BODY, INK, name);
    }
    // Each side's matches by column and slot (the first of any duplicates).
    let mut at: BTreeMap<(BracketSide, usize, usize), &BracketMatch> = BTreeMap::new();
    let sections = [
        (BracketSide::Upper, plan.upper.as_ref()),
        (BracketSide::Lower, plan.lower.as_ref()),
    ];
    for (side, sec) in sections {
        let Some(sec) = sec else { continue };
        for m in p.matches.iter().filter(|m| m.side == side) {
            if let Some((c, s)) = sec.place(m) {
                at.entry((side, c, s)).or_insert(m);
            }
        }
    }
    let finals = finals_of(p);
    let mut segs: Vec<Seg> = vec![];
    for (side, sec) in sections {
        let Some(sec) = sec else { continue };
        // The section's label and the columns' heads.
        let mut y = sec.top - HEADS_H;
        if plan.labelled {
            y -= LABEL_H;
            let key = match side {
                BracketSide::Lower => "picture-event-lower",
                _ => "picture-event-upper",
            };
            let label = say(lang, key, &[]);
            let lw = text.measure(&label, BODY) + 28.0;
            cv.fill_rrect(plan.grid_x, y, lw, 42.0, 12.0, WOOD_DARK, 1.0);
            text.draw(cv, plan.grid_x + 14.0, y + 31.0, BODY, CREAM, &label);
            y += LABEL_H;
        }
        for c in 0..sec.cols() {
            let head = if plan.labelled {
                let n = sec.r0 + c as u32 + 1;
                say(lang, "picture-event-round", &[("n", n.into())])
            } else {
                let players = 2 * sec.n[c] as u32;
                say(
                    lang,
                    "picture-event-round-of",
                    &[("players", players.into())],
                )
            };
            let head = fit(text, &head, SMALL, COL_W - 12.0);
            let cx = plan.col_x(c) + BOX_W / 2.0;
            text.draw_center(cv, cx, y + 24.0, SMALL, INK_SOFT, &head);
        }
        // The lines from each round to the next.
        for c in 1..sec.cols() {
            for s in 0..sec.n[c] {
                if !at.contains_key(&(side, c, s)) {
                    continue;
                }
                let from: Vec<(f32, f32, bool)> = feeders(sec.n[c - 1], sec.n[c], s)
                    .filter_map(|j| at.get(&(side, c - 1, j)).map(|m| (j, m)))
                    .map(|(j, m)| {
                        let x = plan.col_x(c - 1) + BOX_W;
                        (x, sec.y(c - 1, j), m.winner.is_some())
                    })
                    .collect();
                link(&from, plan.col_x(c), sec.y(c, s), &mut segs);
            }
        }
    }
    if let (Some((fx, gy, _)), Some(_)) = (plan.finals, finals.first()) {
        // Into the grand final: the last match of each bracket.
        let from: Vec<(f32, f32, bool)> = sections
            .iter()
            .filter_map(|(side, sec)| {
                let sec = (*sec)?;
                let c = sec.cols() - 1;
                let m = at.get(&(*side, c, 0))?;
                Some((plan.col_x(c) + BOX_W, sec.y(c, 0), m.winner.is_some()))
            })
            .collect();
        link(&from, fx, gy, &mut segs);
    }
    for walked in [false, true] {
        for &(a, b, w) in segs.iter().filter(|s| s.2 == walked) {
            let (width, c) = if w { (3.0, INK) } else { (2.0, GREY) };
            cv.line(snap(a, width), snap(b, width), width, c, 1.0);
        }
    }
    for (&(side, c, s), m) in &at {
        let sec = match side {
            BracketSide::Lower => plan.lower.as_ref(),
            _ => plan.upper.as_ref(),
        };
        if let Some(sec) = sec {
            draw_match(cv, text, m, plan.col_x(c), sec.y(c, s), plan.score_w, words);
        }
    }
    if let Some((fx, gy, ry)) = plan.finals {
        for (i, m) in finals.into_iter().enumerate() {
            let (y, key) = if i == 0 {
                (gy, "picture-event-grand-final")
            } else {
                (ry, "picture-event-grand-final-reset")
            };
            let head = fit(text, &say(lang, key, &[]), SMALL, COL_W - 12.0);
            let hy = y - BOX_H / 2.0 - 24.0;
            text.draw_center(cv, fx + BOX_W / 2.0, hy, SMALL, INK_SOFT, &head);
            draw_match(cv, text, m, fx, y, plan.score_w, words);
        }
    }
}

/// The grand final and its reset (the first two rounds of the Final side; the first match of
/// each).
fn finals_of<'a>(p: &BracketPicture<'a>) -> Vec<&'a BracketMatch> {
    let mut finals: Vec<&BracketMatch> = p
        .matches
        .iter()
        .filter(|m| m.side == BracketSide::Final)
        .collect();
    finals.sort_by_key(|m| (m.round, m.slot));
    finals.dedup_by_key(|m| m.round);
    finals.truncate(2);
    finals
}

/// A point on the pixel grid for a line of `width` (odd widths on pixel centres): crisp.
fn snap((x, y): (f32, f32), width: f32) -> (f32, f32) {
    let odd = (width.round() as i32) % 2 == 1;
    let s = |v: f32| {
        if odd {
            (v - 0.5).round() + 0.5
        } else {
            v.round()
        }
    };
    (s(x), s(y))
}
