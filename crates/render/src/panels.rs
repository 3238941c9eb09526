//! Drawing the parts around the board and on it: the seats' panels, pieces, a move's path,
//! the destination marks, the lower box with the last throw and the results held, and the
//! result. Every text is drawn at [`TEXT`] px or larger.

use super::*;

/// The height of a pill (a rounded label) around a text of [`TEXT`] px.
const PILL_H: f32 = 38.0;

impl Renderer {
    pub(super) fn panels(&self, cv: &mut Canvas, game: &Game, frame: &Frame) {
        let lang = frame.lang;
        let over = game.outcome();
        let per_side = game.pieces_per_side();
        for seat in 0..game.seats() {
            let side = game.side_of(seat);
            let (x, y) = panel_xy(seat);
            let (xf, yf) = (x as f32, y as f32);
            let active = over.is_none() && game.turn() == seat;
            if active {
                cv.blit(&self.active, x, y);
            }
            cv.blit_center(&self.icon[side as usize % 4], xf + 22.0, yf + 25.0);
            let info = frame.players.get(seat as usize);
            let name = self
                .text
                .fit(&frame.name(seat), TEXT, PANEL_W as f32 - 50.0);
            self.text.draw(cv, xf + 42.0, yf + 35.0, TEXT, INK, &name);
            // Second line, left: the side's pieces, waiting ones first, those home last
            // (on a green disc); a piece on the board is a small ring.
            let waiting = game.waiting(side);
            let home = game.home(side);
            let step = (120.0 / per_side.max(1) as f32).min(20.0);
            let ty = yf + 60.0;
            for i in 0..per_side {
                let cx = xf + 16.0 + i as f32 * step;
                if i < waiting {
                    cv.blit_center(&self.mini[side as usize % 4], cx, ty);
                } else if i >= per_side - home {
                    cv.circle(cx, ty, 9.5, None, FINISH, 1.0);
                    cv.blit_center(&self.mini[side as usize % 4], cx, ty);
                } else {
                    cv.circle(cx, ty, 3.5, None, INK_SOFT, 0.6);
                }
            }
            let tray_end = xf + 16.0 + per_side as f32 * step;
            // Second line, right: one pill, the first that applies: the place once the game
            // is over, the turn (grey when the seat is away), away, a bot's level.
            let pill: Option<(String, Rgb, Rgb)> = if let Some(o) = over {
                o.ranking.iter().position(|s| *s == side).map(|i| {
                    if i == 0 {
                        (ordinal(i + 1, lang), HIGHLIGHT, INK)
                    } else {
                        (ordinal(i + 1, lang), INK_SOFT, CREAM)
                    }
                })
            } else if active {
                let key = match game.phase() {
                    Phase::Throw => "picture-turn-throw",
                    _ => "picture-turn-move",
                };
                let away = info.is_some_and(|i| i.away);
                let (bg, fg) = if away {
                    (AWAY, WHITE)
                } else {
                    (HIGHLIGHT, INK)
                };
                Some((say(lang, key, &[]), bg, fg))
            } else if info.is_some_and(|i| i.away) {
                Some((say(lang, "picture-away", &[]), AWAY, WHITE))
            } else {
                info.and_then(|i| i.bot)
                    .map(|level| (format!("🤖 {}", level.label(lang)), PANEL, INK_SOFT))
            };
            if let Some((s, bg, fg)) = pill {
                let right = xf + PANEL_W as f32 - 6.0;
                let room = right - tray_end - 6.0 - 16.0;
                let s = self.text.fit(&s, TEXT, room.max(40.0));
                let w = self.text.measure(&s, TEXT) + 16.0;
                let px = (right - w).max(tray_end + 6.0);
                cv.fill_rrect(px, yf + 41.0, w, PILL_H - 2.0, 18.0, bg, 1.0);
                self.text.draw(cv, px + 8.0, yf + 69.0, TEXT, fg, &s);
            }
        }
    }

    pub(super) fn pieces(&self, cv: &mut Canvas, game: &Game) {
        // Units by point, in arrival order. Several units on one point (stacking off, or a
        // piece that chose not to join) are fanned out side by side so they do not read as
        // one stack; a stack keeps its ×n badge.
        let mut at: BTreeMap<Point, Vec<(Side, u8)>> = BTreeMap::new();
        for u in game.units() {
            at.entry(u.point()).or_default().push((u.side, u.count));
        }
        for (p, units) in at {
            let (x0, y) = point_xy(p);
            let n = units.len() as f32;
            for (i, (side, count)) in units.into_iter().enumerate() {
                let x = x0 + (i as f32 - (n - 1.0) / 2.0) * FAN_STEP;
                let s = side as usize % 4;
                if count > 1 {
                    let sp = &self.stack[s];
                    let top = sp.w; // the body is square; the extra height is the layer below
                    cv.blit(
                        sp,
                        (x - sp.w as f32 / 2.0).round() as i32,
                        (y - top as f32 / 2.0).round() as i32,
                    );
                    let b = &self.badge[(count.clamp(2, 4) - 2) as usize];
                    cv.blit_center(b, x + 22.0, y + 20.0);
                } else {
                    cv.blit_center(&self.piece[s], x, y);
                }
            }
        }
    }

    pub(super) fn path(&self, cv: &mut Canvas, last: &LastMove) {
        let mut pts = vec![point_xy(last.from.unwrap_or(0))];
        pts.extend(last.path.iter().map(|p| point_xy(*p)));
        if last.to == Dest::Home {
            pts.push(home_xy());
        }
        let c = SIDE[last.side as usize % 4];
        for w in pts.windows(2) {
            cv.line(w[0], w[1], 8.0, c, 0.55);
        }
        for (i, p) in pts.iter().enumerate() {
            if i + 1 < pts.len() {
                cv.circle(p.0, p.1, 5.0, None, c, 0.9);
            }
        }
        if let Some(s) = pts.first() {
            cv.circle(s.0, s.1, 8.0, Some(3.0), c, 1.0);
        }
    }

    pub(super) fn marks(&self, cv: &mut Canvas, last: &LastMove, lang: Lang) {
        for (p, side, count) in &last.captured {
            let (x, y) = point_xy(*p);
            cv.circle(x, y, 27.0, Some(4.0), CAPTURE, 1.0);
            let s = say(lang, "picture-captured", &[("count", (*count).into())]);
            // The pill ends with the captured side's piece.
            let (px, w) = self.pill_center(cv, x, y + 46.0, &s, CAPTURE, WHITE, 22.0);
            cv.blit_center(&self.mini[*side as usize % 4], px + w - 16.0, y + 46.0);
        }
        if last.finished > 0 {
            let (x, y) = home_xy();
            let s = say(lang, "picture-finished", &[("count", last.finished.into())]);
            self.pill_center(cv, x - 70.0, y + 6.0, &s, FINISH, WHITE, 0.0);
        }
    }

    /// A pill centred on (x, y) inside the board, with `extra` room at its right end; returns
    /// its left and width.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pill_center(
        &self,
        cv: &mut Canvas,
        x: f32,
        y: f32,
        s: &str,
        bg: Rgb,
        fg: Rgb,
        extra: f32,
    ) -> (f32, f32) {
        let w = self.text.measure(s, TEXT) + 16.0 + extra;
        let x = (x - w / 2.0).clamp(4.0, BOARD as f32 - w - 4.0);
        let y = y.min(BOARD as f32 - PILL_H / 2.0 - 2.0);
        cv.fill_rrect(x, y - PILL_H / 2.0, w, PILL_H, 18.0, bg, 1.0);
        self.text.draw(cv, x + 8.0, y + 10.0, TEXT, fg, s);
        (x, w)
    }

    /// The lower box of the column: the last throw with who threw it, then the results held.
    pub(super) fn footer(&self, cv: &mut Canvas, game: &Game, frame: &Frame) {
        let lang = frame.lang;
        let (x0, y0) = (COL_X as f32, footer_top(game.seats()) as f32);
        let right = x0 + COL_W as f32 - 10.0;
        let mut top = y0 + 10.0;
        // The last throw: who threw it, four sticks (stick 0 carries the 빽도 mark), what it
        // counts as.
        if let Some(toss) = game.last_toss() {
            let who = game
                .last_thrower()
                .map(|s| frame.name(s))
                .unwrap_or_default();
            let s = say(lang, "picture-threw", &[("name", who.into())]);
            let s = self.text.fit(&s, TEXT, right - x0 - 12.0);
            self.text.draw(cv, x0 + 12.0, y0 + 34.0, TEXT, CREAM, &s);
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
