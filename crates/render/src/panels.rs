//! Drawing the parts around the board and on it: the seats' panels, pieces, a move's path,
//! the last move's marks and the destinations' numbers. Every text is drawn at [`TEXT`] px or
//! larger; every badge and pill goes where the layout finds it room, covering no label.

use super::layout::{mirrored, spots, Area, Layout};
use super::*;

/// The height of a pill (a rounded label) around a text of [`TEXT`] px.
const PILL_H: f32 = 38.0;
/// The pill of pieces gone home, under START · FINISH: a little lower than the others.
const FINISH_PILL_H: f32 = 33.0;
/// A destination's number: a pill of [`PILL_H`] with an ink edge of 2 px round it.
const TAG_H: f32 = PILL_H + 4.0;
/// A panel's second line: its pill's top and height, and the texts' baseline.
const LINE2_TOP: f32 = 42.0;
const LINE2_H: f32 = 35.0;
const LINE2_BASE: f32 = 69.0;
/// The number of a move back to waiting, at the right end of the mover's first line.
const PANEL_TAG_TOP: f32 = 3.0;
const PANEL_TAG_H: f32 = 37.0;

impl Renderer {
    /// Each seat's panel: its piece and name; then its pieces waiting and home, counted in
    /// figures as large as the labels (the side's shape, then a house), and one pill, the
    /// first that applies: the place once the game is over, the turn (grey when the seat is
    /// away), away, a bot's level. On the mover's panel, the number of a move back to waiting
    /// (`waiting_tag`) at the end of the first line.
    pub(super) fn panels(
        &self,
        cv: &mut Canvas,
        game: &Game,
        frame: &Frame,
        waiting_tag: Option<&str>,
        lay: &mut Layout,
    ) {
        let lang = frame.lang;
        let over = game.outcome();
        for seat in 0..game.seats() {
            let side = game.side_of(seat);
            let (x, y) = panel_xy(seat);
            let (xf, yf) = (x as f32, y as f32);
            let right = xf + PANEL_W as f32 - 6.0;
            let active = over.is_none() && game.turn() == seat;
            if active {
                cv.blit(&self.active, x, y);
            }
            cv.blit_center(&self.icon[side as usize % 4], xf + 22.0, yf + 25.0);
            let info = frame.players.get(seat as usize);
            // First line: the name, short of the tag of a move back to waiting.
            let tag = waiting_tag.filter(|_| active).map(|label| {
                let w = self.text.measure(label, TEXT).max(16.0) + 12.0;
                (
                    label,
                    Area::xywh(right - w, yf + PANEL_TAG_TOP, w, PANEL_TAG_H),
                )
            });
            let name_right = tag.map_or(right, |(_, a)| a.x0 - 6.0);
            let name = self
                .text
                .fit(&frame.name(seat), TEXT, name_right - xf - 42.0);
            self.text.draw(cv, xf + 42.0, yf + 35.0, TEXT, INK, &name);
            lay.label(
                name.clone(),
                self.text.area(&name, TEXT, xf + 42.0, yf + 35.0),
            );
            // Second line, left: the pieces waiting (after the side's shape) and home (after
            // a house), in figures; measured first, drawn after the pill. Once the game is
            // over the result's banner says every side's pieces home, and the panels only
            // their places.
            let counts = over.is_none().then(|| {
                let waiting = game.waiting(side).to_string();
                let home = game.home(side).to_string();
                let wx = xf + 33.0;
                let hx = wx + self.text.measure(&waiting, TEXT) + 38.0;
                (waiting, wx, home, hx)
            });
            let counts_end = counts.as_ref().map_or(xf + 8.0, |(_, _, home, hx)| {
                hx + self.text.measure(home, TEXT)
            });
            // Second line, right: one pill.
            let pill: Option<(String, PillStyle)> = if let Some(o) = over {
                o.ranking.iter().position(|s| *s == side).map(|i| {
                    let style = if i == 0 { PILL_FIRST } else { PILL_PLACE };
                    (ordinal(i + 1, lang), style)
                })
            } else if active {
                let key = match game.phase() {
                    Phase::Throw => "picture-turn-throw",
                    _ => "picture-turn-move",
                };
                let away = info.is_some_and(|i| i.away);
                let style = if away { PILL_AWAY } else { PILL_TURN };
                Some((say(lang, key, &[]), style))
            } else if info.is_some_and(|i| i.away) {
                Some((say(lang, "picture-away", &[]), PILL_AWAY))
            } else {
                info.and_then(|i| i.bot)
                    .map(|level| (level.label(lang), PILL_LEVEL))
            };
            if let Some((s, style)) = pill {
                let s = self.text.fit(&s, TEXT, right - counts_end - 8.0 - 16.0);
                let w = self.text.measure(&s, TEXT) + 16.0;
                let area = Area::xywh(right - w, yf + LINE2_TOP, w, LINE2_H);
                cv.fill_rrect(area.x0, area.y0, w, LINE2_H, 17.0, style.bg, 1.0);
                self.text
                    .draw(cv, area.x0 + 8.0, yf + LINE2_BASE, TEXT, style.fg, &s);
                lay.label(s, area);
            }
            if let Some((waiting, wx, home, hx)) = counts {
                let base = yf + LINE2_BASE;
                cv.blit_center(&self.count_icon[side as usize % 4], xf + 18.0, yf + 58.0);
                self.text.draw(cv, wx, base, TEXT, INK, &waiting);
                let icon = Area::centred(xf + 18.0, yf + 58.0, 24.0, 24.0);
                lay.label(
                    format!("waiting {waiting}"),
                    icon.union(&self.text.area(&waiting, TEXT, wx, base)),
                );
                cv.blit_center(&self.house, hx - 17.0, yf + 58.0);
                self.text.draw(cv, hx, base, TEXT, INK, &home);
                let icon = Area::centred(hx - 17.0, yf + 58.0, 26.0, 24.0);
                lay.label(
                    format!("home {home}"),
                    icon.union(&self.text.area(&home, TEXT, hx, base)),
                );
            }
            if let Some((label, area)) = tag {
                lay.badge(label, area);
                self.tag_in(cv, area, label, 16.0);
            }
        }
    }

    /// A destination's number in its box: a highlight pill with an ink edge.
    fn tag_in(&self, cv: &mut Canvas, a: Area, label: &str, r: f32) {
        cv.fill_rrect(a.x0, a.y0, a.w(), a.h(), r + 2.0, INK, 1.0);
        cv.fill_rrect(
            a.x0 + 2.0,
            a.y0 + 2.0,
            a.w() - 4.0,
            a.h() - 4.0,
            r,
            PILL_TAG.bg,
            1.0,
        );
        let (cx, cy) = a.centre();
        self.text
            .draw_center(cv, cx, cy + 10.0, TEXT, PILL_TAG.fg, label);
    }

    /// A legal destination's number, beside its ring at (x, y), where it covers no label.
    pub(super) fn tag(&self, cv: &mut Canvas, x: f32, y: f32, label: &str, lay: &mut Layout) {
        let label = self.text.fit(label, TEXT, 150.0);
        let w = self.text.measure(&label, TEXT).max(16.0) + 20.0;
        let first = spots(x, y, w, TAG_H, &mirrored(14.0 + w / 2.0 - 2.0, -24.0));
        // Never on the point it numbers.
        let point = Area::centred(x, y, 2.0 * STATION_R, 2.0 * STATION_R);
        let a = lay.place(label.clone(), &first, Some(point));
        self.tag_in(cv, a, &label, 18.0);
    }

    pub(super) fn pieces(&self, cv: &mut Canvas, game: &Game, lay: &mut Layout) {
        // Units by point, in arrival order. Several units on one point (stacking off, or a
        // piece that chose not to join) are fanned out side by side so they do not read as
        // one stack; a stack keeps its ×n badge, beside it where it covers no label.
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
                    let (bx, by) = (
                        (x - sp.w as f32 / 2.0).round() as i32,
                        (y - top as f32 / 2.0).round() as i32,
                    );
                    cv.blit(sp, bx, by);
                    lay.mark("stack", drawn_at(sp, bx, by), false);
                    let b = &self.badge[(count.clamp(2, 4) - 2) as usize];
                    let (w, h) = (b.w as f32, b.h as f32);
                    let mut offsets = mirrored(22.0, 20.0).to_vec();
                    offsets.extend([(0.0, 40.0), (0.0, -40.0), (44.0, 0.0), (-44.0, 0.0)]);
                    let a = lay.place(format!("×{count}"), &spots(x, y, w, h, &offsets), None);
                    cv.blit(b, a.x0.round() as i32, a.y0.round() as i32);
                } else {
                    cv.blit_center(&self.piece[s], x, y);
                    lay.mark("piece", drawn_centred(&self.piece[s], x, y), false);
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

    /// The last move's marks: a red ring round each capture with a pill saying how many (and
    /// whose: it ends with their piece), a pill by home saying how many went home; each pill
    /// where it covers no label.
    pub(super) fn marks(&self, cv: &mut Canvas, last: &LastMove, lang: Lang, lay: &mut Layout) {
        for (p, side, count) in &last.captured {
            let (x, y) = point_xy(*p);
            cv.circle(x, y, 27.0, Some(4.0), CAPTURE, 1.0);
            lay.mark("capture ring", Area::centred(x, y, 58.0, 58.0), true);
            let s = say(lang, "picture-captured", &[("count", (*count).into())]);
            // The pill ends with the captured side's piece.
            let w = self.text.measure(&s, TEXT) + 16.0 + 22.0;
            let offsets = [
                (0.0, 48.0),
                (0.0, -48.0),
                (w / 2.0 + 33.0, 0.0),
                (-w / 2.0 - 33.0, 0.0),
            ];
            let ring = Area::centred(x, y, 58.0, 58.0);
            let a = lay.place(s.clone(), &spots(x, y, w, PILL_H, &offsets), Some(ring));
            self.pill_in(cv, a, &s, PILL_CAPTURE);
            let (_, cy) = a.centre();
            cv.blit_center(&self.mini[*side as usize % 4], a.x1 - 16.0, cy);
        }
        if last.finished > 0 {
            let (x, y) = home_xy();
            let s = say(lang, "picture-finished", &[("count", last.finished.into())]);
            let w = self.text.measure(&s, TEXT) + 16.0;
            // Below START · FINISH, left of home (a little lower than a pill's height, on the
            // paper's edge); else near it, clear of 참먹이.
            let offsets = [(-25.0 - w / 2.0, 34.0)];
            let cham = point_xy(0);
            let cham = Area::centred(cham.0, cham.1, 2.0 * STATION_R, 2.0 * STATION_R);
            let h = FINISH_PILL_H;
            let a = lay.place(s.clone(), &spots(x, y, w, h, &offsets), Some(cham));
            self.pill_in(cv, a, &s, PILL_FINISH);
        }
    }

    /// A pill filling `a`, its text from the left.
    fn pill_in(&self, cv: &mut Canvas, a: Area, s: &str, style: PillStyle) {
        cv.fill_rrect(a.x0, a.y0, a.w(), a.h(), 18.0, style.bg, 1.0);
        let (_, cy) = a.centre();
        self.text.draw(cv, a.x0 + 8.0, cy + 10.0, TEXT, style.fg, s);
    }
}
