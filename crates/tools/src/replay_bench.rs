//! `yut-tools bench replay`: the replay GIF, the chart and the reviews of a median 4-seat game,
//! timed on one core.

use crate::replay_sim::{play, SimGame};
use std::time::Instant;
use yut_ai::Level;
use yut_replay::{anim, chart, review, walk, Played};

/// What the benchmark measured.
#[derive(Debug, Clone)]
pub struct ReplayBench {
    /// Games played to find the median one, and its actions.
    pub candidates: usize,
    pub actions: usize,
    pub frames: usize,
    pub bytes: usize,
    pub runs: usize,
    pub gif_ms: Vec<f64>,
    pub chart_ms: Vec<f64>,
    pub review_ms: Vec<f64>,
    /// Decisions the reviews examined.
    pub decisions: usize,
}

/// The q-quantile of sorted values.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The game whose number of actions is the median of `candidates` games (seeds 1..): four
/// seats, every one a person whose moves Normal chooses (so every seat is reviewed).
pub fn median_game(candidates: usize) -> Played {
    let mut games: Vec<Played> = (1..=candidates as u64)
        .filter_map(|seed| {
            let (genesis, log) = play(&SimGame {
                seed,
                seats: 4,
                humans: 4,
                human_level: Level::Normal,
                ..SimGame::default()
            });
            walk(&genesis, &log).ok().filter(|p| p.finished())
        })
        .collect();
    games.sort_by_key(|p| p.actions());
    let mid = games.len() / 2;
    games.swap_remove(mid)
}

pub fn run(candidates: usize, runs: usize) -> ReplayBench {
    let played = median_game(candidates);
    let mut gif_ms = vec![];
    let mut chart_ms = vec![];
    let mut review_ms = vec![];
    let (mut frames, mut bytes, mut decisions) = (0, 0, 0);
    // Draw the renderer and load the networks before timing.
    let _ = anim::frame_indices(&played.steps[0], true);
    for _ in 0..runs {
        let t = Instant::now();
        let r = anim::replay_gif(&played, anim::Options::default());
        gif_ms.push(t.elapsed().as_secs_f64() * 1e3);
        frames = r.frames;
        bytes = r.gif.len();
    }
    for _ in 0..runs.clamp(1, 5) {
        let t = Instant::now();
        let c = chart::chances(&played);
        let png = chart::chart_png(&played, &c, played.lang());
        chart_ms.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(png);
        let t = Instant::now();
        let rs = review::reviews(&played);
        let pngs: usize = rs
            .iter()
            .flat_map(|r| &r.worst)
            .filter_map(|d| review::decision_png(&played, d))
            .count();
        review_ms.push(t.elapsed().as_secs_f64() * 1e3);
        decisions = rs.iter().map(|r| r.examined).sum();
        std::hint::black_box(pngs);
    }
    for v in [&mut gif_ms, &mut chart_ms, &mut review_ms] {
        v.sort_by(f64::total_cmp);
    }
    ReplayBench {
        candidates,
        actions: played.actions(),
        frames,
        bytes,
        runs,
        gif_ms,
        chart_ms,
        review_ms,
        decisions,
    }
}
