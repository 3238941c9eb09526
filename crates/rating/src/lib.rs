//! Ratings: Weng-Lin (OpenSkill, a Bradley-Terry model with a mean `mu` and an uncertainty
//! `sigma` per player) through the `skillratings` crate. Pure and deterministic: no storage,
//! no clock, no randomness. The service rates a finished game with [`rate`] (in the
//! transaction that records the result), shows a rating with [`Rating::display`], the sides'
//! chances with [`win_chances`], and starts a season with [`soft_reset`].
//!
//! **One rating per mode family** ([`ModeFamily`]: 1v1, 2v2, free-for-all), not one rating with
//! mode weights: the same players' strengths do not carry over between the families in a way a
//! weight could express. Measured (README, Measured): Master beats Reference 0.723 in 1v1, and a
//! team of two Masters beats two References 0.711 in 2v2. A team's strength is the sum of its
//! players' `mu`, so with one shared rating the 2v2 difference would be twice the 1v1 one
//! (about 0.84 predicted, 0.711 measured); in 4-seat free-for-all Master's share of first places
//! against three References (0.412) corresponds to a Bradley-Terry ratio of 2.1 where 1v1 has
//! 2.5. So each family has its own rating and its own bot anchors ([`bot_rating`]).
//!
//! **Config**: beta = 12.5 (the spread of one game's luck: three times `skillratings`' default,
//! chosen by the calibration benchmark), initial mu 25, sigma 25/3 (the defaults); plus a small per-game drift tau = sigma0 / 100 added to sigma
//! before each game (OpenSkill's default; `skillratings` has none), so that a player who
//! improves after hundreds of games can still move. The chances shown ([`win_chances`]) are
//! the model's with a prediction-only shape per family ([`prediction_temperature`]:
//! 1v1 a temperature of 1.05, 2v2 1.10 with the sigmas weighted 5, free-for-all the raw
//! model), chosen with the benchmark.
//!
//! The calibration benchmark is `yut-tools bench ratings` (in the `yut-tools` crate).

pub mod game;
pub mod season;

use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use yut_ai::Level;
use yut_game::Preset;

/// A new player's mean.
pub const MU0: f64 = 25.0;
/// A new player's uncertainty.
pub const SIGMA0: f64 = 25.0 / 3.0;
/// The skill-class width: a mu difference of beta between two players (bots, whose sigma is
/// small) gives the stronger about 67% (logistic of beta / sqrt(2 beta^2)). Three times
/// `skillratings`' default 25/6: yut is mostly the throws, and with 25/6 (and 25/3) the
/// predictions were overconfident (`yut-tools bench ratings`: 1v1 gaps of 11.8 and 11.5 points
/// at 0.1-0.2 and 0.8-0.9; with 12.5: 4.3 and 4.2, seeds 1 and 2).
pub const BETA: f64 = 12.5;
/// Drift added (in quadrature) to a player's sigma before each game.
pub const TAU: f64 = SIGMA0 / 100.0;
/// Games before a rating is no longer provisional.
pub const PROVISIONAL_GAMES: u32 = 10;
/// The bots' fixed uncertainty.
pub const BOT_SIGMA: f64 = 1.0;
/// Share of a player's distance from the mean kept at a season's start.
pub const SOFT_RESET_KEEP: f64 = 0.5;
/// Uncertainty added (in quadrature) at a season's start.
pub const SOFT_RESET_SIGMA: f64 = SIGMA0 / 3.0;
/// The displayed number: `DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 sigma)`, at least 0.
pub const DISPLAY_BASE: f64 = 1000.0;
pub const DISPLAY_SCALE: f64 = 40.0;

/// The model's constants. [`Params::DEFAULT`] is what the bot uses; other values are for
/// `yut-tools bench ratings` experiments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    pub beta: f64,
    pub tau: f64,
    /// A new player's sigma (and the most drift raises a sigma to).
    pub sigma0: f64,
}

impl Params {
    pub const DEFAULT: Params = Params {
        beta: BETA,
        tau: TAU,
        sigma0: SIGMA0,
    };

    fn config(&self) -> WengLinConfig {
        WengLinConfig {
            beta: self.beta,
            uncertainty_tolerance: WengLinConfig::new().uncertainty_tolerance,
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Params::DEFAULT
    }
}

/// One player's rating in one mode family (per server).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
    /// Rated games played (not reset by a season's start).
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::new()
    }
}

impl Rating {
    /// A new player: mu 25, sigma 25/3, no games.
    pub fn new() -> Rating {
        Rating {
            mu: MU0,
            sigma: SIGMA0,
            games: 0,
        }
    }

    /// The conservative estimate mu - 3 sigma (the player is at least this strong with about
    /// 99.9% confidence under the model).
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    /// The number shown: 1000 + 40 (mu - 3 sigma), rounded, never below 0. A new player shows
    /// 1000 and climbs as sigma shrinks (the bots' anchors are in the README's Ratings table).
    pub fn display(&self) -> u32 {
        (DISPLAY_BASE + DISPLAY_SCALE * self.conservative())
            .round()
            .max(0.0) as u32
    }

    /// Fewer than [`PROVISIONAL_GAMES`] rated games: listed apart on the leaderboard.
    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }

    #[cfg(test)]
    fn wl(&self) -> WengLinRating {
        WengLinRating {
            rating: self.mu,
            uncertainty: self.sigma,
        }
    }
}

/// The families of modes rated apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModeFamily {
    /// Two seats.
    OneVsOne,
    /// Four seats in two teams.
    Teams,
    /// Three or four seats, every seat for itself.
    FreeForAll,
}

impl ModeFamily {
    pub const ALL: [ModeFamily; 3] = [
        ModeFamily::OneVsOne,
        ModeFamily::Teams,
        ModeFamily::FreeForAll,
    ];

    /// The family of a game of `seats` seats (with or without teams); `None` for a table that
    /// is no rated mode (e.g. one seat, or teams of other than four seats).
    pub fn of(seats: u8, teams: bool) -> Option<ModeFamily> {
        match (seats, teams) {
            (2, false) => Some(ModeFamily::OneVsOne),
            (4, true) => Some(ModeFamily::Teams),
            (3 | 4, false) => Some(ModeFamily::FreeForAll),
            _ => None,
        }
    }

    /// The short name used in commands and storage: `1v1`, `2v2`, `ffa`.
    pub fn name(self) -> &'static str {
        match self {
            ModeFamily::OneVsOne => "1v1",
            ModeFamily::Teams => "2v2",
            ModeFamily::FreeForAll => "ffa",
        }
    }
}

impl fmt::Display for ModeFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ModeFamily {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ModeFamily::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown mode family {s:?} (1v1, 2v2 or ffa)"))
    }
}

/// Input [`rate`] refuses.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RateError {
    #[error("a rated game needs at least two sides, got {0}")]
    TooFewSides(usize),
    #[error("{teams} sides but {ranks} finishing ranks")]
    RankCount { teams: usize, ranks: usize },
    #[error("side {0} has no player")]
    EmptySide(usize),
}

/// One game's update. `teams[i]` are side i's players (1v1: two sides of one; 2v2: two sides of
/// two; free-for-all: one side per seat); `finishing_rank[i]` is side i's place, lower is
/// better (1 for the winner; equal ranks are a tie). Returns every player's new rating, in the
/// same shape, with `games` one higher.
///
/// Bots are passed as their [`bot_rating`] anchors; their entries in the result are to be
/// dropped (an anchor is never updated). Deterministic: the same input gives the same bits.
pub fn rate(
    teams: &[Vec<Rating>],
    finishing_rank: &[usize],
) -> Result<Vec<Vec<Rating>>, RateError> {
    rate_with(&Params::DEFAULT, teams, finishing_rank)
}

/// [`rate`] with other constants.
pub fn rate_with(
    params: &Params,
    teams: &[Vec<Rating>],
    finishing_rank: &[usize],
) -> Result<Vec<Vec<Rating>>, RateError> {
    if teams.len() < 2 {
        return Err(RateError::TooFewSides(teams.len()));
    }
    if finishing_rank.len() != teams.len() {
        return Err(RateError::RankCount {
            teams: teams.len(),
            ranks: finishing_rank.len(),
        });
    }
    if let Some(i) = teams.iter().position(|t| t.is_empty()) {
        return Err(RateError::EmptySide(i));
    }
    let drifted: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|t| {
            t.iter()
                .map(|r| WengLinRating {
                    rating: r.mu,
                    uncertainty: (r.sigma * r.sigma + params.tau * params.tau)
                        .sqrt()
                        .min(params.sigma0.max(r.sigma)),
                })
                .collect()
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = drifted
        .iter()
        .zip(finishing_rank)
        .map(|(t, &rank)| (&t[..], MultiTeamOutcome::new(rank)))
        .collect();
    let out = weng_lin_multi_team(&input, &params.config());
    Ok(out
        .into_iter()
        .zip(teams)
        .map(|(new, old)| {
            new.into_iter()
                .zip(old)
                .map(|(n, o)| Rating {
                    mu: n.rating,
                    sigma: n.uncertainty,
                    games: o.games.saturating_add(1),
                })
                .collect()
        })
        .collect())
}

/// Each side's chance to win (to finish first), summing to 1: Bradley-Terry over the sides'
/// summed mu, widened by their uncertainty (`skillratings`' multi-team expected score), then
/// softened by the family's [`prediction_temperature`] (the family is read from the shape of
/// `teams`, see [`family_of_sides`]; a shape that is no rated mode gets the raw model). Empty
/// for no sides.
pub fn win_chances(teams: &[Vec<Rating>]) -> Vec<f64> {
    win_chances_with(&Params::DEFAULT, teams)
}

/// [`win_chances`] with other constants.
pub fn win_chances_with(params: &Params, teams: &[Vec<Rating>]) -> Vec<f64> {
    let (t, w) = family_of_sides(teams).map_or((1.0, 1.0), prediction_shape);
    win_chances_shaped(params, teams, t, w)
}

/// The family a table of these sides is rated in: all sides of one player, two sides: 1v1,
/// three or four: free-for-all; two sides of two: 2v2; anything else `None`.
pub fn family_of_sides(teams: &[Vec<Rating>]) -> Option<ModeFamily> {
    if teams.iter().all(|t| t.len() == 1) {
        ModeFamily::of(teams.len() as u8, false)
    } else if teams.len() == 2 && teams.iter().all(|t| t.len() == 2) {
        Some(ModeFamily::Teams)
    } else {
        None
    }
}

/// Weng-Lin's chances with the logits divided by `temperature`: side i gets
/// `exp(mu_i / (T c)) / sum_j exp(mu_j / (T c))`, `mu_i` its summed mu and
/// `c = sqrt(2 beta^2 + sum of every sigma^2)`. `T = 1` is `skillratings`' expected score (what
/// the ratings are updated with and the bot anchors are derived from); `T > 1` is less sure.
/// Computed by [`win_chances_shaped`] with the sigmas' weight 1.
pub fn win_chances_tempered(params: &Params, teams: &[Vec<Rating>], temperature: f64) -> Vec<f64> {
    win_chances_shaped(params, teams, temperature, 1.0)
}

/// [`win_chances_tempered`] with the sigmas weighted by `sigma_weight` in `c`:
/// `c = sqrt(2 beta^2 + w * sum of every sigma^2)`. `w = 1` is Weng-Lin's; `w > 1` softens the
/// chances of tables with uncertain players more than those of settled ones. Computed here
/// rather than by the crate (which has `w = 1`); the same numbers to 1e-12 at `w = 1`.
pub fn win_chances_shaped(
    params: &Params,
    teams: &[Vec<Rating>],
    temperature: f64,
    sigma_weight: f64,
) -> Vec<f64> {
    let var: f64 = teams.iter().flatten().map(|r| r.sigma * r.sigma).sum();
    let c = (2.0 * params.beta * params.beta + sigma_weight * var).sqrt() * temperature;
    let logits: Vec<f64> = teams
        .iter()
        .map(|t| t.iter().map(|r| r.mu).sum::<f64>() / c)
        .collect();
    let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = logits.iter().map(|l| (l - top).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.into_iter().map(|e| e / sum).collect()
}

/// The prediction-only temperature of a family (see [`win_chances_tempered`]): the chances
/// shown are the raw model's with the logits divided by it; ratings are updated with the raw
/// model (`T = 1`), so no rating changes.
///
/// Chosen with `yut-tools bench ratings` (24 runs of 1,000 games each, pooled) on two
/// populations of people: `levels` (each one of Easy, Normal, Master: three clusters) and
/// `mixes` (each move as one of two neighbouring levels, a personal share: a spread of
/// strengths, as people's are). Of the bench's grid of shapes, the one with the least log
/// loss over both populations together, among those whose pooled buckets are within 3
/// points on both, counting a bucket as one run does (at least 100 predictions a run on
/// average); 2v2 kept its shape, 0.00001 over the least (T 0.95 with w 8). Pooled largest
/// gap as a run counts buckets, levels / mixes:
/// - 1v1 1.05: 2.39 / 1.60 (raw 1.52 / 2.10; 1.15, taken before, 3.60 / 0.82: levels'
///   0.3-0.4 bucket, 7,396 predictions, was 3.6 points not sure enough);
/// - 2v2 1.10 with the sigmas weighted 5 in `c` ([`prediction_shape`]): 1.19 / 1.92 (raw
///   5.37 / 6.79). A temperature alone cannot serve both populations (1.30: 0.95 / 3.61): in
///   2v2 the error follows the players' uncertainty (a side is the sum of two estimates
///   learnt only through sums);
/// - free-for-all 1 (the raw model): 2.25 / 1.39 (1.05, taken before on eight runs, 3.02 /
///   0.97).
pub fn prediction_temperature(family: ModeFamily) -> f64 {
    match family {
        ModeFamily::OneVsOne => PREDICTION_TEMPERATURE_1V1,
        ModeFamily::Teams => PREDICTION_TEMPERATURE_2V2,
        ModeFamily::FreeForAll => PREDICTION_TEMPERATURE_FFA,
    }
}

/// [`prediction_temperature`] of 1v1.
pub const PREDICTION_TEMPERATURE_1V1: f64 = 1.05;
/// [`prediction_temperature`] of 2v2 (with [`PREDICTION_SIGMA_WEIGHT_2V2`]).
pub const PREDICTION_TEMPERATURE_2V2: f64 = 1.10;
/// The weight of the sigmas in 2v2's prediction ([`prediction_shape`]).
pub const PREDICTION_SIGMA_WEIGHT_2V2: f64 = 5.0;
/// [`prediction_temperature`] of free-for-all.
pub const PREDICTION_TEMPERATURE_FFA: f64 = 1.0;

/// The family's prediction as `(temperature, sigma weight)` for [`win_chances_shaped`]: its
/// [`prediction_temperature`], and the weight of the sigmas in `c`: Weng-Lin's own (1) in 1v1
/// and free-for-all, [`PREDICTION_SIGMA_WEIGHT_2V2`] in 2v2 (see [`prediction_temperature`]).
pub fn prediction_shape(family: ModeFamily) -> (f64, f64) {
    let w = match family {
        ModeFamily::Teams => PREDICTION_SIGMA_WEIGHT_2V2,
        ModeFamily::OneVsOne | ModeFamily::FreeForAll => 1.0,
    };
    (prediction_temperature(family), w)
}

/// Bradley-Terry strengths of the bot levels, two seats, `standard`, with Random = 1 and Normal
/// 12.0 (Normal against Random). Reference 6.9 (against Random). Easy 4.52 and Master 18.5 are
/// the weighted least-squares fit of the logits of the tournaments among the three levels a
/// table can seat (`yut-tools sim`, 5,000 games each, seats swapped): Master over Easy 0.805,
/// Master over Normal 0.605, Normal over Easy 0.721 and, in the README's table, Easy against
/// Normal 0.270; Normal fixed. The fit gives back each of them within 0.006 (standard errors
/// of the two logits 0.024 and 0.020). Until December 2026 Easy was 4.2 and Master 17.5, read
/// off their rates against Random: the long extrapolation put Easy 1.5 mu and Master 1.0 mu
/// too low next to what they do against each other.
fn strength(level: Level) -> f64 {
    match level {
        Level::Random => 1.0,
        Level::Easy => 4.52,
        Level::Reference => 6.9,
        Level::Normal => 12.0,
        Level::Master => 18.5,
    }
}

/// How far apart the levels are under a preset, relative to `standard`: ln of Master's
/// strength against Random under that preset over ln 17.5 (README: Master against Random,
/// 5,000 games each: standard 0.946, boardgame 0.942, yunnori 0.927, nyout 0.977).
fn preset_spread(preset: Preset) -> f64 {
    let p: f64 = match preset {
        Preset::Standard => 0.946,
        Preset::Boardgame => 0.942,
        Preset::Yunnori => 0.927,
        Preset::Nyout => 0.977,
    };
    (p / (1.0 - p)).ln() / (0.946f64 / 0.054).ln()
}

/// How far apart the levels are in a family, relative to 1v1: the logit of one matchup, Master
/// against Reference (README, Measured), in the family over its logit in 1v1 (0.723: 0.960).
/// 2v2 teams 0.711, logit 0.900: 0.94. Free-for-all, Master's share of first places against
/// Reference players as a Plackett-Luce ratio: 4 seats 3 x 0.412 / 0.588 = 2.10, 3 seats
/// 2 x 0.550 / 0.450 = 2.44, ln 0.74 and 0.89: 0.77 and 0.93, one family for both, so 0.85.
fn family_spread(family: ModeFamily) -> f64 {
    let one_vs_one = (0.723f64 / 0.277).ln();
    match family {
        ModeFamily::OneVsOne => 1.0,
        ModeFamily::Teams => (0.711f64 / 0.289).ln() / one_vs_one,
        ModeFamily::FreeForAll => 0.85,
    }
}

/// The levels a table can seat as bots (`/yut new bots:`, the lobby's buttons): the anchors
/// are centred on them.
pub const SEATED_LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Master];

/// A bot level's fixed rating (an anchor: never updated, sigma [`BOT_SIGMA`]) in a family
/// under a preset.
///
/// Derivation: Weng-Lin predicts a side's win chance as the softmax of its summed mu over
/// `c = sqrt(2 beta^2 + sum of sigma^2)`, a Bradley-Terry model with strength `exp(mu / c)`.
/// So a level of strength `s` (see [`strength`]) gets
/// `mu = 25 + c_bots * f * (ln s - mean ln s) / k`, the mean over [`SEATED_LEVELS`],
/// `c_bots` the `c` of a table of bots (two seats: sqrt(2 beta^2 + 2 sigma_bot^2) = 17.73; four:
/// 17.79), `f` the spread of the preset and the family, and `k` the players per side (2v2: a
/// side's mu is the sum of two). Bot against bot the model then gives the measured win rates.
///
/// Centred, not with Normal at 25: a new player's 25 is then the middle of the three levels
/// (1v1: Easy 10.9, Normal 28.2, Master 35.9). People's games among themselves keep their
/// mean mu where it started, and only the few games against bots can move it, so a start
/// above the people's true middle stays (with Normal at 25, `yut-tools bench ratings`, 1v1: on
/// seed 1 the people playing as Easy ended 5 mu above the Easy anchor and those playing as
/// Normal 7 above Normal's; eight runs of 1,000 games pooled, tables with a bot were predicted
/// 0.647 for sides that won 0.578).
pub fn bot_rating(family: ModeFamily, level: Level, preset: Preset) -> Rating {
    bot_rating_with(&Params::DEFAULT, family, level, preset)
}

/// [`bot_rating`] with other constants.
pub fn bot_rating_with(
    params: &Params,
    family: ModeFamily,
    level: Level,
    preset: Preset,
) -> Rating {
    let seats: f64 = match family {
        ModeFamily::OneVsOne => 2.0,
        ModeFamily::Teams | ModeFamily::FreeForAll => 4.0,
    };
    let per_side = match family {
        ModeFamily::Teams => 2.0,
        _ => 1.0,
    };
    let c = (2.0 * params.beta * params.beta + seats * BOT_SIGMA * BOT_SIGMA).sqrt();
    let spread = preset_spread(preset) * family_spread(family);
    let centre =
        SEATED_LEVELS.iter().map(|l| strength(*l).ln()).sum::<f64>() / SEATED_LEVELS.len() as f64;
    let mu = MU0 + c * spread * (strength(level).ln() - centre) / per_side;
    Rating {
        mu,
        sigma: BOT_SIGMA,
        games: 0,
    }
}

/// A player's rating at a season's start: mu moved halfway to the mean 25
/// ([`SOFT_RESET_KEEP`]), sigma widened by 25/9 in quadrature ([`SOFT_RESET_SIGMA`], at most the
/// new player's 25/3), so last season's order is a prior the first games of the new season
/// can overturn. The lifetime game count is kept (a season's own game count, for listing
/// players apart on its leaderboard, is the store's).
pub fn soft_reset(r: Rating) -> Rating {
    Rating {
        mu: MU0 + SOFT_RESET_KEEP * (r.mu - MU0),
        sigma: (r.sigma * r.sigma + SOFT_RESET_SIGMA * SOFT_RESET_SIGMA)
            .sqrt()
            .min(SIGMA0),
        games: r.games,
    }
}

#[cfg(test)]
mod tests;
