//! After the game, through the service: the replay, the chart, a player's review and the
//! history of a server (the Discord layer asks the service, never the store).

use super::*;
use after::{AfterProblem, ReplayFiles};
use yut_store::PastGame;

impl Service {
    /// The replay GIF and record of `game` (default: this channel's last finished game),
    /// within `limit` bytes.
    pub async fn replay(
        &self,
        guild: u64,
        channel: u64,
        game: Option<i64>,
        limit: usize,
    ) -> Result<ReplayFiles, AfterProblem> {
        after::replay(self, guild, channel, game, limit).await
    }

    /// The win-chance chart of `game` and its caption.
    pub async fn analysis(
        &self,
        guild: u64,
        game: i64,
    ) -> Result<(after::Picture, String), AfterProblem> {
        after::analysis(self, guild, game).await
    }

    /// How the throws of `game` are made fair, for the "Fair throws" button.
    pub async fn fair(&self, guild: u64, game: i64, lang: Lang) -> Result<String, AfterProblem> {
        after::fair(&self.inner.store, guild, game, lang).await
    }

    /// `/yut verify game:N`: the game's record checked (Ok: the number of throws checked).
    pub async fn verify_game(
        &self,
        guild: u64,
        game: i64,
    ) -> Result<Result<usize, yut_replay::record::Rejected>, AfterProblem> {
        after::verify_game(self, guild, game).await
    }

    /// `user`'s costliest decisions in `game`, in words and pictures.
    pub async fn my_review(
        &self,
        guild: u64,
        game: i64,
        user: u64,
        lang: Lang,
    ) -> Result<(String, Vec<after::Picture>), AfterProblem> {
        after::my_review(self, guild, game, user, lang).await
    }

    /// The last `limit` finished games of a server (or of one person in it).
    pub async fn history(
        &self,
        guild: u64,
        user: Option<u64>,
        limit: u32,
    ) -> Result<Vec<PastGame>, AfterProblem> {
        after::history(&self.inner.store, guild, user, limit).await
    }
}
