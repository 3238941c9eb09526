//! A match's box in the bracket: two names (the winner's on a gold band, the loser's greyed,
//! "TBD" for a place not decided), each with its score, a red edge and tag while it is played.

use super::*;
use crate::Lang;
use yut_text::say;

/// A match's box, and each of its two lines.
pub(super) const BOX_W: f32 = 220.0;
pub(super) const LINE_H: f32 = 38.0;
pub(super) const BOX_H: f32 = 2.0 * LINE_H;
pub(super) const NAME: u16 = 26;
pub(super) const TAG: u16 = 20;

/// The texts the picture writes.
pub(super) struct Words {
    pub tbd: String,
    pub live: String,
    pub winner: String,
}

impl Words {
    pub(super) fn of(lang: Lang) -> Words {
        Words {
            tbd: say(lang, "picture-event-tbd", &[]),
            live: say(lang, "picture-event-live", &[]),
            winner: say(lang, "picture-event-winner", &[]),
        }
    }
}

/// A score's two sides ("2-1": "2" and "1"), when it has two short ones.
fn score_parts(s: &str) -> Option<[&str; 2]> {
    ['-', '–', ':'].iter().find_map(|&sep| {
        let (a, b) = s.split_once(sep)?;
        let (a, b) = (a.trim(), b.trim());
        let short = |x: &str| !x.is_empty() && x.chars().count() <= 4 && !x.contains(sep);
        (short(a) && short(b)).then_some([a, b])
    })
}

/// The room kept at each box's right for the scores: the widest score of all (none when no
/// match has one).
pub(super) fn score_width(text: &Text, matches: &[BracketMatch]) -> f32 {
    matches
        .iter()
        .filter_map(|m| m.score.as_deref())
        .map(|s| match score_parts(s) {
            Some(parts) => {
                parts
                    .map(|x| text.measure(x, NAME))
                    .iter()
                    .fold(0.0, |a, &b| b.max(a))
                    + 10.0
            }
            None => text.measure(s, SMALL) + 22.0,
        })
        .fold(0.0, f32::max)
        .min(96.0)
        .ceil()
}

/// One match's box centred on `yc` from `x`.
pub(super) fn draw_match(
    cv: &mut Canvas,
    text: &Text,
    m: &BracketMatch,
    x: f32,
    yc: f32,
    score_w: f32,
    words: &Words,
) {
    let top = yc - BOX_H / 2.0;
    let (edge, ew) = if m.live {
        (CAPTURE, 3.0)
    } else {
        (INK_SOFT, 2.0)
    };
    cv.fill_rrect(x, top, BOX_W, BOX_H, 9.0, edge, 1.0);
    cv.fill_rrect(
        x + ew,
        top + ew,
        BOX_W - 2.0 * ew,
        BOX_H - 2.0 * ew,
        9.0 - ew,
        POINT_FILL,
        1.0,
    );
    let winner = m.winner.filter(|&w| w < 2);
    if let Some(w) = winner {
        let (y0, y1) = if w == 0 {
            (top + ew, top + LINE_H)
        } else {
            (top + LINE_H, top + BOX_H - ew)
        };
        let band = HIGHLIGHT.mix(POINT_FILL, 0.5);
        cv.fill_rrect(x + ew, y0, BOX_W - 2.0 * ew, y1 - y0, 9.0 - ew, band, 1.0);
    }
    cv.line(
        (x + ew, top + LINE_H + 0.5),
        (x + BOX_W - ew, top + LINE_H + 0.5),
        1.0,
        PAPER_EDGE,
        1.0,
    );
    let parts = m.score.as_deref().and_then(score_parts);
    let name_w = BOX_W - 24.0 - if score_w > 0.0 { score_w + 6.0 } else { 0.0 };
    for (i, name) in m.names.iter().enumerate() {
        let base = centred_base(top + i as f32 * LINE_H + LINE_H / 2.0, NAME);
        let lost = winner.is_some_and(|w| w != i);
        let c = if lost { GREY } else { INK };
        match name {
            Some(n) => {
                let n = fit(text, n, NAME, name_w);
                text.draw(cv, x + 12.0, base, NAME, c, &n);
            }
            None => {
                let t = fit(text, &words.tbd, NAME, name_w);
                text.draw(cv, x + 12.0, base, NAME, GREY, &t);
            }
        }
        if let Some(parts) = parts {
            let s = parts[i];
            let sw = text.measure(s, NAME);
            text.draw(cv, x + BOX_W - 12.0 - sw, base, NAME, c, s);
        }
    }
    if let (Some(s), None) = (m.score.as_deref(), parts) {
        let s = fit(text, s, SMALL, score_w - 16.0);
        let sw = text.measure(&s, SMALL) + 16.0;
        let sx = x + BOX_W - 8.0 - sw;
        cv.fill_rrect(sx, yc - 15.0, sw, 30.0, 15.0, INK_SOFT, 1.0);
        text.draw(cv, sx + 8.0, centred_base(yc, SMALL), SMALL, CREAM, &s);
    }
    if m.live {
        let t = fit(text, &words.live, TAG, BOX_W - 40.0);
        let tw = text.measure(&t, TAG) + 18.0;
        let tx = x + BOX_W - 12.0 - tw;
        cv.fill_rrect(tx, top - 16.0, tw, 24.0, 12.0, CAPTURE, 1.0);
        text.draw(cv, tx + 9.0, centred_base(top - 4.0, TAG), TAG, WHITE, &t);
    }
}
