//! What each person asked to be told: how their turns are announced (`/yut notify`) and the
//! games and players they follow (`/yut follow`, the Follow button).

use super::*;

/// How a person hears that it is their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotifyMode {
    /// A ping in the game's channel (the default).
    Channel,
    /// A direct message with a link to the board.
    Dm,
    /// The ping and the direct message.
    Both,
    /// Nothing.
    None,
}

impl NotifyMode {
    pub const ALL: [NotifyMode; 4] = [
        NotifyMode::Channel,
        NotifyMode::Dm,
        NotifyMode::Both,
        NotifyMode::None,
    ];

    pub fn word(self) -> &'static str {
        match self {
            NotifyMode::Channel => "channel",
            NotifyMode::Dm => "dm",
            NotifyMode::Both => "both",
            NotifyMode::None => "none",
        }
    }

    pub fn from_word(w: &str) -> Option<NotifyMode> {
        NotifyMode::ALL.into_iter().find(|m| m.word() == w)
    }

    /// A ping in the channel?
    pub fn channel(self) -> bool {
        matches!(self, NotifyMode::Channel | NotifyMode::Both)
    }

    /// A direct message?
    pub fn dm(self) -> bool {
        matches!(self, NotifyMode::Dm | NotifyMode::Both)
    }
}

/// A person's turn reminders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotifyPref {
    pub mode: NotifyMode,
    /// Only once half of the action's time has gone (a person who acts quickly is not
    /// disturbed).
    pub half: bool,
}

impl Default for NotifyPref {
    fn default() -> Self {
        NotifyPref {
            mode: NotifyMode::Channel,
            half: false,
        }
    }
}

/// What is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Followed {
    /// A game (its id): a DM when it ends.
    Game(i64),
    /// A player (their user id): a DM when each of their games starts and ends.
    Player(u64),
}

impl Followed {
    fn kind(self) -> &'static str {
        match self {
            Followed::Game(_) => "game",
            Followed::Player(_) => "player",
        }
    }

    fn target(self) -> i64 {
        match self {
            Followed::Game(g) => g,
            Followed::Player(u) => id64(u),
        }
    }

    fn of(kind: &str, target: i64) -> Option<Followed> {
        match kind {
            "game" => Some(Followed::Game(target)),
            "player" => Some(Followed::Player(target as u64)),
            _ => None,
        }
    }
}

/// Someone told when a game starts or ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Follower {
    pub user: u64,
    /// Why: the game, or one of its players.
    pub what: Followed,
    /// Their language's code.
    pub lang: String,
}

/// At most this many follows per person (a list that fits a private message).
pub const MAX_FOLLOWS: usize = 25;

impl Store {
    /// A person's turn reminders (the default when never set).
    pub async fn notify_pref(&self, user: u64) -> Result<NotifyPref, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query("SELECT mode, half FROM notify_prefs WHERE user_id = $1")
                .bind(id64(user))
                .fetch_optional(&pool)
                .await?;
            let Some(r) = row else {
                return Ok(NotifyPref::default());
            };
            let mode: String = r.try_get(0)?;
            Ok(NotifyPref {
                mode: NotifyMode::from_word(&mode)
                    .ok_or_else(|| StoreError::Corrupt(format!("notify mode {mode:?}")))?,
                half: r.try_get::<i64, _>(1)? != 0,
            })
        })
        .await
    }

    /// Remember a person's turn reminders.
    pub async fn set_notify_pref(
        &self,
        user: u64,
        pref: NotifyPref,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query(
                "INSERT INTO notify_prefs (user_id, mode, half, updated_ms) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, half = excluded.half,
                     updated_ms = excluded.updated_ms",
            )
            .bind(id64(user))
            .bind(pref.mode.word())
            .bind(pref.half as i64)
            .bind(now_ms)
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// Follow something; false if it was followed already or the person follows
    /// [`MAX_FOLLOWS`] things.
    pub async fn follow(
        &self,
        user: u64,
        what: Followed,
        lang: &str,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let lang = lang.to_string();
        let pool = self.pool.clone();
        self.run(async move {
            let n: i64 = sqlx::query("SELECT COUNT(*) FROM follows WHERE user_id = $1")
                .bind(id64(user))
                .fetch_one(&pool)
                .await?
                .try_get(0)?;
            if n as usize >= MAX_FOLLOWS {
                return Ok(false);
            }
            let done = sqlx::query(
                "INSERT INTO follows (user_id, kind, target, lang, created_ms)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            )
            .bind(id64(user))
            .bind(what.kind())
            .bind(what.target())
            .bind(lang)
            .bind(now_ms)
            .execute(&pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
        .await
    }

    /// Stop following; false if it was not followed.
    pub async fn unfollow(&self, user: u64, what: Followed) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let done =
                sqlx::query("DELETE FROM follows WHERE user_id = $1 AND kind = $2 AND target = $3")
                    .bind(id64(user))
                    .bind(what.kind())
                    .bind(what.target())
                    .execute(&pool)
                    .await?;
            Ok(done.rows_affected() > 0)
        })
        .await
    }

    /// What a person follows, oldest first.
    pub async fn follows_of(&self, user: u64) -> Result<Vec<Followed>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let rows = sqlx::query(
                "SELECT kind, target FROM follows WHERE user_id = $1 ORDER BY created_ms, kind, target",
            )
            .bind(id64(user))
            .fetch_all(&pool)
            .await?;
            let mut out = Vec::new();
            for r in rows {
                let kind: String = r.try_get(0)?;
                if let Some(f) = Followed::of(&kind, r.try_get(1)?) {
                    out.push(f);
                }
            }
            Ok(out)
        })
        .await
    }

    /// Who follows game `game` or any of `players`: each follower once, with what they follow
    /// (the game first when both).
    pub async fn followers(&self, game: i64, players: &[u64]) -> Result<Vec<Follower>, StoreError> {
        let pool = self.pool.clone();
        let players: Vec<i64> = players.iter().map(|&p| id64(p)).collect();
        self.run(async move {
            let mut targets = vec![("game", game)];
            targets.extend(players.iter().map(|&p| ("player", p)));
            let mut out: Vec<Follower> = Vec::new();
            for (kind, target) in targets {
                let rows = sqlx::query(
                    "SELECT user_id, lang FROM follows WHERE kind = $1 AND target = $2
                     ORDER BY user_id",
                )
                .bind(kind)
                .bind(target)
                .fetch_all(&pool)
                .await?;
                for r in rows {
                    let user = r.try_get::<i64, _>(0)? as u64;
                    if !out.iter().any(|f| f.user == user) {
                        if let Some(what) = Followed::of(kind, target) {
                            out.push(Follower {
                                user,
                                what,
                                lang: r.try_get(1)?,
                            });
                        }
                    }
                }
            }
            Ok(out)
        })
        .await
    }

    /// Forget every follow of a game (it ended).
    pub async fn forget_game_follows(&self, game: i64) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query("DELETE FROM follows WHERE kind = 'game' AND target = $1")
                .bind(game)
                .execute(&pool)
                .await?;
            Ok(())
        })
        .await
    }
}

/// A game shown through an interaction's token: the freshest one and when it was issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostedToken {
    pub game: i64,
    pub token: String,
    pub issued_ms: i64,
    /// Follow-ups already sent through it.
    pub followups: u32,
    /// The board's message where it is a follow-up of this token (None: the token's
    /// original answer).
    pub message: Option<u64>,
}

impl Store {
    /// Keep the game's freshest interaction token (an older one never replaces a newer).
    pub async fn save_token(&self, t: HostedToken) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query(
                "INSERT INTO hosted_games (game_id, token, issued_ms, message_id, followups)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (game_id) DO UPDATE SET token = excluded.token,
                     issued_ms = excluded.issued_ms, message_id = excluded.message_id,
                     followups = CASE WHEN hosted_games.token = excluded.token
                                      THEN hosted_games.followups ELSE excluded.followups END
                 WHERE hosted_games.issued_ms <= excluded.issued_ms",
            )
            .bind(t.game)
            .bind(t.token)
            .bind(t.issued_ms)
            .bind(t.message.map(id64))
            .bind(t.followups as i64)
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// The tokens of the hosted games still running (a lobby or a game in play); those of
    /// games over are forgotten here.
    pub async fn hosted_tokens(&self) -> Result<Vec<HostedToken>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query(
                "DELETE FROM hosted_games WHERE game_id IN
                   (SELECT id FROM games WHERE status NOT IN ('lobby', 'playing'))",
            )
            .execute(&pool)
            .await?;
            let rows: Vec<(i64, String, i64, i64, Option<i64>)> = sqlx::query_as(
                "SELECT h.game_id, h.token, h.issued_ms, CAST(h.followups AS BIGINT), h.message_id
                 FROM hosted_games h
                 JOIN games g ON g.id = h.game_id
                 WHERE g.status IN ('lobby', 'playing') ORDER BY h.game_id",
            )
            .fetch_all(&pool)
            .await?;
            Ok(rows
                .into_iter()
                .map(|(game, token, issued_ms, followups, message)| HostedToken {
                    game,
                    token,
                    issued_ms,
                    followups: followups.max(0) as u32,
                    message: message.map(|m| m as u64),
                })
                .collect())
        })
        .await
    }
}
