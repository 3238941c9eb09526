//! The board as SVG, for the web: crisp at any size, the same look as the PNG (its colours,
//! shapes, letters and geometry, from [`crate::theme`]), the last move's piece gliding along
//! its path when the picture is shown, then what it captured knocked off and a stack it made
//! ringed. Only the board square: the web page says the rest
//! (players, pool, whose turn) in words around it.

use crate::frame::Frame;
use crate::theme::{
    is_station, side_dark, CREAM, HIGHLIGHT, INK, INK_SOFT, PAPER, PAPER_EDGE, POINT_FILL, SIDE,
    SIDE_LETTER, WOOD,
};

// The SVG board keeps its own geometry: an 800 x 800 square that a page scales as it likes
// (the PNG's is sized for Discord's chat).
const BOARD: i32 = 800;
const PAPER_INSET: f32 = 20.0;
const POINT_R: f32 = 15.0;
const STATION_R: f32 = 26.0;
const PIECE_R: f32 = 24.0;
const P0: f32 = 105.0;
const SPAN: f32 = 570.0;

fn point_xy(p: Point) -> (f32, f32) {
    crate::theme::point_in(p, P0, SPAN)
}
use std::collections::BTreeMap;
use std::fmt::Write;
use yut_game::board::{Point, POINTS};
use yut_game::{Dest, Game, Side};
use yut_text::say;

/// Units on one point are fanned out by this much (as on the PNG).
const FAN: f32 = 30.0;

fn hex(c: crate::canvas::Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A side's shape as an SVG element at (x, y), radius r.
fn shape(side: usize, x: f32, y: f32, r: f32, fill: &str, extra: &str) -> String {
    let stroke = hex(side_dark(side));
    match side % 4 {
        0 => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"3\"{extra}/>"),
        1 => {
            let h = r * 0.9;
            format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"3\"{extra}/>",
                x - h, y - h, 2.0 * h, 2.0 * h, r * 0.28
            )
        }
        2 => {
            let rr = r * 1.28;
            let cy = y + r * 0.14;
            format!(
                "<polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"3\" stroke-linejoin=\"round\"{extra}/>",
                x, cy - rr, x + rr * 0.866, cy + rr * 0.5, x - rr * 0.866, cy + rr * 0.5
            )
        }
        _ => {
            let d = r * 1.22;
            format!(
                "<polygon points=\"{x:.1},{:.1} {:.1},{y:.1} {x:.1},{:.1} {:.1},{y:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"3\" stroke-linejoin=\"round\"{extra}/>",
                y - d, x + d, y + d, x - d
            )
        }
    }
}

/// How long the last move's piece glides over `points` points (where it came from
/// included), in seconds.
fn glide_seconds(points: usize) -> f32 {
    0.12 * points as f32 + 0.1
}

/// How long a captured piece takes to fly off, and a ring to burst, in seconds.
const KNOCK_S: f32 = 0.5;

/// A unit of `count` pieces of side `k` at (x, y): a stack shows its second piece under
/// it and ×n.
fn piece(k: usize, x: f32, y: f32, count: u8) -> String {
    let mut g = String::from("<g class=\"piece\">");
    if count > 1 {
        g.push_str(&shape(k, x + 4.0, y + 5.0, PIECE_R, &hex(side_dark(k)), ""));
    }
    g.push_str(&shape(k, x, y, PIECE_R, &hex(SIDE[k]), ""));
    let dy = if k == 2 { PIECE_R * 0.3 } else { 0.0 };
    let _ = write!(
        g,
        "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"22\" font-weight=\"700\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
        y + dy + 8.0,
        SIDE_LETTER[k]
    );
    if count > 1 {
        let _ = write!(
            g,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"13\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"15\" font-weight=\"700\" text-anchor=\"middle\" fill=\"{}\">×{count}</text>",
            x + 24.0, y - 24.0, hex(HIGHLIGHT), hex(INK), x + 24.0, y - 19.0, hex(INK)
        );
    }
    g.push_str("</g>");
    g
}

/// The board of `game` as shown by `frame` (its legal destinations numbered like the
/// buttons, its last move drawn and animated), as an SVG document 800 x 800.
pub fn board_svg(game: &Game, frame: &Frame) -> String {
    let xy = point_xy;
    let (hx, hy) = (P0 + SPAN + 60.5, P0 + SPAN + 60.5);
    let mut s = String::with_capacity(8192);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {BOARD} {BOARD}\" role=\"img\" class=\"board\">"
    );
    let _ = write!(
        s,
        "<rect width=\"{BOARD}\" height=\"{BOARD}\" fill=\"{}\"/><rect x=\"{PAPER_INSET}\" y=\"{PAPER_INSET}\" width=\"{w}\" height=\"{w}\" rx=\"16\" fill=\"{}\"/><rect x=\"{i}\" y=\"{i}\" width=\"{w2}\" height=\"{w2}\" rx=\"10\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\"/>",
        hex(WOOD),
        hex(PAPER),
        hex(PAPER_EDGE),
        w = BOARD as f32 - 2.0 * PAPER_INSET,
        i = PAPER_INSET + 8.0,
        w2 = BOARD as f32 - 2.0 * PAPER_INSET - 16.0,
    );
    // The square and both diagonals.
    let (a, b, c, d) = (xy(0), xy(5), xy(10), xy(15));
    let _ = write!(
        s,
        "<path d=\"M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}ZM{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"5\" stroke-linecap=\"round\"/>",
        a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1, b.0, b.1, d.0, d.1, c.0, c.1, a.0, a.1,
        hex(INK)
    );
    // The last move's path, under the points.
    if let Some(last) = &frame.last {
        let mut pts = vec![xy(last.from.unwrap_or(0))];
        pts.extend(last.path.iter().map(|p| xy(*p)));
        if last.to == Dest::Home {
            pts.push((hx, hy));
        }
        if pts.len() > 1 {
            let d: String = pts
                .iter()
                .enumerate()
                .map(|(i, (x, y))| format!("{}{x:.1} {y:.1}", if i == 0 { "M" } else { "L" }))
                .collect();
            let _ = write!(
                s,
                "<path id=\"last-path\" d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"10\" stroke-opacity=\"0.55\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                hex(SIDE[last.side as usize % 4])
            );
        }
    }
    for p in 0..POINTS as Point {
        let (x, y) = xy(p);
        let r = if is_station(p) { STATION_R } else { POINT_R };
        let _ = write!(
            s,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"3\"/>",
            hex(POINT_FILL),
            hex(INK)
        );
        if is_station(p) {
            let _ = write!(
                s,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>",
                r - 6.0,
                hex(INK_SOFT)
            );
        }
    }
    let lang = frame.lang;
    let _ = write!(
        s,
        "<circle cx=\"{hx:.1}\" cy=\"{hy:.1}\" r=\"26\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"5 4\"/><text x=\"{hx:.1}\" y=\"{:.1}\" font-size=\"{}\" font-weight=\"700\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
        hex(CREAM),
        hex(INK_SOFT),
        hy + 4.0,
        if lang == yut_text::Lang::Ko { 14 } else { 11 },
        hex(INK_SOFT),
        esc(&say(lang, "picture-home-mark", &[]))
    );
    // 참먹이's filled centre, the station names and start/finish, in the table's language.
    let _ = write!(
        s,
        "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{}\" fill=\"{}\"/>",
        a.0,
        a.1,
        STATION_R - 12.0,
        hex(INK)
    );
    let names: [(Point, f32, f32, &str); 5] = [
        (5, 46.0, -46.0, "picture-station-mo"),
        (10, -42.0, -50.0, "picture-station-dwitmo"),
        (15, -42.0, 54.0, "picture-station-jjimo"),
        (22, 0.0, 54.0, "picture-station-bang"),
        (0, -40.0, 52.0, "picture-start-finish"),
    ];
    for (p, dx, dy, key) in names {
        let (x, y) = xy(p);
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"17\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            x + dx,
            y + dy + 6.0,
            hex(if p == 0 { INK } else { INK_SOFT }),
            esc(&say(lang, key, &[]))
        );
    }
    // Pieces, fanned out where several units share a point; a stack carries ×n.
    let mut at: BTreeMap<Point, Vec<(Side, u8)>> = BTreeMap::new();
    for u in game.units() {
        at.entry(u.point()).or_default().push((u.side, u.count));
    }
    // The selected throw's destinations, numbered like the buttons. A destination that holds
    // pieces (a stack to join, a piece to capture) is ringed under them, its number beside
    // them: the pieces stay in sight.
    let mut badges = String::new();
    for (mv, label) in frame.labelled_moves(game) {
        let (x, y) = match mv.to {
            Dest::Point(p) => xy(p),
            Dest::Home => (hx, hy),
            Dest::Waiting => continue,
        };
        let held = matches!(mv.to, Dest::Point(p) if at.contains_key(&p));
        let (bx, by, r, size) = if held {
            let _ = write!(
                s,
                "<circle class=\"dest-ring\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"6\"/>",
                PIECE_R + 10.0,
                hex(HIGHLIGHT)
            );
            (x, y - PIECE_R - 20.0, 15.0, 17)
        } else {
            (x, y, 19.0, 20)
        };
        let _ = write!(
            badges,
            "<g class=\"dest{}\"><circle cx=\"{bx:.1}\" cy=\"{by:.1}\" r=\"{r}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"3\"/><text x=\"{bx:.1}\" y=\"{:.1}\" font-size=\"{size}\" font-weight=\"700\" text-anchor=\"middle\" fill=\"{}\">{}</text></g>",
            if held { " on-piece" } else { "" },
            hex(HIGHLIGHT),
            hex(INK),
            by + size as f32 * 0.35,
            hex(INK),
            esc(&label)
        );
    }
    let moved = frame.last.as_ref().and_then(|l| match l.to {
        Dest::Point(p) => Some((p, l.side)),
        _ => None,
    });
    // What the move did, once its glide is over: the pieces it captured are knocked off the
    // board (seen where they stood until the mover reaches them, then flying off and
    // fading), and a ring bursts where it captured or joined a stack.
    let glide_s = frame
        .last
        .as_ref()
        .filter(|l| !l.path.is_empty() && moved.is_some())
        .map_or(0.0, |l| glide_seconds(l.path.len() + 1));
    if let Some(last) = &frame.last {
        for (j, (p, side, count)) in last.captured.iter().enumerate() {
            let (x, y) = xy(*p);
            let k = *side as usize % 4;
            let total = glide_s + KNOCK_S;
            let _ = write!(
                s,
                "<g class=\"captured\" opacity=\"0\">{}<animate attributeName=\"opacity\" values=\"1;1;0\" keyTimes=\"0;{at:.3};1\" dur=\"{total:.2}s\" fill=\"freeze\"/><animateTransform attributeName=\"transform\" type=\"translate\" values=\"0 0;0 0;{:.0} -80\" keyTimes=\"0;{at:.3};1\" dur=\"{total:.2}s\" fill=\"freeze\"/></g>",
                piece(k, x, y, *count),
                if j % 2 == 0 { 36.0 } else { -36.0 },
                at = glide_s / total,
            );
        }
        let burst = match (last.captured.first(), last.stacked, moved) {
            (Some((p, _, _)), _, _) => Some((xy(*p), last.side)),
            (None, Some(_), Some((p, side))) => Some((xy(p), side)),
            _ => None,
        };
        if let Some(((x, y), side)) = burst {
            let _ = write!(
                s,
                "<circle class=\"{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{PIECE_R}\" fill=\"none\" stroke=\"{}\" stroke-width=\"6\" opacity=\"0\"><animate attributeName=\"r\" from=\"{PIECE_R}\" to=\"{:.0}\" begin=\"{glide_s:.2}s\" dur=\"{KNOCK_S}s\" fill=\"freeze\"/><animate attributeName=\"opacity\" values=\"0.9;0\" begin=\"{glide_s:.2}s\" dur=\"{KNOCK_S}s\" fill=\"freeze\"/></circle>",
                if last.captured.is_empty() { "stack-burst" } else { "capture-burst" },
                hex(SIDE[side as usize % 4]),
                PIECE_R + 26.0,
            );
        }
    }
    for (p, units) in at {
        let (x0, y) = xy(p);
        let n = units.len() as f32;
        for (i, (side, count)) in units.into_iter().enumerate() {
            let x = x0 + (i as f32 - (n - 1.0) / 2.0) * FAN;
            let k = side as usize % 4;
            let g = piece(k, x, y, count);
            let glide = frame
                .last
                .as_ref()
                .filter(|l| moved == Some((p, side)) && !l.path.is_empty());
            if let Some(last) = glide {
                // Glide along the move's path, from where it came to here, once.
                let mut pts = vec![xy(last.from.unwrap_or(0))];
                pts.extend(last.path.iter().map(|q| xy(*q)));
                let d: String = pts
                    .iter()
                    .enumerate()
                    .map(|(i, (px, py))| {
                        format!(
                            "{}{:.1} {:.1}",
                            if i == 0 { "M" } else { "L" },
                            px - x,
                            py - y
                        )
                    })
                    .collect();
                let _ = write!(
                    s,
                    "<g class=\"moved\"><g>{g}</g><animateMotion dur=\"{:.2}s\" fill=\"freeze\" path=\"{d}\"/></g>",
                    glide_seconds(pts.len())
                );
            } else {
                s.push_str(&g);
            }
        }
    }
    s.push_str(&badges);
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_svg_board_has_every_point_and_every_unit() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let (game, _) = Game::new(yut_game::Rules::default(), 2, false, &mut rng).unwrap();
        let frame = Frame {
            players: vec![],
            lang: yut_text::Lang::En,
            selected: None,
            labels: vec![],
            last: None,
        };
        let svg = board_svg(&game, &frame);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(
            svg.matches("<circle").count(),
            POINTS + 5 + 2,
            "29 points, 5 station rings, home, the start's centre"
        );
        assert!(
            svg.contains(">Bang<") && svg.contains(">Mo<"),
            "station names"
        );
        assert!(!svg.contains("class=\"moved\""), "nothing moved yet");
    }

    /// The first circle after each `start` in `svg`: (cx, cy, r).
    fn circles_of(svg: &str, start: &str) -> Vec<(f32, f32, f32)> {
        let num = |s: &str, attr: &str| -> f32 {
            let at = s.find(&format!(" {attr}=\"")).unwrap() + attr.len() + 3;
            s[at..at + s[at..].find('"').unwrap()].parse().unwrap()
        };
        svg.match_indices(start)
            .map(|(i, _)| {
                let c = &svg[i + svg[i..].find("<circle").unwrap()..];
                (num(c, "cx"), num(c, "cy"), num(c, "r"))
            })
            .collect()
    }

    /// A destination that holds pieces (a stack to join, a piece to capture) is ringed and
    /// numbered beside them: no number covers a piece.
    #[test]
    fn destination_numbers_never_cover_a_piece() {
        use rand::SeedableRng;
        use yut_game::Phase;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut game, _) = Game::new(yut_game::Rules::default(), 2, false, &mut rng).unwrap();
        let mut held = 0;
        for _ in 0..400 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Spend {
                let mut chips = game.pool().to_vec();
                chips.dedup();
                for chip in chips {
                    let frame = Frame {
                        players: vec![],
                        lang: yut_text::Lang::En,
                        selected: Some(chip),
                        labels: vec![],
                        last: None,
                    };
                    let svg = board_svg(&game, &frame);
                    let badges = circles_of(&svg, "<g class=\"dest");
                    assert_eq!(
                        badges.len(),
                        frame
                            .labelled_moves(&game)
                            .iter()
                            .filter(|(m, _)| m.to != Dest::Waiting)
                            .count()
                    );
                    for u in game.units() {
                        let (x0, y) = point_xy(u.point());
                        let n = game
                            .units()
                            .iter()
                            .filter(|v| v.point() == u.point())
                            .count() as f32;
                        for i in 0..n as usize {
                            let x = x0 + (i as f32 - (n - 1.0) / 2.0) * FAN;
                            for (bx, by, r) in &badges {
                                let d = ((bx - x).powi(2) + (by - y).powi(2)).sqrt();
                                assert!(
                                    d > PIECE_R + r,
                                    "a number at ({bx}, {by}) covers the piece at ({x}, {y})"
                                );
                            }
                        }
                    }
                    held += svg.matches("dest on-piece").count();
                }
            }
            let actions = game.legal_actions();
            let pick = actions[rand::Rng::random_range(&mut rng, 0..actions.len())];
            game.play(&pick, &mut rng).unwrap();
        }
        assert!(held > 0, "the game had destinations holding pieces");
    }

    /// A move that captured shows the captured pieces knocked off once its glide is over,
    /// and a burst ring where it struck; one that made a stack, a ring there; any other move
    /// neither.
    #[test]
    fn captures_and_stacks_are_animated_after_the_glide() {
        use crate::frame::LastMove;
        use rand::SeedableRng;
        let (mut captures, mut stacks) = (0, 0);
        for seed in 0..6 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let (mut game, _) = Game::new(yut_game::Rules::default(), 2, false, &mut rng).unwrap();
            while !game.is_over() {
                let actions = game.legal_actions();
                let pick = actions[rand::Rng::random_range(&mut rng, 0..actions.len())];
                let events = game.play(&pick, &mut rng).unwrap();
                let Some(last) = LastMove::from_events(&events) else {
                    continue;
                };
                let frame = Frame {
                    players: vec![],
                    lang: yut_text::Lang::Ko,
                    selected: None,
                    labels: vec![],
                    last: Some(last.clone()),
                };
                let svg = board_svg(&game, &frame);
                let knocked = svg.matches("<g class=\"captured\"").count();
                assert_eq!(knocked, last.captured.len(), "{events:?}");
                assert_eq!(svg.contains("capture-burst"), !last.captured.is_empty());
                let stacked = last.stacked.is_some() && matches!(last.to, Dest::Point(_));
                assert_eq!(
                    svg.contains("stack-burst"),
                    stacked && last.captured.is_empty(),
                    "{events:?}"
                );
                if knocked > 0 {
                    // Seen where they stood until the mover arrives: the fade starts when the glide ends.
                    let glide = glide_seconds(last.path.len() + 1);
                    let at = glide / (glide + KNOCK_S);
                    assert!(svg.contains(&format!("keyTimes=\"0;{at:.3};1\"")), "{svg}");
                    assert!(svg.contains(&format!("begin=\"{glide:.2}s\"")));
                }
                captures += usize::from(knocked > 0);
                stacks += usize::from(stacked);
            }
        }
        assert!(
            captures > 3 && stacks > 3,
            "{captures} captures, {stacks} stacks seen"
        );
    }
}
