//! Frames from played games: the gallery (`yut-tools render`) and the render benchmark
//! (`yut-tools bench render`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::time::Instant;
use yut_game::{Action, Chip, Event, Game, Phase, Rules};
use yut_render::{BotLevel, Frame, Lang, LastMove, Renderer, SeatInfo};

/// One picture of the gallery.
pub struct Shot {
    pub name: &'static str,
    pub game: Game,
    pub frame: Frame,
}

/// Names that exercise Latin, Hangul and emoji, one a bot and one away.
pub fn sample_players(seats: u8) -> Vec<SeatInfo> {
    let mut v = vec![
        SeatInfo::human("Alice"),
        SeatInfo::human("김민준"),
        SeatInfo::bot("Yutbot 🤖", BotLevel::Normal),
        SeatInfo {
            name: "Zoë 🎲".into(),
            bot: None,
            away: true,
        },
    ];
    v.truncate(seats as usize);
    v
}

/// Play one random legal action; returns its events.
pub fn step<R: Rng>(game: &mut Game, rng: &mut R) -> Vec<Event> {
    let action = if game.phase() == Phase::Throw {
        Action::Throw
    } else {
        let moves = game.legal_moves();
        Action::Move(moves[rng.random_range(0..moves.len())])
    };
    game.play(&action, rng)
        .expect("a legal action is always playable")
}

/// The chip in the pool with the most legal moves.
pub fn busiest_chip(game: &Game) -> Option<(Chip, usize)> {
    let moves = game.legal_moves();
    let mut best: Option<(Chip, usize)> = None;
    for &c in game.pool() {
        let n = moves.iter().filter(|m| m.chip == c).count();
        if best.is_none_or(|(_, b)| n > b) {
            best = Some((c, n));
        }
    }
    best
}

/// Play random games from `seed` until `want` holds before an action (`last` is the previous
/// move). Gives up after 200 games and returns the last position seen.
fn find<F>(rules: &Rules, seats: u8, teams: bool, seed: u64, want: F) -> (Game, Option<LastMove>)
where
    F: Fn(&Game, &Option<LastMove>, &[Event]) -> bool,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut fallback = None;
    for _ in 0..200 {
        let (mut game, _) = Game::new(rules.clone(), seats, teams, &mut rng).expect("valid table");
        let mut last = None;
        let mut events = vec![];
        loop {
            if want(&game, &last, &events) {
                return (game, last);
            }
            if game.is_over() {
                break;
            }
            events = step(&mut game, &mut rng);
            if let Some(l) = LastMove::from_events(&events) {
                last = Some(l);
            }
        }
        fallback = Some((game, last));
    }
    fallback.expect("at least one game was played")
}

/// A mid-game position of `seats` seats in the spend phase, with a stack on the board and a
/// chip that has at least two legal moves.
pub fn mid_game(rules: &Rules, seats: u8, teams: bool, seed: u64) -> (Game, Option<LastMove>) {
    find(rules, seats, teams, seed, |g, last, _| {
        g.phase() == Phase::Spend
            && last.is_some()
            && g.units().len() > seats as usize
            && g.units().iter().any(|u| u.count >= 2)
            && busiest_chip(g).is_some_and(|(_, n)| n >= 3)
    })
}

/// A frame for a game: names, language, the busiest chip selected (in the spend phase).
pub fn frame_for(game: &Game, last: Option<LastMove>, lang: Lang, select: bool) -> Frame {
    Frame {
        players: sample_players(game.seats()),
        lang,
        selected: if select && game.phase() == Phase::Spend {
            busiest_chip(game).map(|(c, _)| c)
        } else {
            None
        },
        labels: vec![],
        last,
    }
}

/// The gallery's frames for a preset and seed.
pub fn shots(rules: &Rules, seed: u64) -> Vec<Shot> {
    let mut out = vec![];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (start, _) = Game::new(rules.clone(), 4, false, &mut rng).expect("valid table");
    out.push(Shot {
        name: "01-start",
        frame: frame_for(&start, None, Lang::En, false),
        game: start,
    });
    let (mid, last) = mid_game(rules, 4, false, seed);
    out.push(Shot {
        name: "02-mid-highlight",
        frame: frame_for(&mid, last.clone(), Lang::En, true),
        game: mid.clone(),
    });
    let (cap, last_cap) = find(rules, 4, false, seed ^ 0x5eed, |g, _, ev| {
        g.units().len() >= 3 && ev.iter().any(|e| matches!(e, Event::Captured { .. }))
    });
    out.push(Shot {
        name: "03-capture",
        frame: frame_for(&cap, last_cap, Lang::En, false),
        game: cap,
    });
    let (teams, last_t) = mid_game(rules, 4, true, seed ^ 0x7ea5);
    out.push(Shot {
        name: "04-teams",
        frame: frame_for(&teams, last_t, Lang::En, true),
        game: teams,
    });
    let (over, last_o) = find(rules, 4, false, seed ^ 0x0e4, |g, _, _| g.is_over());
    out.push(Shot {
        name: "05-game-over",
        frame: frame_for(&over, last_o.clone(), Lang::En, false),
        game: over.clone(),
    });
    out.push(Shot {
        name: "06-korean-mid",
        frame: frame_for(&mid, last, Lang::Ko, true),
        game: mid,
    });
    out.push(Shot {
        name: "07-korean-over",
        frame: frame_for(&over, last_o.clone(), Lang::Ko, false),
        game: over.clone(),
    });
    out.push(Shot {
        name: "10-spanish-over",
        frame: frame_for(&over, last_o, Lang::Es, false),
        game: over,
    });
    let (two, last2) = mid_game(rules, 2, false, seed ^ 0x2);
    out.push(Shot {
        name: "08-two-players",
        frame: frame_for(&two, last2, Lang::En, true),
        game: two,
    });
    // Seats named as the bot names them, in Spanish: Master bots ("Maestro") and a person
    // away, just after the turn passed (the lower box shows no throw).
    let (passed, last_p) = find(rules, 4, false, seed ^ 0x11, |g, last, ev| {
        g.phase() == Phase::Throw
            && last.is_some()
            && ev.iter().any(|e| matches!(e, Event::Moved { .. }))
            && g.last_thrower().is_some_and(|s| s != g.turn())
    });
    let mut players: Vec<SeatInfo> = (0..4u32)
        .map(|i| {
            let n = [("n", (i + 1).into())];
            SeatInfo::bot(
                &yut_text::say(Lang::Es, "picture-bot", &n),
                BotLevel::Master,
            )
        })
        .collect();
    players[3] = SeatInfo {
        name: yut_text::say(Lang::Es, "picture-player", &[("n", 4u32.into())]),
        bot: None,
        away: true,
    };
    out.push(Shot {
        name: "11-spanish-masters",
        frame: Frame {
            players,
            ..frame_for(&passed, last_p, Lang::Es, false)
        },
        game: passed,
    });
    let (fin, last_f) = find(rules, 3, false, seed ^ 0xf1, |_, _, ev| {
        ev.iter().any(|e| matches!(e, Event::Finished { .. }))
    });
    out.push(Shot {
        name: "09-three-finish",
        frame: frame_for(&fin, last_f, Lang::En, true),
        game: fin,
    });
    out
}

/// Write the gallery as PNG files into `dir`; returns their paths.
pub fn write_gallery(rules: &Rules, seed: u64, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let r = yut_render::renderer();
    let mut paths = vec![];
    for shot in shots(rules, seed) {
        let png = r.render(&shot.game, &shot.frame);
        let p = dir.join(format!("{}.png", shot.name));
        std::fs::write(&p, png)?;
        paths.push(p);
    }
    Ok(paths)
}

/// What `yut-tools bench render` measured.
pub struct BenchResult {
    pub frames: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub bytes: usize,
    pub startup_ms: f64,
    pub width: u32,
    pub height: u32,
    /// Frames per second with every core rendering (one shared renderer).
    pub parallel_fps: f64,
    pub threads: usize,
}

/// Render a mid-game 4-seat frame with a highlighted chip `frames` times.
pub fn bench(frames: usize, seed: u64) -> BenchResult {
    let t = Instant::now();
    let r = Renderer::new();
    let startup_ms = t.elapsed().as_secs_f64() * 1e3;
    let (game, last) = mid_game(&Rules::default(), 4, false, seed);
    let frame = frame_for(&game, last, Lang::En, true);
    // Warm the glyph cache, as a running bot's would be.
    let png = r.render(&game, &frame);
    let (_, width, height) = r.render_indexed(&game, &frame);
    let mut times = Vec::with_capacity(frames);
    for _ in 0..frames.max(1) {
        let t = Instant::now();
        let out = r.render(&game, &frame);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(out);
    }
    times.sort_by(f64::total_cmp);
    // Every core at once, sharing one renderer, for about half a second.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let t = Instant::now();
    let total: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut n = 0;
                    while t.elapsed().as_secs_f64() < 0.5 {
                        std::hint::black_box(r.render(&game, &frame));
                        n += 1;
                    }
                    n
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    });
    let parallel_fps = total as f64 / t.elapsed().as_secs_f64();
    let pick = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    BenchResult {
        frames: times.len(),
        p50_ms: pick(0.50),
        p99_ms: pick(0.99),
        bytes: png.len(),
        startup_ms,
        width,
        height,
        parallel_fps,
        threads,
    }
}
