//! The service's clock: wall-clock milliseconds that follow tokio's clock.

use super::*;

/// Wall-clock milliseconds that follow tokio's clock (so tests with a paused clock see time
/// move only when they advance it).
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    base_ms: i64,
    base: Instant,
}

impl Clock {
    /// Now, by the system clock.
    pub fn system() -> Clock {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        Clock::starting_at(ms)
    }

    /// A clock that reads `ms` now.
    pub fn starting_at(ms: i64) -> Clock {
        Clock {
            base_ms: ms,
            base: Instant::now(),
        }
    }

    pub fn now_ms(&self) -> i64 {
        self.base_ms + self.base.elapsed().as_millis() as i64
    }

    /// The tokio instant of a wall-clock time (now, if it has passed).
    pub fn instant_at(&self, ms: i64) -> Instant {
        let now = Instant::now();
        let wait = ms - self.now_ms();
        if wait <= 0 {
            now
        } else {
            now + Duration::from_millis(wait as u64)
        }
    }
}
