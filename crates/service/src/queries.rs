//! Queries of the ratings and statistics, over the store.

use super::*;

impl Service {
    pub async fn stats(&self, guild: u64, user: u64) -> Result<Option<Stats>, StoreError> {
        self.inner.store.stats(guild, user).await
    }

    pub async fn leaderboard(&self, guild: u64, limit: u32) -> Result<Vec<Stats>, StoreError> {
        self.inner.store.leaderboard(guild, limit).await
    }

    /// A season's standings in a family: the season named, else the current one.
    pub async fn standings(
        &self,
        guild: u64,
        family: yut_rating::ModeFamily,
        season: Option<String>,
    ) -> Result<yut_store::Standings, StoreError> {
        let now = self.now_ms();
        self.inner.store.standings(guild, family, season, now).await
    }

    /// Every season a server has ratings in, newest first.
    pub async fn seasons(&self, guild: u64) -> Result<Vec<String>, StoreError> {
        self.inner.store.seasons(guild).await
    }

    /// A person's card (`/yut stats`) as of now.
    pub async fn card(&self, guild: u64, user: u64) -> Result<Option<yut_store::Card>, StoreError> {
        let now = self.now_ms();
        self.inner.store.card(guild, user, now).await
    }
}
