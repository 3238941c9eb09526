//! Ratings, seasons and the fair-play record in storage (issue 15). The season of a result or
//! a lookup is computed from the time passed in and the server's setting, so a season rolls
//! over lazily: a person's first rated game (or lookup) of a new season starts from the soft
//! reset of their latest rating, and the old season's rows stay as its archived standings.

use super::{id64, Store, StoreError};
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;
use yut_rating::game::{is_rated, rate_game};
use yut_rating::season::SeasonLength;
use yut_rating::{soft_reset, ModeFamily, Rating};

/// One person's rating in a season's standings.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub user: u64,
    pub name: String,
    pub rating: Rating,
    pub season_games: u32,
    pub season_wins: u32,
}

/// A season's standings in one mode family: best first (by the displayed, conservative
/// rating), provisional ratings included (the caller lists them apart).
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    pub season: String,
    pub family: ModeFamily,
    pub rows: Vec<RatingRow>,
}

impl Standings {
    /// Settled (not provisional) ratings, best first.
    pub fn ranked(&self) -> impl Iterator<Item = &RatingRow> {
        self.rows.iter().filter(|r| !r.rating.provisional())
    }

    pub fn provisional(&self) -> impl Iterator<Item = &RatingRow> {
        self.rows.iter().filter(|r| r.rating.provisional())
    }

    /// A settled player's place (1 is first) and the number of settled players.
    pub fn rank_of(&self, user: u64) -> Option<(u32, u32)> {
        let ranked: Vec<&RatingRow> = self.ranked().collect();
        let at = ranked.iter().position(|r| r.user == user)?;
        Some((at as u32 + 1, ranked.len() as u32))
    }
}

/// One recorded game of a person's, newest first in [`Card::recent`].
#[derive(Debug, Clone, PartialEq)]
pub struct Recent {
    pub game: i64,
    pub channel: u64,
    pub message_id: Option<u64>,
    pub won: bool,
    pub left: bool,
    pub family: Option<ModeFamily>,
    /// The displayed rating before and after the game (rated games).
    pub before: Option<u32>,
    pub after: Option<u32>,
    pub finished_ms: i64,
}

/// A person's rating in one family this season.
#[derive(Debug, Clone, PartialEq)]
pub struct FamilyCard {
    pub family: ModeFamily,
    /// This season's rating (a soft reset of the last one if none this season yet).
    pub rating: Rating,
    pub season_games: u32,
    pub season_wins: u32,
    /// Place among the season's settled ratings, and how many there are.
    pub rank: Option<(u32, u32)>,
}

/// Everything `/yut stats` shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub user: u64,
    pub name: String,
    pub season: String,
    pub families: Vec<FamilyCard>,
    pub games: u32,
    pub wins: u32,
    /// Positive: wins in a row up to the last game; negative: losses in a row.
    pub streak: i32,
    /// The longest run of wins.
    pub best_streak: u32,
    /// The last 10 games, newest first.
    pub recent: Vec<Recent>,
    pub timeouts: u32,
    pub leaves: u32,
}

async fn season_length(conn: &mut AnyConnection, guild: u64) -> Result<SeasonLength, StoreError> {
    let row = sqlx::query("SELECT seasons FROM server_defaults WHERE guild_id = $1")
        .bind(id64(guild))
        .fetch_optional(&mut *conn)
        .await?;
    let setting: Option<String> = match row {
        Some(r) => r.try_get(0)?,
        None => None,
    };
    Ok(SeasonLength::from_setting(setting.as_deref()))
}

/// A person's rating in a season (with that season's games and wins): their row, else the
/// soft reset of their latest row of another season, else a new player's.
async fn rating_in(
    conn: &mut AnyConnection,
    guild: u64,
    season: &str,
    family: ModeFamily,
    user: u64,
) -> Result<(Rating, u32, u32), StoreError> {
    let row = sqlx::query(
        "SELECT mu, sigma, games, season_games, season_wins FROM ratings
         WHERE guild_id = $1 AND season = $2 AND family = $3 AND user_id = $4",
    )
    .bind(id64(guild))
    .bind(season)
    .bind(family.name())
    .bind(id64(user))
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(r) = row {
        return Ok((
            Rating {
                mu: r.try_get(0)?,
                sigma: r.try_get(1)?,
                games: r.try_get::<i64, _>(2)? as u32,
            },
            r.try_get::<i64, _>(3)? as u32,
            r.try_get::<i64, _>(4)? as u32,
        ));
    }
    let last = sqlx::query(
        "SELECT mu, sigma, games FROM ratings
         WHERE guild_id = $1 AND family = $2 AND user_id = $3
         ORDER BY updated_ms DESC LIMIT 1",
    )
    .bind(id64(guild))
    .bind(family.name())
    .bind(id64(user))
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match last {
        Some(r) => (
            soft_reset(Rating {
                mu: r.try_get(0)?,
                sigma: r.try_get(1)?,
                games: r.try_get::<i64, _>(2)? as u32,
            }),
            0,
            0,
        ),
        None => (Rating::new(), 0, 0),
    })
}

fn family_of(s: Option<String>) -> Option<ModeFamily> {
    s.and_then(|s| s.parse().ok())
}

/// Rate a newly recorded result (called once per game, inside `record_result`'s
/// transaction) and write each person's part in it.
pub(super) async fn rate_result(
    conn: &mut AnyConnection,
    r: &super::ResultRow,
) -> Result<(), StoreError> {
    // A game of an unrated event counts for nobody's rating.
    let unrated: Option<i64> =
        sqlx::query_scalar("SELECT unrated FROM event_games WHERE game_id = $1")
            .bind(r.game)
            .fetch_optional(&mut *conn)
            .await?;
    let family = r
        .family
        .filter(|_| is_rated(&r.seats) && unrated.unwrap_or(0) == 0);
    let mut shown: HashMap<u64, (u32, u32)> = HashMap::new();
    let mut season = None;
    if let Some(family) = family {
        let name = season_length(conn, r.guild).await?.season_at(r.finished_ms);
        let mut before = HashMap::new();
        let mut counts = HashMap::new();
        for s in &r.seats {
            if let Some(u) = s.occupant.user() {
                let (rating, games, wins) = rating_in(conn, r.guild, &name, family, u).await?;
                before.insert(u, rating);
                counts.insert(u, (games, wins));
            }
        }
        let after = rate_game(family, r.preset, &r.seats, &r.side_ranks, &before)
            .map_err(|e| StoreError::Corrupt(format!("rating game {}: {e}", r.game)))?;
        for (user, new) in after {
            let p = r.players.iter().find(|p| p.user == user);
            let won = p.is_some_and(|p| p.won);
            let name_of = p.map_or_else(String::new, |p| p.name.clone());
            let (games, wins) = counts.get(&user).copied().unwrap_or((0, 0));
            sqlx::query(
                "INSERT INTO ratings (guild_id, season, family, user_id, name, mu, sigma, games,
                                      season_games, season_wins, updated_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                 ON CONFLICT (guild_id, season, family, user_id) DO UPDATE SET
                    name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,
                    games = excluded.games, season_games = excluded.season_games,
                    season_wins = excluded.season_wins, updated_ms = excluded.updated_ms",
            )
            .bind(id64(r.guild))
            .bind(&name)
            .bind(family.name())
            .bind(id64(user))
            .bind(name_of)
            .bind(new.mu)
            .bind(new.sigma)
            .bind(new.games as i64)
            .bind(games as i64 + 1)
            .bind(wins as i64 + won as i64)
            .bind(r.finished_ms)
            .execute(&mut *conn)
            .await?;
            let old = before.get(&user).copied().unwrap_or_default();
            shown.insert(user, (old.display(), new.display()));
        }
        season = Some(name);
    }
    for p in &r.players {
        let d = shown.get(&p.user);
        sqlx::query(
            "INSERT INTO game_players (game_id, user_id, guild_id, family, season, won, left_game,
                                       timeouts, before_display, after_display, finished_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (game_id, user_id) DO NOTHING",
        )
        .bind(r.game)
        .bind(id64(p.user))
        .bind(id64(r.guild))
        .bind(family.map(|f| f.name()))
        .bind(season.as_deref())
        .bind(p.won as i64)
        .bind(p.left as i64)
        .bind(p.timeouts as i64)
        .bind(d.map(|d| d.0 as i64))
        .bind(d.map(|d| d.1 as i64))
        .bind(r.finished_ms)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn standings_in(
    conn: &mut AnyConnection,
    guild: u64,
    family: ModeFamily,
    season: &str,
) -> Result<Standings, StoreError> {
    let rows = sqlx::query(
        "SELECT user_id, name, mu, sigma, games, season_games, season_wins FROM ratings
         WHERE guild_id = $1 AND season = $2 AND family = $3",
    )
    .bind(id64(guild))
    .bind(season)
    .bind(family.name())
    .fetch_all(&mut *conn)
    .await?;
    let mut out = rows
        .iter()
        .map(|r| {
            Ok(RatingRow {
                user: r.try_get::<i64, _>(0)? as u64,
                name: r.try_get(1)?,
                rating: Rating {
                    mu: r.try_get(2)?,
                    sigma: r.try_get(3)?,
                    games: r.try_get::<i64, _>(4)? as u32,
                },
                season_games: r.try_get::<i64, _>(5)? as u32,
                season_wins: r.try_get::<i64, _>(6)? as u32,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    out.sort_by(|a, b| {
        b.rating
            .conservative()
            .total_cmp(&a.rating.conservative())
            .then(b.season_games.cmp(&a.season_games))
            .then(a.user.cmp(&b.user))
    });
    Ok(Standings {
        season: season.to_string(),
        family,
        rows: out,
    })
}

impl Store {
    /// The season a moment falls in for a server (its setting, the default off: `all`).
    pub async fn season_at(&self, guild: u64, now_ms: i64) -> Result<String, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let mut conn = pool.acquire().await?;
            Ok(season_length(&mut conn, guild).await?.season_at(now_ms))
        })
        .await
    }

    /// A season's standings in a family: `season` by name (an archived one), or the season
    /// `now_ms` falls in.
    pub async fn standings(
        &self,
        guild: u64,
        family: ModeFamily,
        season: Option<String>,
        now_ms: i64,
    ) -> Result<Standings, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let mut conn = pool.acquire().await?;
            let season = match season {
                Some(s) => s,
                None => season_length(&mut conn, guild).await?.season_at(now_ms),
            };
            standings_in(&mut conn, guild, family, &season).await
        })
        .await
    }

    /// People's ratings in a family as of `now_ms` (this season's, else the soft reset of the
    /// last, else a new player's): for predicting a game's chances before it is played.
    pub async fn ratings_now(
        &self,
        guild: u64,
        family: ModeFamily,
        users: Vec<u64>,
        now_ms: i64,
    ) -> Result<HashMap<u64, Rating>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let mut conn = pool.acquire().await?;
            let season = season_length(&mut conn, guild).await?.season_at(now_ms);
            let mut out = HashMap::new();
            for u in users {
                let (r, _, _) = rating_in(&mut conn, guild, &season, family, u).await?;
                out.insert(u, r);
            }
            Ok(out)
        })
        .await
    }

    /// Every season a server has ratings in, newest first.
    pub async fn seasons(&self, guild: u64) -> Result<Vec<String>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let rows = sqlx::query(
                "SELECT season, MAX(updated_ms) AS last FROM ratings WHERE guild_id = $1
                 GROUP BY season ORDER BY last DESC",
            )
            .bind(id64(guild))
            .fetch_all(&pool)
            .await?;
            rows.iter()
                .map(|r| Ok(r.try_get::<String, _>(0)?))
                .collect()
        })
        .await
    }

    /// A person's card in a server as of `now_ms` (None: no recorded game).
    pub async fn card(
        &self,
        guild: u64,
        user: u64,
        now_ms: i64,
    ) -> Result<Option<Card>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let mut conn = pool.acquire().await?;
            let totals = sqlx::query(
                "SELECT name, games, wins, timeouts, leaves FROM player_stats
                 WHERE guild_id = $1 AND user_id = $2",
            )
            .bind(id64(guild))
            .bind(id64(user))
            .fetch_optional(&mut *conn)
            .await?;
            let Some(totals) = totals else {
                return Ok(None);
            };
            let season = season_length(&mut conn, guild).await?.season_at(now_ms);
            let mut families = Vec::new();
            for family in ModeFamily::ALL {
                let played: Option<i64> = sqlx::query(
                    "SELECT MAX(games) FROM ratings
                     WHERE guild_id = $1 AND family = $2 AND user_id = $3",
                )
                .bind(id64(guild))
                .bind(family.name())
                .bind(id64(user))
                .fetch_one(&mut *conn)
                .await?
                .try_get(0)?;
                if played.is_none() {
                    continue;
                }
                let (rating, season_games, season_wins) =
                    rating_in(&mut conn, guild, &season, family, user).await?;
                let rank = if season_games > 0 {
                    standings_in(&mut conn, guild, family, &season)
                        .await?
                        .rank_of(user)
                } else {
                    None
                };
                families.push(FamilyCard {
                    family,
                    rating,
                    season_games,
                    season_wins,
                    rank,
                });
            }
            let results = sqlx::query(
                "SELECT won FROM game_players WHERE guild_id = $1 AND user_id = $2
                 ORDER BY finished_ms, game_id",
            )
            .bind(id64(guild))
            .bind(id64(user))
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| Ok(r.try_get::<i64, _>(0)? != 0))
            .collect::<Result<Vec<bool>, StoreError>>()?;
            let (streak, best_streak) = streaks(&results);
            let recent = sqlx::query(
                "SELECT p.game_id, g.channel_id, g.message_id, p.won, p.left_game, p.family,
                        p.before_display, p.after_display, p.finished_ms
                 FROM game_players p JOIN games g ON g.id = p.game_id
                 WHERE p.guild_id = $1 AND p.user_id = $2
                 ORDER BY p.finished_ms DESC, p.game_id DESC LIMIT 10",
            )
            .bind(id64(guild))
            .bind(id64(user))
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| {
                Ok(Recent {
                    game: r.try_get(0)?,
                    channel: r.try_get::<i64, _>(1)? as u64,
                    message_id: r.try_get::<Option<i64>, _>(2)?.map(|m| m as u64),
                    won: r.try_get::<i64, _>(3)? != 0,
                    left: r.try_get::<i64, _>(4)? != 0,
                    family: family_of(r.try_get(5)?),
                    before: r.try_get::<Option<i64>, _>(6)?.map(|d| d as u32),
                    after: r.try_get::<Option<i64>, _>(7)?.map(|d| d as u32),
                    finished_ms: r.try_get(8)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
            Ok(Some(Card {
                user,
                name: totals.try_get(0)?,
                season,
                families,
                games: totals.try_get::<i64, _>(1)? as u32,
                wins: totals.try_get::<i64, _>(2)? as u32,
                streak,
                best_streak,
                recent,
                timeouts: totals.try_get::<i64, _>(3)? as u32,
                leaves: totals.try_get::<i64, _>(4)? as u32,
            }))
        })
        .await
    }
}

/// The current streak (wins positive, losses negative) and the longest run of wins, from
/// results oldest first.
pub fn streaks(results: &[bool]) -> (i32, u32) {
    let mut best = 0u32;
    let mut run = 0u32;
    for &won in results {
        run = if won { run + 1 } else { 0 };
        best = best.max(run);
    }
    let current = match results.last() {
        None => 0,
        Some(&last) => {
            let n = results.iter().rev().take_while(|&&w| w == last).count() as i32;
            if last {
                n
            } else {
                -n
            }
        }
    };
    (current, best)
}

#[cfg(test)]
mod tests {
    use super::streaks;

    #[test]
    fn streaks_count_runs() {
        assert_eq!(streaks(&[]), (0, 0));
        assert_eq!(streaks(&[true, true, false, true]), (1, 2));
        assert_eq!(streaks(&[true, true, true, false, false]), (-2, 3));
    }
}
