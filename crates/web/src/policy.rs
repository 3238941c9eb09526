//! What each server shows on the web (`/yut settings web:`), and the epoch its links are
//! signed with (`web_revoke` bumps it: every link given before stops working). Read from the
//! server's settings and kept for [`FRESH`], so a change takes effect within that time.

use crate::ApiError;
use axum::http::StatusCode;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use yut_service::Service;

/// How long a server's setting is trusted before it is read again.
pub const FRESH: Duration = Duration::from_secs(10);

/// What a server shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Nothing: no links on its boards, and its pages (even from old links) say so.
    Off,
    /// Each board links to its live page, each finished game to its replay (the default).
    Links,
    /// Those, and the server's standings page.
    Standings,
}

impl Shown {
    /// The stored word (None is the default).
    pub fn of_setting(word: Option<&str>) -> Shown {
        match word {
            Some("off") => Shown::Off,
            Some("standings") => Shown::Standings,
            _ => Shown::Links,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub shown: Shown,
    pub epoch: i64,
}

impl Policy {
    /// The key a kind of link is signed under (`watch`, `replay`, `standings`) in this epoch.
    pub fn kind(&self, what: &str) -> String {
        format!("{what}:{}", self.epoch)
    }
}

/// The servers' policies, read on demand and kept a little while.
#[derive(Clone, Default)]
pub struct Policies {
    svc: Arc<OnceLock<Service>>,
    cache: Arc<Mutex<HashMap<u64, (Policy, Instant)>>>,
}

impl Policies {
    pub fn new(svc: Arc<OnceLock<Service>>) -> Policies {
        Policies {
            svc,
            cache: Arc::default(),
        }
    }

    /// Without waiting (for a board being drawn): the server's policy if it was read before
    /// (a stale one is read again in the background); None the first time, while it is read.
    pub fn cached(&self, guild: u64) -> Option<Policy> {
        let hit = self.cache.lock().expect("policies").get(&guild).copied();
        if hit.is_none_or(|(_, at)| at.elapsed() > FRESH) {
            if let Some(svc) = self.svc.get().cloned() {
                if tokio::runtime::Handle::try_current().is_ok() {
                    let me = self.clone();
                    tokio::spawn(async move {
                        let _ = me.read(&svc, guild).await;
                    });
                }
            }
        }
        hit.map(|(p, _)| p)
    }

    /// For a link on a board being drawn: the cached policy, or, for a server not read yet
    /// (its first game since this process started: it is read now), the default one. A
    /// server that turned its pages off or revoked its links may then get one link that
    /// opens nothing (its pages check the policy read from the database).
    pub fn for_links(&self, guild: u64) -> Policy {
        self.cached(guild).unwrap_or(Policy {
            shown: Shown::Links,
            epoch: 0,
        })
    }

    /// The server's policy now (read if not fresh).
    pub async fn get(&self, guild: u64) -> Result<Policy, ApiError> {
        if let Some((p, at)) = self.cache.lock().expect("policies").get(&guild).copied() {
            if at.elapsed() <= FRESH {
                return Ok(p);
            }
        }
        let svc = self.svc.get().cloned().ok_or_else(ApiError::starting)?;
        self.read(&svc, guild).await
    }

    async fn read(&self, svc: &Service, guild: u64) -> Result<Policy, ApiError> {
        let d = svc.server_defaults(guild).await.map_err(|p| {
            let mut e = ApiError::problem(p, yut_table::core::Lang::En);
            e.status = StatusCode::SERVICE_UNAVAILABLE;
            e
        })?;
        let p = Policy {
            shown: Shown::of_setting(d.web.as_deref()),
            epoch: d.web_epoch,
        };
        self.cache
            .lock()
            .expect("policies")
            .insert(guild, (p, Instant::now()));
        Ok(p)
    }

    /// Forget a server's policy (its settings just changed): read again when next needed.
    pub fn forget(&self, guild: u64) {
        self.cache.lock().expect("policies").remove(&guild);
    }

    /// Read these servers' policies now (at start, so their boards have links at once).
    pub async fn preload(&self, guilds: impl IntoIterator<Item = u64>) {
        if let Some(svc) = self.svc.get().cloned() {
            for g in guilds {
                let _ = self.read(&svc, g).await;
            }
        }
    }
}

/// The refusal for a server that shows nothing.
pub fn off() -> ApiError {
    ApiError::said(
        StatusCode::NOT_FOUND,
        "web-error-off",
        yut_table::core::Lang::En,
    )
}

/// The refusal for a link that is not (or no longer) valid.
pub fn bad_link() -> ApiError {
    ApiError::said(
        StatusCode::NOT_FOUND,
        "web-error-bad-link",
        yut_table::core::Lang::En,
    )
}

/// The number a token starts with (a game or a server), before its signature is checked.
pub fn subject(token: &str) -> Result<i64, ApiError> {
    token
        .split_once('-')
        .and_then(|(n, _)| n.parse::<i64>().ok())
        .filter(|n| *n > 0)
        .ok_or_else(bad_link)
}
