//! Drawing the parts around the board and on it: the side panels, pieces, a move's path,
//! the destination marks, the footer with the throw pool, and the result.

use super::*;

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
            cv.blit_center(&self.icon[side as usize % 4], xf + 34.0, yf + 38.0);
            let info = frame.players.get(seat as usize);
            let name = self.text.fit(&frame.name(seat), 23, 180.0);
            self.text.draw(cv, xf + 64.0, yf + 33.0, 23, INK, &name);
            // Second line: rank or turn, team, bot level, away.
            let mut pen = xf + 64.0;
            let base = yf + 60.0;
            let pill = |cv: &mut Canvas, pen: &mut f32, s: &str, bg: Rgb, fg: Rgb| {
                let w = self.text.measure(s, 15) + 14.0;
                cv.fill_rrect(*pen, base - 16.0, w, 22.0, 11.0, bg, 1.0);
                self.text.draw(cv, *pen + 7.0, base, 15, fg, s);
                *pen += w + 6.0;
            };
            if let Some(o) = over {
                if let Some(i) = o.ranking.iter().position(|s| *s == side) {
                    let (bg, fg) = if i == 0 {
                        (HIGHLIGHT, INK)
                    } else {
                        (INK_SOFT, CREAM)
                    };
                    pill(cv, &mut pen, &ordinal(i + 1, lang), bg, fg);
                }
            } else if active {
                let key = match game.phase() {
                    Phase::Throw => "picture-turn-throw",
                    _ => "picture-turn-move",
                };
                pill(cv, &mut pen, &say(lang, key, &[]), HIGHLIGHT, INK);
            }
            let mut parts: Vec<String> = vec![];
            if game.teams() {
                let team = SIDE_LETTER[side as usize % 4];
                parts.push(say(lang, "picture-team", &[("team", team.into())]));
            }
            if let Some(level) = info.and_then(|i| i.bot) {
                parts.push(format!("🤖 {}", level.label(lang)));
            }
            let right = xf + PANEL_W as f32 - 150.0;
            if info.is_some_and(|i| i.away) {
                pill(cv, &mut pen, &say(lang, "picture-away", &[]), AWAY, WHITE);
            }
            if !parts.is_empty() && right - pen > 20.0 {
                let s = self.text.fit(&parts.join(" · "), 15, right - pen - 2.0);
                self.text.draw(cv, pen + 2.0, base, 15, INK_SOFT, &s);
            }
            // Right: waiting and home pieces (their labels are in the background).
            let rx = xf + PANEL_W as f32 - 104.0;
            let waiting = game.waiting(side);
            let home = game.home(side);
            for i in 0..per_side {
                let cx = rx + 10.0 + i as f32 * 22.0;
                if i < waiting {
                    cv.blit_center(&self.mini[side as usize % 4], cx, yf + 25.0);
                } else {
                    cv.circle(cx, yf + 25.0, 3.0, None, INK_SOFT, 0.5);
                }
                if i < home {
                    cv.blit_center(&self.mini[side as usize % 4], cx, yf + 55.0);
                } else {
                    cv.circle(cx, yf + 55.0, 3.0, None, INK_SOFT, 0.5);
                }
            }
        }
    }

    pub(super) fn pieces(&self, cv: &mut Canvas, game: &Game, rows: i32) {
        // Units by point, in arrival order. Several units on one point (stacking off, or a
        // piece that chose not to join) are fanned out side by side so they do not read as
        // one stack; a stack keeps its ×n badge.
        let mut at: BTreeMap<Point, Vec<(Side, u8)>> = BTreeMap::new();
        for u in game.units() {
            at.entry(u.point()).or_default().push((u.side, u.count));
        }
        for (p, units) in at {
            let (x0, y) = point_xy(p, rows);
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
                    cv.blit_center(b, x + 24.0, y - 24.0);
                } else {
                    cv.blit_center(&self.piece[s], x, y);
                }
            }
        }
    }

    pub(super) fn path(&self, cv: &mut Canvas, rows: i32, last: &LastMove) {
        let mut pts = vec![point_xy(last.from.unwrap_or(0), rows)];
        pts.extend(last.path.iter().map(|p| point_xy(*p, rows)));
        if last.to == Dest::Home {
            pts.push(home_xy(rows));
        }
        let c = SIDE[last.side as usize % 4];
        for w in pts.windows(2) {
            cv.line(w[0], w[1], 10.0, c, 0.55);
        }
        for (i, p) in pts.iter().enumerate() {
            if i + 1 < pts.len() {
                cv.circle(p.0, p.1, 7.0, None, c, 0.9);
            }
        }
        if let Some(s) = pts.first() {
            cv.circle(s.0, s.1, 11.0, Some(3.0), c, 1.0);
        }
    }

    pub(super) fn marks(&self, cv: &mut Canvas, rows: i32, last: &LastMove, lang: Lang) {
        for (p, side, count) in &last.captured {
            let (x, y) = point_xy(*p, rows);
            cv.circle(x, y, 37.0, Some(5.0), CAPTURE, 1.0);
            let s = say(lang, "picture-captured", &[("count", (*count).into())]);
            // The pill ends with the captured side's piece.
            let (px, w) = self.pill_center(cv, x, y + 52.0, &s, CAPTURE, WHITE, 24.0);
            cv.blit_center(&self.mini[*side as usize % 4], px + w - 17.0, y + 52.0);
        }
        if last.finished > 0 {
            let (x, y) = home_xy(rows);
            let s = say(lang, "picture-finished", &[("count", last.finished.into())]);
            self.pill_center(cv, x - 88.0, y + 24.0, &s, FINISH, WHITE, 0.0);
        }
    }

    /// A pill centred on (x, y) with `extra` room at its right end; returns its left and width.
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
        let w = self.text.measure(s, 17) + 16.0 + extra;
        let x = (x - w / 2.0).clamp(4.0, W as f32 - w - 4.0);
        cv.fill_rrect(x, y - 13.0, w, 26.0, 13.0, bg, 1.0);
        self.text.draw(cv, x + 8.0, y + 6.0, 17, fg, s);
        (x, w)
    }

    pub(super) fn footer(&self, cv: &mut Canvas, game: &Game, frame: &Frame, rows: i32) {
        let lang = frame.lang;
        let y0 = (header(rows) + BOARD) as f32;
        let name = frame.name(game.turn());
        let status = match (game.phase(), frame.selected) {
            (Phase::Over, _) => say(lang, "picture-status-over", &[]),
            (Phase::Throw, _) => say(lang, "picture-status-throw", &[("name", name.into())]),
            (Phase::Spend, Some(c)) => say(
                lang,
                "picture-status-move",
                &[
                    ("name", name.into()),
                    ("chip", c.korean().into()),
                    ("steps", chip_steps(c).into()),
                ],
            ),
            (Phase::Spend, None) => say(lang, "picture-status-spend", &[("name", name.into())]),
        };
        let status = self.text.fit(&status, 22, 520.0);
        self.text.draw(cv, 26.0, y0 + 38.0, 22, CREAM, &status);
        // The pool.
        let pool = game.pool();
        // One chip per result while seven fit; else runs of the same result as one chip with
        // a count; else one chip per kind (house rules with sticks that nearly always land
        // flat make pools of dozens of 윷).
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
        let n = items.len().max(1) as f32;
        let cw = (500.0 / n - 8.0).min(82.0);
        let top = y0 + 54.0;
        if pool.is_empty() && game.phase() != Phase::Over {
            let s = say(lang, "picture-pool-empty", &[]);
            self.text.draw(cv, 28.0, top + 50.0, 18, PAPER_EDGE, &s);
        }
        let mut marked = false;
        for (i, &(chip, count)) in items.iter().enumerate() {
            let x = 24.0 + i as f32 * (cw + 8.0);
            let sel = !marked && frame.selected == Some(chip);
            marked |= sel;
            if sel {
                cv.fill_rrect(x - 3.0, top - 3.0, cw + 6.0, 92.0, 14.0, INK, 1.0);
                cv.fill_rrect(x, top, cw, 86.0, 12.0, HIGHLIGHT, 1.0);
            } else {
                cv.fill_rrect(x, top, cw, 86.0, 12.0, CREAM, 1.0);
            }
            let big = if chip.korean().chars().count() > 1 {
                26
            } else {
                36
            };
            let big = if cw < 60.0 { big * 2 / 3 } else { big };
            self.text
                .draw_center(cv, x + cw / 2.0, top + 44.0, big, INK, chip.korean());
            let mut small = chip_small(chip, lang);
            if count > 1 {
                small = format!("{} ×{count}", chip_steps(chip));
            }
            if self.text.measure(&small, 16) > cw - 6.0 {
                small = if count > 1 {
                    format!("×{count}")
                } else {
                    chip_steps(chip)
                };
            }
            self.text
                .draw_center(cv, x + cw / 2.0, top + 74.0, 16, INK_SOFT, &small);
        }
        // The last throw: four sticks, stick 0 carries the 빽도 mark.
        if let Some(toss) = game.last_toss() {
            let sx = 548.0;
            for (i, &flat) in toss.flat.iter().enumerate() {
                let x = sx + i as f32 * 32.0;
                let (fill, edge) = if flat {
                    (STICK_FLAT, INK)
                } else {
                    (STICK_ROUND, INK)
                };
                let alpha = if toss.nak { 0.45 } else { 1.0 };
                cv.fill_rrect(x - 2.0, top - 6.0, 26.0, 100.0, 10.0, edge, alpha);
                cv.fill_rrect(x, top - 4.0, 22.0, 96.0, 8.0, fill, alpha);
                if flat {
                    for k in 0..3 {
                        let cy = top + 14.0 + k as f32 * 30.0;
                        cv.line(
                            (x + 6.0, cy - 5.0),
                            (x + 16.0, cy + 5.0),
                            2.5,
                            INK_SOFT,
                            1.0,
                        );
                        cv.line(
                            (x + 16.0, cy - 5.0),
                            (x + 6.0, cy + 5.0),
                            2.5,
                            INK_SOFT,
                            1.0,
                        );
                    }
                    if i == yut_game::throw::MARKED_STICK && game.rules().backdo {
                        cv.circle(x + 11.0, top + 44.0, 7.0, None, CAPTURE, 1.0);
                    }
                } else {
                    cv.line((x + 7.0, top + 6.0), (x + 7.0, top + 80.0), 2.0, WOOD, 0.6);
                }
            }
            let chip = toss.chip(game.rules());
            let rx = sx + 4.0 * 32.0 + 40.0;
            match chip {
                Some(c) => {
                    self.text
                        .draw_center(cv, rx, top + 46.0, 40, CREAM, c.korean());
                    let s = chip_small(c, lang);
                    self.text.draw_center(cv, rx, top + 76.0, 17, CREAM, &s);
                }
                None => {
                    self.text.draw_center(cv, rx, top + 46.0, 36, CREAM, "낙");
                    let s = say(lang, "picture-toss-void", &[]);
                    self.text.draw_center(cv, rx, top + 76.0, 17, CREAM, &s);
                }
            }
        }
    }

    pub(super) fn result(&self, cv: &mut Canvas, game: &Game, frame: &Frame, rows: i32) {
        let Some(o) = game.outcome() else { return };
        let lang = frame.lang;
        let names = |side: Side| -> String {
            (0..game.seats())
                .filter(|s| game.side_of(*s) == side)
                .map(|s| frame.name(s))
                .collect::<Vec<_>>()
                .join(" & ")
        };
        let top = header(rows) as f32;
        let (bx, by, bw) = (130.0, top + 250.0, 540.0);
        let bh = 110.0 + 40.0 * o.ranking.len() as f32;
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
        let title = self.text.fit(&title, 36, bw - 40.0);
        self.text
            .draw_center(cv, bx + bw / 2.0, by + 62.0, 36, HIGHLIGHT, &title);
        for (i, side) in o.ranking.iter().enumerate() {
            let y = by + 110.0 + i as f32 * 40.0;
            cv.blit_center(&self.mini[*side as usize % 4], bx + 110.0, y - 8.0);
            let home = say(
                lang,
                "picture-home-count",
                &[
                    ("home", game.home(*side).into()),
                    ("pieces", game.pieces_per_side().into()),
                ],
            );
            self.text
                .draw(cv, bx + 40.0, y, 24, CREAM, &ordinal(i + 1, lang));
            let n = self.text.fit(&names(*side), 24, 250.0);
            self.text.draw(cv, bx + 130.0, y, 24, CREAM, &n);
            let hw = self.text.measure(&home, 20);
            self.text
                .draw(cv, bx + bw - 36.0 - hw, y, 20, PAPER_EDGE, &home);
        }
    }
}
