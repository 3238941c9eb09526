//! What people asked to be told (turn reminders, following) and the games' starts and ends
//! that the Discord layer tells them about.

use super::*;
/// What a person asked to be told, and whom they follow: the records the service's reach API
/// takes and gives (the doors use them from here, never from the store).
pub use yut_store::{Followed, Follower, NotifyMode, NotifyPref, MAX_FOLLOWS};

/// A game started or ended (told by the process that drives it, once per change).
#[derive(Debug, Clone)]
pub enum GameEvent {
    /// The lobby became a game.
    Started(Arc<Table>),
    /// The game is over: finished, or stopped after it began.
    Ended(Arc<Table>),
}

/// Told of every game that starts or ends.
pub type EventHook = Arc<dyn Fn(GameEvent) + Send + Sync>;

/// The event of a table's change, if it is one: a lobby that starts, a game that ends.
pub fn event_of(before: Status, after: &Arc<Table>) -> Option<GameEvent> {
    match (before, after.status) {
        (Status::Lobby, Status::Playing) => Some(GameEvent::Started(after.clone())),
        (Status::Playing, Status::Finished | Status::Stopped) => {
            Some(GameEvent::Ended(after.clone()))
        }
        _ => None,
    }
}

impl Service {
    /// A person's turn reminders (the default, a ping in the channel, if they cannot be
    /// read: a reminder is never lost to a database error).
    pub async fn notify_pref(&self, user: u64) -> NotifyPref {
        self.inner.store.notify_pref(user).await.unwrap_or_else(|e| {
            tracing::warn!(user, error = %e, "reading a person's turn reminders; using the default");
            NotifyPref::default()
        })
    }

    /// Remember a person's turn reminders.
    pub async fn set_notify_pref(&self, user: u64, pref: NotifyPref) -> Result<(), Problem> {
        let now = self.now_ms();
        self.inner
            .store
            .set_notify_pref(user, pref, now)
            .await
            .map_err(|e| {
                tracing::error!(user, error = %e, "saving a person's turn reminders");
                Problem::Storage(e)
            })
    }

    /// Follow a game or a player; false if already followed or the list is full.
    pub async fn follow(&self, user: u64, what: Followed, lang: Lang) -> Result<bool, Problem> {
        let now = self.now_ms();
        self.inner
            .store
            .follow(user, what, yut_text::code(lang), now)
            .await
            .map_err(|e| {
                tracing::error!(user, ?what, error = %e, "saving a follow");
                Problem::Storage(e)
            })
    }

    /// Stop following; false if it was not followed.
    pub async fn unfollow(&self, user: u64, what: Followed) -> Result<bool, Problem> {
        self.inner.store.unfollow(user, what).await.map_err(|e| {
            tracing::error!(user, ?what, error = %e, "removing a follow");
            Problem::Storage(e)
        })
    }

    /// What a person follows.
    pub async fn follows_of(&self, user: u64) -> Result<Vec<Followed>, Problem> {
        self.inner.store.follows_of(user).await.map_err(|e| {
            tracing::error!(user, error = %e, "reading a person's follows");
            Problem::Storage(e)
        })
    }

    /// Who follows this game or one of its people; an ended game's follows are forgotten
    /// (they were for its end).
    pub async fn followers(&self, table: &Table, ended: bool) -> Vec<Follower> {
        let people: Vec<u64> = table.seats.iter().filter_map(|s| s.player.user()).collect();
        let store = &self.inner.store;
        let out = match store.followers(table.id, &people).await {
            Ok(f) => f,
            Err(e) => {
                tracing::error!(game = table.id, error = %e, "reading the game's followers");
                return Vec::new();
            }
        };
        if ended {
            if let Err(e) = store.forget_game_follows(table.id).await {
                tracing::warn!(game = table.id, error = %e, "forgetting an ended game's follows");
            }
        }
        out
    }
}
