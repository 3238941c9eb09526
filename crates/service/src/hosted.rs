//! Games shown through an interaction's token (a group DM, a server that has not added
//! Yutbot): the freshest token of each is kept so that bots, timers and pings go on after a
//! restart, and a game whose token is about to lapse is held until someone clicks.

use super::*;
use yut_store::HostedToken;

impl Service {
    /// Hold a running game until a person clicks ([`Command::Hold`]); its board says so.
    pub async fn hold(&self, game: i64) -> Result<(), Problem> {
        let h = self.running_actor(game).ok_or(Problem::NoGame)?;
        send(&h, Actor::System, Command::Hold, None, None)
            .await
            .map(|_| ())
    }

    /// Keep a game's freshest interaction token (issued at `issued_ms`).
    pub async fn save_token(&self, game: i64, token: &str, issued_ms: i64) -> Result<(), Problem> {
        self.inner
            .store
            .save_token(HostedToken {
                game,
                token: token.to_string(),
                issued_ms,
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
