//! The lower box of the column (the last throw with who threw it, then the results held) and
//! the result banner of a finished game.

use super::layout::Layout;
use super::*;

/// The last throw the lower box shows, with who threw it: the seat to act's own throw (once
/// the game is over, the last one). None once the turn has passed to another seat, so that
/// the next player's "▶ throw" never sits over a result that is not theirs.
pub fn shown_throw(game: &Game) -> Option<(Seat, yut_game::Toss)> {
    let toss = game.last_toss()?;
    let seat = game.last_thrower()?;
    (game.is_over() || seat == game.turn()).then_some((seat, toss))
}

impl Renderer {
    /// The lower box of the column: the last throw of the seat to act, with their piece and
    /// name, then the results held.
    pub(super) fn footer(&self, cv: &mut Canvas, game: &Game, frame: &Frame, lay: &mut Layout) {
        let lang = frame.lang;
        let (x0, y0) = (COL_X as f32, footer_top(game.seats()) as f32);
        let right = x0 + COL_W as f32 - 10.0;
        let mut top = y0 + 10.0;
        // The last throw: who threw it (their piece, then "… threw"), four sticks (stick 0
        // carries the 빽도 mark), what it counts as.
        if let Some((seat, toss)) = shown_throw(game) {
            let side = game.side_of(seat);
            if std::env::var("NOFI").is_err() {
                cv.blit_center(&self.mini[side as usize % 4], x0 + 22.0, y0 + 24.0);
            }
            let s = say(lang, "picture-threw", &[("name", frame.name(seat).into())]);
            let s = self.text.fit(&s, TEXT, right - x0 - 36.0);
            self.text.draw(cv, x0 + 36.0, y0 + 34.0, TEXT, CREAM, &s);
            lay.label(s.clone(), self.text.area(&s, TEXT, x0 + 36.0, y0 + 34.0));
            let st = y0 + 46.0;
            for (i, &flat) in toss.flat.iter().enumerate() {
                let x = x0 + 14.0 + i as f32 * 22.0;
                let fill = if flat { STICK_FLAT } else { STICK_ROUND };
                let alpha = if toss.nak { 0.45 } else { 1.0 };
                cv.fill_rrect(x - 2.0, st - 2.0, 20.0, 64.0, 8.0, INK, alpha);
                cv.fill_rrect(x, st, 16.0, 60.0, 6.0, fill, alpha);
                if flat {
                    for k in 0..2 {
                        let cy = st + 16.0 + k as f32 * 28.0;
                        cv.line(
                            (x + 4.0, cy - 4.0),
                            (x + 12.0, cy + 4.0),
                            2.0,
                            INK_SOFT,
                            1.0,
                        );
                        cv.line(
                            (x + 12.0, cy - 4.0),
                            (x + 4.0, cy + 4.0),
                            2.0,
                            INK_SOFT,
                            1.0,
                        );
                    }
                    if i == yut_game::throw::MARKED_STICK && game.rules().backdo {
                        cv.circle(x + 8.0, st + 30.0, 5.0, None, CAPTURE, 1.0);
                    }
                } else {
                    cv.line((x + 5.0, st + 5.0), (x + 5.0, st + 55.0), 2.0, WOOD, 0.6);
                }
            }
            let cx = x0 + 176.0;
            let (big, small) = match toss.chip(game.rules()) {
                Some(c) => (c.korean().to_string(), chip_small(c, lang)),
                None => ("낙".to_string(), say(lang, "picture-toss-void", &[])),
            };
            self.text
                .draw_center(cv, cx, y0 + 82.0, TEXT_BIG, HIGHLIGHT, &big);
            let small = self.text.fit(&small, TEXT, 2.0 * (right - cx));
            self.text
                .draw_center(cv, cx, y0 + 114.0, TEXT, CREAM, &small);
            for (s, size, y) in [(&big, TEXT_BIG, 82.0), (&small, TEXT, 114.0)] {
                let w = self.text.measure(s, size);
                lay.label(s.clone(), self.text.area(s, size, cx - w / 2.0, y0 + y));
            }
            top = y0 + 126.0;
        }
        self.pool(cv, game, frame, x0 + 10.0, top, right);
    }

    /// The results held, from (x, top) to `right`: one chip per result (its Korean name and
    /// its steps) while four fit; else runs of one result as one chip with a count, else one
    /// chip per kind (house rules whose sticks nearly always land flat make pools of dozens of
    /// 윷), drawn small and wrapped when more than four.
    fn pool(&self, cv: &mut Canvas, game: &Game, frame: &Frame, x: f32, top: f32, right: f32) {
        let pool = game.pool();
        if pool.is_empty() {
            if game.phase() != Phase::Over {
                let s = say(frame.lang, "picture-pool-empty", &[]);
                let s = self.text.fit(&s, TEXT, right - x - 4.0);
                self.text
                    .draw(cv, x + 2.0, top + 40.0, TEXT, PAPER_EDGE, &s);
            }
            return;
        }
        let mut items: Vec<(Chip, usize)> = pool.iter().map(|&c| (c, 1)).collect();
        if items.len() > POOL_CHIPS {
            items.clear();
            for &c in pool {
                match items.last_mut() {
                    Some((r, n)) if *r == c => *n += 1,
                    _ => items.push((c, 1)),
                }
            }
        }
        if items.len() > POOL_CHIPS {
            let mut kinds: Vec<(Chip, usize)> = Vec::new();
            for &c in pool {
                match kinds.iter_mut().find(|(r, _)| *r == c) {
                    Some((_, n)) => *n += 1,
                    None => kinds.push((c, 1)),
                }
            }
            items = kinds;
        }
        let mut marked = false;
        let mut selected = |chip: Chip| {
            let sel = !marked && frame.selected == Some(chip);
            marked |= sel;
            sel
        };
        let chip_box = |cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32, sel: bool| {
            if sel {
                cv.fill_rrect(x - 3.0, y - 3.0, w + 6.0, h + 6.0, 12.0, INK, 1.0);
                cv.fill_rrect(x, y, w, h, 10.0, HIGHLIGHT, 1.0);
            } else {
                cv.fill_rrect(x, y, w, h, 10.0, CREAM, 1.0);
            }
        };
        if items.len() <= POOL_CHIPS {
            let n = items.len() as f32;
            let cw = ((right - x - (n - 1.0) * 6.0) / n).min(62.0);
            for (i, &(chip, count)) in items.iter().enumerate() {
                let cx = x + i as f32 * (cw + 6.0);
                chip_box(cv, cx, top, cw, 74.0, selected(chip));
                let size = if chip.korean().chars().count() > 1 {
                    TEXT
                } else {
                    34
                };
                self.text
                    .draw_center(cv, cx + cw / 2.0, top + 36.0, size, INK, chip.korean());
                let small = if count > 1 {
                    format!("×{count}")
                } else {
                    chip_steps(chip)
                };
                self.text
                    .draw_center(cv, cx + cw / 2.0, top + 66.0, TEXT, INK_SOFT, &small);
            }
            return;
        }
        // Many kinds: small chips ("윷 ×3"), wrapped.
        let (mut cx, mut cy) = (x, top);
        for &(chip, count) in &items {
            let k = chip.korean();
            let c = format!("×{count}");
            let w = self.text.measure(k, TEXT)
                + if count > 1 {
                    self.text.measure(&c, TEXT) + 4.0
                } else {
                    0.0
                }
                + 14.0;
            if cx + w > right && cx > x {
                cx = x;
                cy += 42.0;
            }
            chip_box(cv, cx, cy, w, 38.0, selected(chip));
            let pen = self.text.draw(cv, cx + 7.0, cy + 29.0, TEXT, INK, k);
            if count > 1 {
                self.text
                    .draw(cv, cx + 11.0 + pen, cy + 29.0, TEXT, INK_SOFT, &c);
            }
            cx += w + 6.0;
        }
    }

    pub(super) fn result(&self, cv: &mut Canvas, game: &Game, frame: &Frame) {
        let Some(o) = game.outcome() else { return };
        let lang = frame.lang;
        let names = |side: Side| -> String {
            (0..game.seats())
                .filter(|s| game.side_of(*s) == side)
                .map(|s| frame.name(s))
                .collect::<Vec<_>>()
                .join(" & ")
        };
        let (bx, bw) = (30.0, BOARD as f32 - 60.0);
        let bh = 96.0 + 42.0 * o.ranking.len() as f32;
        let by = (BOARD as f32 - bh) / 2.0;
        cv.fill_rrect(bx, by, bw, bh, 20.0, INK, 0.9);
        cv.fill_rrect(
            bx + 6.0,
            by + 6.0,
            bw - 12.0,
            bh - 12.0,
            16.0,
            WOOD_DARK,
            0.6,
        );
        // How many seats won: one wins, a team win.
        let count = (0..game.seats())
            .filter(|s| game.side_of(*s) == o.winner)
            .count() as u32;
        let title = say(
            lang,
            "picture-winner",
            &[("names", names(o.winner).into()), ("count", count.into())],
        );
        let title = self.text.fit(&title, TEXT_BIG, bw - 40.0);
        self.text
            .draw_center(cv, bx + bw / 2.0, by + 56.0, TEXT_BIG, HIGHLIGHT, &title);
        for (i, side) in o.ranking.iter().enumerate() {
            let y = by + 104.0 + i as f32 * 42.0;
            let home = say(
                lang,
                "picture-home-count",
                &[
                    ("home", game.home(*side).into()),
                    ("pieces", game.pieces_per_side().into()),
                ],
            );
            self.text
                .draw(cv, bx + 24.0, y, TEXT, CREAM, &ordinal(i + 1, lang));
            cv.blit_center(&self.mini[*side as usize % 4], bx + 92.0, y - 10.0);
            let hw = self.text.measure(&home, TEXT);
            let n = self.text.fit(&names(*side), TEXT, bw - 150.0 - hw);
            self.text.draw(cv, bx + 108.0, y, TEXT, CREAM, &n);
            self.text
                .draw(cv, bx + bw - 24.0 - hw, y, TEXT, PAPER_EDGE, &home);
        }
    }
}
