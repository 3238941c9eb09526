//! The board renderer: decode the PNG and check its pixels.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yut_game::board::POINTS;
use yut_game::{Chip, Dest, Event, Game, Phase, Placed, Position, Rules};
use yut_render::theme::{footer_top, BOARD, COL_X, CREAM, HIGHLIGHT, WOOD};
use yut_render::{
    home_position, point_position, render, renderer, side_color, Frame, Lang, LastMove, Renderer,
    SeatInfo,
};
use yut_tools::gallery::{mid_game, sample_players, step};

struct Image {
    w: usize,
    h: usize,
    rgb: Vec<[u8; 3]>,
}

impl Image {
    fn at(&self, x: f32, y: f32) -> [u8; 3] {
        self.rgb[y as usize * self.w + x as usize]
    }
}

fn decode(png_bytes: &[u8]) -> Image {
    let dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = dec.read_info().expect("a PNG header");
    let info = reader.info().clone();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let palette = info.palette.expect("a palette").to_vec();
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    reader.next_frame(&mut buf).expect("image data");
    let (w, h) = (info.width as usize, info.height as usize);
    let rgb = buf[..w * h]
        .iter()
        .map(|&i| {
            let i = i as usize * 3;
            [palette[i], palette[i + 1], palette[i + 2]]
        })
        .collect();
    Image { w, h, rgb }
}

fn near(a: [u8; 3], c: yut_render::canvas::Rgb, tol: i32) -> bool {
    (a[0] as i32 - c.0 as i32).abs() <= tol
        && (a[1] as i32 - c.1 as i32).abs() <= tol
        && (a[2] as i32 - c.2 as i32).abs() <= tol
}

fn position(seats: u8, pool: Vec<Chip>, pieces: Vec<Placed>) -> Game {
    let pos = Position {
        seats,
        teams: false,
        turn: 0,
        pool,
        pieces,
        home: [0; 4],
    };
    Game::from_position(Rules::default(), &pos)
        .expect("valid position")
        .0
}

fn placed(side: u8, at: u8, count: u8) -> Placed {
    Placed {
        side,
        at,
        route: None,
        count,
    }
}

fn frame(seats: u8, selected: Option<Chip>) -> Frame {
    Frame {
        players: sample_players(seats),
        selected,
        ..Frame::default()
    }
}

#[test]
fn png_is_indexed_landscape_and_the_same_size_for_any_seats() {
    // Landscape (Discord shows it large), one size whatever the number of seats.
    for seats in 2..=4 {
        let g = position(seats, vec![], vec![]);
        let img = decode(&render(&g, &frame(seats, None)));
        assert_eq!((img.w, img.h), (840, 560));
        assert_eq!(img.h, BOARD as usize);
    }
}

#[test]
fn each_piece_shows_its_side_colour_at_its_point() {
    // Pieces of four sides on corners, edges and diagonals; a stack too.
    let pieces = vec![
        placed(0, 3, 1),
        placed(1, 10, 1),
        placed(2, 22, 2),
        placed(3, 17, 1),
        placed(0, 25, 1),
        placed(1, 28, 1),
    ];
    let g = position(4, vec![], pieces.clone());
    let img = decode(&render(&g, &frame(4, None)));
    for p in &pieces {
        let (x, y) = point_position(&g, p.at);
        // Inside every shape.
        let px = img.at(x, y - 6.0);
        assert!(
            near(px, side_color(p.side), 2),
            "side {} at point {}: {:?}",
            p.side,
            p.at,
            px
        );
    }
    // An empty point shows no side colour.
    let (x, y) = point_position(&g, 7);
    for side in 0..4 {
        assert!(!near(img.at(x, y - 6.0), side_color(side), 40));
    }
}

/// Highlighted pixels on the board square (the column at the right is left out).
fn highlight_pixels(img: &Image) -> Vec<(usize, usize)> {
    let mut out = vec![];
    for y in 0..BOARD as usize {
        for x in 0..BOARD as usize {
            if near(img.rgb[y * img.w + x], HIGHLIGHT, 12) {
                out.push((x, y));
            }
        }
    }
    out
}

#[test]
fn highlights_exactly_the_legal_destinations() {
    let pieces = vec![
        placed(0, 3, 1),
        placed(0, 21, 2),
        placed(0, 28, 1),
        placed(1, 8, 1),
    ];
    let g = position(2, vec![Chip::Geol, Chip::Do], pieces);
    assert!(g
        .legal_moves()
        .iter()
        .any(|m| m.chip == Chip::Geol && m.to == Dest::Home));
    assert_eq!(g.phase(), Phase::Spend);
    // No chip selected: no highlight on the board.
    let img = decode(&render(&g, &frame(2, None)));
    assert!(highlight_pixels(&img).is_empty());

    for chip in [Chip::Geol, Chip::Do] {
        let f = frame(2, Some(chip));
        let dests: Vec<(f32, f32)> = f
            .destinations(&g)
            .iter()
            .map(|(d, _)| match d {
                Dest::Point(p) => point_position(&g, *p),
                Dest::Home => home_position(&g),
                Dest::Waiting => panic!("no move to waiting here"),
            })
            .collect();
        assert!(dests.len() >= 2, "{chip}: {dests:?}");
        let img = decode(&render(&g, &f));
        let hl = highlight_pixels(&img);
        // Every highlighted pixel belongs to a destination's ring or number (where the
        // layout put it, on whichever side of the ring it found room)…
        let tags = renderer().layout(&g, &f).badges;
        assert_eq!(
            tags.len(),
            dests.len() + 1,
            "a number per destination, a ×2"
        );
        for &(x, y) in &hl {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let ring = dests
                .iter()
                .any(|&(dx, dy)| (px - dx).abs() < 35.0 && (py - dy).abs() < 35.0);
            let tag = tags
                .iter()
                .any(|t| px >= t.area.x0 && px <= t.area.x1 && py >= t.area.y0 && py <= t.area.y1);
            assert!(ring || tag, "{chip}: stray highlight at {x},{y}");
        }
        // …and every destination is ringed: highlight on the ring left of it.
        for &(dx, dy) in &dests {
            let ring = hl
                .iter()
                .any(|&(x, y)| (x as f32 - (dx - 25.0)).abs() < 5.0 && (y as f32 - dy).abs() < 5.0);
            assert!(ring, "{chip}: no ring at {dx},{dy}");
        }
        // A point that is no destination has no ring.
        for p in 0..POINTS as u8 {
            let (x, y) = point_position(&g, p);
            if dests
                .iter()
                .all(|&(dx, dy)| (dx - x).abs() > 45.0 || (dy - y).abs() > 45.0)
            {
                assert!(
                    !near(img.at(x - 25.0, y), HIGHLIGHT, 12),
                    "{chip}: ring at {p}"
                );
            }
        }
    }
}

#[test]
fn nothing_is_drawn_outside_the_canvas_or_on_its_edge() {
    // Random games with long names, every chip selected in turn, both languages: every frame
    // decodes at the expected size and its outermost pixels stay background wood.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let long = "Wolfeschlegelsteinhausenbergerdorff 윷놀이 챔피언 🎲🎲🎲";
    let players: Vec<SeatInfo> = (0..4).map(|_| SeatInfo::human(long)).collect();
    for (seats, preset) in [
        (2u8, "standard"),
        (3, "yunnori"),
        (4, "nyout"),
        (4, "boardgame"),
    ] {
        let rules = Rules::preset_named(preset).expect("preset");
        let (mut g, _) = Game::new(rules, seats, false, &mut rng).expect("table");
        let mut n = 0;
        while !g.is_over() && n < 400 {
            let events = step(&mut g, &mut rng);
            n += 1;
            if n % 23 != 0 && !g.is_over() {
                continue;
            }
            for (i, &chip) in g.pool().iter().enumerate().take(2) {
                let f = Frame {
                    players: players.clone(),
                    lang: if i % 2 == 0 { Lang::En } else { Lang::Ko },
                    selected: Some(chip),
                    labels: vec![],
                    last: LastMove::from_events(&events),
                };
                let img = decode(&render(&g, &f));
                assert_eq!(img.w, 840);
                for x in 0..img.w {
                    assert!(near(img.at(x as f32, 0.0), WOOD, 8));
                    assert!(near(img.at(x as f32, (img.h - 1) as f32), WOOD, 8));
                }
                for y in 0..img.h {
                    assert!(near(img.at(0.0, y as f32), WOOD, 8));
                    assert!(near(img.at((img.w - 1) as f32, y as f32), WOOD, 8));
                }
            }
        }
    }
}

#[test]
fn same_state_renders_byte_identical() {
    let (g, last) = mid_game(&Rules::default(), 4, false, 3);
    let f = Frame {
        players: sample_players(4),
        lang: Lang::Ko,
        selected: g.pool().first().copied(),
        labels: vec![],
        last,
    };
    let a = render(&g, &f);
    let b = render(&g, &f);
    assert_eq!(a, b);
    // A renderer built anew draws the same bytes as the shared one.
    let c = Renderer::new().render(&g, &f);
    assert_eq!(a, c);
}

#[test]
fn labels_follow_the_frame() {
    let pieces = vec![placed(0, 3, 1)];
    let g = position(2, vec![Chip::Gae], pieces);
    let mut f = frame(2, Some(Chip::Gae));
    let moves = f.labelled_moves(&g);
    assert_eq!(moves.len(), 2);
    // Numbers by default: the pieces carry their seat's letter.
    assert_eq!(moves[0].1, "1");
    assert_eq!(moves[1].1, "2");
    f.labels = vec![(moves[1].0, "9".to_string())];
    let moves = f.labelled_moves(&g);
    assert_eq!(moves[1].1, "9");
    assert_ne!(render(&g, &f), render(&g, &frame(2, Some(Chip::Gae))));
}

#[test]
fn last_move_from_events_and_capture_mark() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut g, _) = Game::new(Rules::default(), 2, false, &mut rng).expect("table");
    loop {
        assert!(!g.is_over(), "a capture happens in this seeded game");
        let events = step(&mut g, &mut rng);
        if let Some(Event::Captured { at, .. }) =
            events.iter().find(|e| matches!(e, Event::Captured { .. }))
        {
            let last = LastMove::from_events(&events).expect("a move");
            assert_eq!(last.captured.len(), 1);
            assert_eq!(last.captured[0].0, *at);
            assert_eq!(last.path.last(), Some(at));
            // The capture's red ring is drawn around the point.
            let f = Frame {
                last: Some(last),
                ..frame(2, None)
            };
            let img = decode(&render(&g, &f));
            let (x, y) = point_position(&g, *at);
            let red = yut_render::theme::CAPTURE;
            assert!(near(img.at(x, y - 25.0), red, 24));
            break;
        }
    }
}

#[test]
fn korean_and_english_frames_differ_and_over_shows_result() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut g, _) = Game::new(Rules::default(), 3, false, &mut rng).expect("table");
    while !g.is_over() {
        step(&mut g, &mut rng);
    }
    let en = frame(3, None);
    let ko = Frame {
        lang: Lang::Ko,
        ..frame(3, None)
    };
    let (a, b) = (render(&g, &en), render(&g, &ko));
    assert_ne!(a, b);
    // The result box darkens the board centre.
    let img = decode(&a);
    let (x, _) = point_position(&g, 22);
    let c = img.at(x + 200.0, 265.0);
    assert!(c.iter().all(|&v| v < 120), "{c:?}");
    let _ = renderer();
}

#[test]
fn back_to_waiting_is_labelled_on_the_movers_panel() {
    // yunnori: a Back-Do from 도 goes back to waiting.
    let pos = Position {
        seats: 2,
        teams: false,
        turn: 1,
        pool: vec![Chip::Backdo],
        pieces: vec![placed(1, 1, 1)],
        home: [0; 4],
    };
    let rules = Rules::preset_named("yunnori").expect("preset");
    let (g, _) = Game::from_position(rules, &pos).expect("position");
    let f = frame(2, Some(Chip::Backdo));
    assert_eq!(f.destinations(&g), vec![(Dest::Waiting, "1".to_string())]);
    let img = decode(&render(&g, &f));
    let (px, py) = yut_render::theme::panel_xy(1);
    let (pw, ph) = (
        yut_render::theme::PANEL_W as usize,
        yut_render::theme::PANEL_H as usize,
    );
    let mut inside = 0;
    for y in 0..footer_top(2) as usize {
        for x in COL_X as usize..img.w {
            if near(img.rgb[y * img.w + x], HIGHLIGHT, 12) {
                let in_panel = x >= px as usize
                    && x < px as usize + pw
                    && y >= py as usize
                    && y < py as usize + ph;
                assert!(in_panel, "highlight outside the mover's panel at {x},{y}");
                inside += 1;
            }
        }
    }
    assert!(inside > 100);
    // Nothing highlighted on the board.
    assert!(highlight_pixels(&img).is_empty());
}

#[test]
fn separate_pieces_on_one_point_are_not_drawn_as_a_stack() {
    use yut_game::OptionValue;
    let mut rules = Rules::default();
    rules
        .set("stacking", &OptionValue::Word("off".into()))
        .unwrap();
    let game = |pieces: Vec<Placed>, rules: &Rules| {
        let pos = Position {
            seats: 2,
            teams: false,
            turn: 0,
            pool: vec![],
            pieces,
            home: [0; 4],
        };
        Game::from_position(rules.clone(), &pos).expect("valid").0
    };
    let apart = game(vec![placed(0, 7, 1), placed(0, 7, 1)], &rules);
    assert_eq!(apart.units().len(), 2, "two units on one point");
    let stacked = game(vec![placed(0, 7, 2)], &Rules::default());
    let (x, y) = point_position(&apart, 7);
    let a = decode(&render(&apart, &frame(2, None)));
    let s = decode(&render(&stacked, &frame(2, None)));
    let ink = yut_render::theme::INK;
    // The stack has its ×2 badge down and to the right; the two lone pieces have none.
    assert!(near(s.at(x + 40.0, y + 20.0), ink, 6));
    assert!(!near(a.at(x + 40.0, y + 20.0), ink, 6));
    // Both lone pieces show, fanned out: side colour left and right of the point.
    for dx in [-18.0, 18.0] {
        let px = a.at(x + dx, y);
        assert!(near(px, side_color(0), 2), "dx {dx}: {px:?}");
    }
}

/// Chips across the pool panel: runs of chip colour along a line through them.
fn pool_chips(img: &Image) -> Vec<usize> {
    let chip = |c: [u8; 3]| near(c, CREAM, 6) || near(c, HIGHLIGHT, 6);
    // The row of the bottom panel with the most chip colour: through the chips, clear of text.
    let xs = COL_X as usize..img.w;
    let y = (footer_top(2) as usize..img.h)
        .max_by_key(|&y| xs.clone().filter(|&x| chip(img.rgb[y * img.w + x])).count())
        .unwrap();
    let mut runs = vec![];
    let mut run = 0;
    for x in xs {
        if chip(img.rgb[y * img.w + x]) {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    runs
}

#[test]
fn a_long_pool_is_drawn_as_counted_chips() {
    // One chip per result while four fit.
    let four = vec![Chip::Yut, Chip::Mo, Chip::Yut, Chip::Geol];
    let img = decode(&render(&position(2, four, vec![]), &frame(2, None)));
    assert_eq!(pool_chips(&img).len(), 4, "{:?}", pool_chips(&img));
    // Sixty 윷 then 걸 and 도: three chips, the first counted.
    let mut pool = vec![Chip::Yut; 60];
    pool.extend([Chip::Geol, Chip::Do]);
    let img = decode(&render(
        &position(2, pool, vec![]),
        &frame(2, Some(Chip::Yut)),
    ));
    let chips = pool_chips(&img);
    assert_eq!(chips.len(), 3, "{chips:?}");
    assert!(chips.iter().all(|w| *w >= 60), "{chips:?}");
    // Runs that still do not fit: one chip per kind.
    let mut pool = vec![];
    for _ in 0..30 {
        pool.extend([Chip::Yut, Chip::Mo, Chip::Gae]);
    }
    let img = decode(&render(&position(2, pool, vec![]), &frame(2, None)));
    assert_eq!(pool_chips(&img).len(), 3, "{:?}", pool_chips(&img));
}

/// The smallest text of a frame as Discord shows it, in pixels.
fn smallest_displayed(g: &Game, f: &Frame) -> (f32, String) {
    let (w, h) = renderer().size(g);
    let scale = yut_render::theme::displayed_scale(w as u32, h as u32);
    let (word, size) = renderer()
        .text_sizes(g, f)
        .into_iter()
        .min_by_key(|(_, s)| *s)
        .expect("texts");
    (size as f32 * scale, word)
}

#[test]
fn every_text_reads_at_11_px_where_discord_shows_the_board_smallest() {
    // Whole games of every preset and seat count, each language, a chip selected and not, the
    // last move marked: every text drawn (names, pills, the throw, the pool, tags, marks, the
    // result, and the background's labels) is 11 px or more on a phone and in the desktop chat.
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    let mut smallest = f32::MAX;
    let mut frames = 0;
    for (seats, preset) in [
        (2u8, "standard"),
        (3, "yunnori"),
        (4, "nyout"),
        (4, "boardgame"),
    ] {
        let rules = Rules::preset_named(preset).expect("preset");
        let (mut g, _) = Game::new(rules, seats, false, &mut rng).expect("table");
        let mut n = 0;
        while !g.is_over() && n < 600 {
            let events = step(&mut g, &mut rng);
            n += 1;
            for lang in [Lang::En, Lang::Ko, Lang::Es] {
                let f = Frame {
                    players: sample_players(seats),
                    lang,
                    selected: g.pool().first().copied(),
                    labels: vec![],
                    last: LastMove::from_events(&events),
                };
                let (px, word) = smallest_displayed(&g, &f);
                assert!(px >= 11.0, "{word:?} shown at {px:.1} px");
                smallest = smallest.min(px);
                frames += 1;
            }
        }
    }
    assert!(frames > 300, "{frames}");
    eprintln!("smallest displayed text of {frames} boards: {smallest:.2} px");
}

#[test]
fn an_opaque_rounded_rectangle_fills_exactly_its_covered_pixels() {
    // The fill runs across each row's inside and measures only the ends: every pixel the
    // signed distance covers fully must be the colour, every pixel it misses must be left as
    // it was, whatever the position, size and radius (fractions of a pixel included).
    use yut_render::canvas::{Canvas, Rgb};
    let r = renderer();
    let pal = r.palette();
    let (w, h) = (64, 48);
    let bg = vec![0u8; (w * h) as usize];
    let colour = Rgb(200, 30, 40);
    let ci = pal.index(colour);
    assert_ne!(ci, 0, "the colour is not the background's");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    use rand::Rng;
    for _ in 0..300 {
        let (x, y) = (
            rng.random_range(-8.0..40.0f32),
            rng.random_range(-8.0..30.0f32),
        );
        let (rw, rh) = (
            rng.random_range(0.5..40.0f32),
            rng.random_range(0.5..30.0f32),
        );
        let rad = rng.random_range(0.0..20.0f32);
        let mut cv = Canvas::new(&bg, w, h, pal);
        cv.fill_rrect(x, y, rw, rh, rad, colour, 1.0);
        let rad = rad.min(rw / 2.0).min(rh / 2.0);
        let (hw, hh) = (rw / 2.0, rh / 2.0);
        let (cx, cy) = (x + hw, y + hh);
        for py in 0..h {
            for px in 0..w {
                let qx = (px as f32 + 0.5 - cx).abs() - (hw - rad);
                let qy = (py as f32 + 0.5 - cy).abs() - (hh - rad);
                let d = if qx > 0.0 && qy > 0.0 {
                    (qx * qx + qy * qy).sqrt() - rad
                } else {
                    qx.max(qy) - rad
                };
                let a = ((0.5 - d).clamp(0.0, 1.0) * 255.0 + 0.5) as u32;
                let got = cv.buf[(py * w + px) as usize];
                if a >= 255 {
                    assert_eq!(
                        got, ci,
                        "({px}, {py}) of {x} {y} {rw} {rh} r {rad}: covered"
                    );
                } else if a == 0 {
                    assert_eq!(got, 0, "({px}, {py}) of {x} {y} {rw} {rh} r {rad}: outside");
                }
            }
        }
    }
}

/// Every frame's badges and pills (stacks' ×n, the last move's capture and home pills, the
/// destinations' numbers) and marks (pieces, stacks, rings) against every label (the board's
/// names, its arrow and home mark, the panels' names, counts and pills, the lower box's
/// texts): none covers any.
fn assert_no_badge_covers_a_label(g: &Game, f: &Frame, ctx: &str) -> usize {
    let lay = renderer().layout(g, f);
    for m in &lay.marks {
        // The ring of a move home is the home mark's own highlight.
        for l in lay
            .labels
            .iter()
            .filter(|l| (m.what, &*l.what) != ("home ring", "home"))
        {
            assert!(
                !m.covers(&l.area),
                "{ctx}: {} {:?} covers label {:?} {:?}",
                m.what,
                m.area,
                l.what,
                l.area
            );
        }
    }
    for b in &lay.badges {
        for l in &lay.labels {
            assert!(
                !b.area.overlaps(&l.area),
                "{ctx}: badge {:?} {:?} covers label {:?} {:?}",
                b.what,
                b.area,
                l.what,
                l.area
            );
        }
    }
    lay.badges.len()
}

#[test]
fn no_badge_or_pill_covers_a_label() {
    // Labels there are on every board: the background's and every panel's.
    let g = position(4, vec![], vec![]);
    let labels: Vec<String> = renderer()
        .layout(&g, &frame(4, None))
        .labels
        .into_iter()
        .map(|l| l.what)
        .collect();
    for w in [
        "START · FINISH",
        "Mo",
        "Dwitmo",
        "Jjimo",
        "Bang",
        "arrow",
        "home",
    ] {
        assert!(
            labels.iter().any(|l| l == w),
            "{w} not laid out: {labels:?}"
        );
    }
    let mut badges = 0;
    // A stack, a capture and a finish at every point, in every language.
    for lang in [Lang::En, Lang::Ko, Lang::Es] {
        for p in 0..POINTS as u8 {
            for count in 2..=4u8 {
                let g = position(2, vec![], vec![placed(0, p, count)]);
                let last = LastMove {
                    seat: 0,
                    side: 0,
                    chip: Chip::Geol,
                    from: None,
                    path: vec![p],
                    to: Dest::Point(p),
                    captured: vec![(p, 1, count)],
                    finished: count,
                    stacked: Some(count),
                };
                let f = Frame {
                    lang,
                    last: Some(last),
                    ..frame(2, None)
                };
                badges += assert_no_badge_covers_a_label(&g, &f, &format!("{lang:?} point {p}"));
            }
        }
    }
    // Whole games: every preset and seat count, teams, each language, a chip selected (its
    // destinations numbered) and the last move marked.
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let mut frames = 0;
    for (seats, teams, preset) in [
        (2u8, false, "standard"),
        (3, false, "yunnori"),
        (4, true, "nyout"),
        (4, false, "boardgame"),
    ] {
        let rules = Rules::preset_named(preset).expect("preset");
        let (mut g, _) = Game::new(rules, seats, teams, &mut rng).expect("table");
        let mut n = 0;
        while !g.is_over() && n < 500 {
            let events = step(&mut g, &mut rng);
            n += 1;
            for (i, lang) in [Lang::En, Lang::Ko, Lang::Es].into_iter().enumerate() {
                let f = Frame {
                    players: sample_players(seats),
                    lang,
                    selected: g.pool().get(i).or(g.pool().first()).copied(),
                    labels: vec![],
                    last: LastMove::from_events(&events),
                };
                badges += assert_no_badge_covers_a_label(&g, &f, &format!("{preset} {lang:?}"));
                frames += 1;
            }
        }
    }
    assert!(
        frames > 300 && badges > 1000,
        "{frames} frames, {badges} badges"
    );
}

/// A finished game of `seats` (random play from `seed`).
fn finished(seats: u8, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut g, _) = Game::new(Rules::default(), seats, false, &mut rng).expect("table");
    while !g.is_over() {
        step(&mut g, &mut rng);
    }
    g
}

#[test]
fn every_seat_name_level_and_pill_fits_its_panel_in_every_language() {
    use yut_render::BotLevel;
    use yut_text::say;
    // Seats named as the bot names them ("Player 3", "Bot 4"), every level, away or not, to
    // throw, to move and placed after the game: nothing drawn is cut with an ellipsis (the
    // renderer's own measuring cuts it when it does not fit).
    let throwing = position(4, vec![], vec![]);
    let moving = position(4, vec![Chip::Geol], vec![]);
    let over = finished(4, 8);
    assert_eq!(
        (throwing.phase(), moving.phase(), over.phase()),
        (Phase::Throw, Phase::Spend, Phase::Over)
    );
    let mut checked = 0;
    for lang in [Lang::En, Lang::Ko, Lang::Es] {
        for level in [BotLevel::Easy, BotLevel::Normal, BotLevel::Master] {
            for away in [false, true] {
                let players: Vec<SeatInfo> = (0..4u32)
                    .map(|i| {
                        let n = [("n", (i + 1).into())];
                        let mut s = if i % 2 == 0 {
                            SeatInfo::bot(&say(lang, "picture-bot", &n), level)
                        } else {
                            SeatInfo::human(&say(lang, "picture-player", &n))
                        };
                        s.away = away && i > 0;
                        s
                    })
                    .collect();
                for g in [&throwing, &moving, &over] {
                    let f = Frame {
                        players: players.clone(),
                        lang,
                        ..Frame::default()
                    };
                    let words = renderer().words(g, &f);
                    assert!(
                        words.iter().all(|w| !w.contains('…')),
                        "{lang:?} {level:?} away {away}: {words:?}"
                    );
                    if !g.is_over() {
                        let level = level.label(lang);
                        assert!(
                            words.iter().any(|w| w.contains(&level)) || away,
                            "{level}: {words:?}"
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 54);
}

#[test]
fn every_pill_and_badge_has_text_contrast_of_4_5_or_more() {
    use yut_render::theme::{contrast, AWAY, PILL_AWAY, PILL_STYLES, WHITE};
    for (name, style) in PILL_STYLES {
        let c = contrast(style.bg, style.fg);
        assert!(c >= 4.5, "{name}: {c:.2}");
    }
    // The formula: black on white is 21, a colour on itself 1, #767676 on white 4.54.
    let black = yut_render::canvas::Rgb(0, 0, 0);
    assert!((contrast(black, WHITE) - 21.0).abs() < 0.01);
    assert!((contrast(AWAY, AWAY) - 1.0).abs() < 0.001);
    assert!((contrast(yut_render::canvas::Rgb(0x76, 0x76, 0x76), WHITE) - 4.54).abs() < 0.01);
    // The away pill is drawn in its style: its fill inside the pill's box.
    let mut f = frame(4, None);
    for p in &mut f.players {
        p.away = true;
    }
    let g = position(4, vec![], vec![]);
    let lay = renderer().layout(&g, &f);
    let img = decode(&render(&g, &f));
    let away = yut_text::say(Lang::En, "picture-away", &[]);
    let pills: Vec<_> = lay.labels.iter().filter(|l| l.what == away).collect();
    assert_eq!(pills.len(), 3, "three seats away, not to act");
    for p in pills {
        let px = img.at(p.area.x0 + 4.0, (p.area.y0 + p.area.y1) / 2.0);
        assert!(near(px, PILL_AWAY.bg, 0), "{px:?}");
    }
}

#[test]
fn each_sides_pieces_waiting_and_home_are_counted_at_the_labels_size() {
    use yut_render::theme::TEXT;
    let pos = Position {
        seats: 3,
        teams: false,
        turn: 0,
        pool: vec![],
        pieces: vec![placed(0, 3, 1), placed(1, 8, 2)],
        home: [2, 0, 1, 0],
    };
    let g = Game::from_position(Rules::default(), &pos)
        .expect("position")
        .0;
    let f = frame(3, None);
    let sizes = renderer().text_sizes(&g, &f);
    let labels = renderer().layout(&g, &f).labels;
    for side in 0..3u8 {
        let (w, h) = (g.waiting(side), g.home(side));
        for what in [format!("waiting {w}"), format!("home {h}")] {
            let l = labels
                .iter()
                .find(|l| l.what == what && l.area.x0 >= COL_X as f32)
                .unwrap_or_else(|| panic!("{what} not on side {side}'s panel"));
            // As tall as a label's figures (29 px text: 21 px digits) or taller.
            assert!(l.area.h() >= 21.0, "{what}: {:?}", l.area);
        }
        for n in [w, h] {
            assert!(
                sizes
                    .iter()
                    .any(|(s, size)| *s == n.to_string() && *size == TEXT),
                "{n} not drawn at {TEXT} px: {sizes:?}"
            );
        }
    }
}

#[test]
fn the_lower_box_shows_the_throw_of_the_seat_to_act_only() {
    use yut_render::shown_throw;
    use yut_text::say;
    // Whole games: once the turn passes, the last throw (and its "… threw") is gone, so the
    // next player's "▶ throw" never sits over somebody else's result; while the thrower
    // still acts, and once the game is over, it is shown with their name.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let (mut g, _) = Game::new(Rules::default(), 3, false, &mut rng).expect("table");
    let f = frame(3, None);
    let (mut passed, mut own) = (0, 0);
    loop {
        let words = renderer().words(&g, &f);
        let threw = |s: u8| {
            let name = f.players[s as usize].name.clone();
            say(Lang::En, "picture-threw", &[("name", name.into())])
        };
        let shown = shown_throw(&g);
        let expected = g.last_thrower().filter(|&s| g.is_over() || s == g.turn());
        assert_eq!(shown.map(|(s, _)| s), expected);
        for s in 0..3 {
            let drawn = words.contains(&threw(s));
            assert_eq!(drawn, expected == Some(s), "seat {s}: {words:?}");
        }
        match g.last_thrower() {
            Some(s) if s != g.turn() && !g.is_over() => passed += 1,
            Some(_) => own += 1,
            None => {}
        }
        if g.is_over() {
            break;
        }
        step(&mut g, &mut rng);
    }
    assert!(passed > 10 && own > 10, "{passed} {own}");
}
