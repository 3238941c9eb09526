//! Games shown through an interaction's token (a group DM, a server that has not added
//! Yutbot): the freshest token of each is kept so that bots, timers and pings go on after a
//! restart, and a game whose token is about to lapse is held until someone clicks.

use super::*;
/// A hosted game's freshest token, as the service keeps it.
pub use yut_store::HostedToken;

impl Service {
    /// Hold a running game until a person clicks ([`Command::Hold`]); its board says so.
    pub async fn hold(&self, game: i64) -> Result<(), Problem> {
        let h = self.running_actor(game).ok_or(Problem::NoGame)?;
        send(&h, Actor::System, Command::Hold, None, None)
            .await
            .map(|_| ())
    }

    /// Keep a game's freshest interaction token (issued at `issued_ms`); `board`: the
    /// board's message where it is a follow-up of that token (with the one follow-up it
    /// took), else the token's original answer.
    pub async fn save_token(
        &self,
        game: i64,
        token: &str,
        issued_ms: i64,
        board: Option<u64>,
    ) -> Result<(), Problem> {
        self.inner
            .store
            .save_token(HostedToken {
                game,
                token: token.to_string(),
                issued_ms,
                followups: u32::from(board.is_some()),
                message: board,
            })
            .await
            .map_err(Problem::Storage)
    }

    /// The tokens of the hosted games still running (empty if they cannot be read now).
    pub async fn hosted_tokens(&self) -> Vec<HostedToken> {
        match self.inner.store.hosted_tokens().await {
            Ok(v) => v,
            Err(e) => {
                tracing::error!(error = %e, "reading the hosted games' tokens failed");
                Vec::new()
            }
        }
    }
}

use yut_store::PingRow;

/// The turn pings in view, kept in the database with the post that makes them (so a restart
/// or another process that takes the game over knows what is showing).
impl Service {
    /// A turn ping was posted.
    pub async fn ping_posted(&self, p: PingRow) -> Result<(), Problem> {
        self.inner
            .store
            .ping_posted(p)
            .await
            .map_err(Problem::Storage)
    }

    /// A ping was deleted (or is gone).
    pub async fn ping_deleted(&self, message: u64) -> Result<(), Problem> {
        self.inner
            .store
            .ping_deleted(message)
            .await
            .map_err(Problem::Storage)
    }

    /// The pings in view in a channel, oldest turn first.
    pub async fn pings_in_channel(&self, channel: u64) -> Result<Vec<PingRow>, Problem> {
        self.inner
            .store
            .pings_in_channel(channel)
            .await
            .map_err(Problem::Storage)
    }

    /// A game's pings in view, oldest turn first.
    pub async fn pings_of_game(&self, game: i64) -> Result<Vec<PingRow>, Problem> {
        self.inner
            .store
            .pings_of_game(game)
            .await
            .map_err(Problem::Storage)
    }

    /// Pings left in view by games that are over, on this process's shards.
    pub async fn pings_of_ended_games(&self) -> Result<Vec<PingRow>, Problem> {
        self.inner
            .store
            .pings_of_ended_games(self.shards())
            .await
            .map_err(Problem::Storage)
    }

    /// Take one of the `limit` follow-ups of a hosted game's token: true if taken (the
    /// database keeps the count across restarts and processes).
    pub async fn take_followup(
        &self,
        game: i64,
        token: &str,
        issued_ms: i64,
        limit: u32,
    ) -> Result<bool, Problem> {
        self.inner
            .store
            .take_followup(game, token, issued_ms, limit)
            .await
            .map_err(Problem::Storage)
    }
}
