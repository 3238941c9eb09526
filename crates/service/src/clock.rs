//! The service's clock: wall-clock milliseconds, read from the system every time (so stored
//! deadlines and lease expiries agree with every other process after a pause or a clock
//! step), or, in tests on tokio's paused clock, milliseconds that follow tokio's clock.
//!
//! Timers sleep on tokio's (monotonic) clock towards a wall-clock time; when the wall clock
//! steps (a virtual machine paused and resynchronised, an operator's correction), the
//! service's watcher ([`Clock::steps`]) notices within [`STEP_CHECK`] and every actor
//! recomputes its timer from the wall clock.

use super::*;
use std::sync::atomic::{AtomicI64, Ordering};

/// How often the service compares the wall clock with the monotonic clock.
pub const STEP_CHECK: Duration = Duration::from_millis(500);

/// A step of the wall clock against the monotonic clock larger than this re-arms every
/// timer (drift of a healthy clock is far below it; a paused machine is far above).
pub const STEP_THRESHOLD_MS: i64 = 200;

/// The grid computer actions wake on (see [`Clock::wake_at`]): a bot acts at most this much
/// after its delay, a time-out this much after its deadline. The games woken at one point of
/// the grid share a commit, so the grid sets how many actions a transaction carries: on
/// PostgreSQL, where a commit costs a round trip, a WAL flush and a plan, 20 ms (at 1,000
/// games 14.7 actions a commit against 9.7 at 10 ms, and 10-15 µs less of the server's CPU
/// per action); on SQLite, whose commit is cheap and whose tail grows with its batches, 10.
pub fn wake_grid(backend: yut_store::Backend) -> Duration {
    match backend {
        yut_store::Backend::Postgres => Duration::from_millis(20),
        yut_store::Backend::Sqlite => Duration::from_millis(10),
    }
}

/// The first point of the grid of `grid` from `origin` at or after `t` (`t` itself when it is
/// before the origin).
fn on_grid(t: Instant, origin: Instant, grid: Duration) -> Instant {
    let Some(since) = t.checked_duration_since(origin) else {
        return t;
    };
    let g = grid.as_nanos().max(1);
    let steps = since.as_nanos().div_ceil(g);
    origin + Duration::from_nanos((steps * g).min(u64::MAX as u128) as u64)
}

#[derive(Debug, Clone)]
enum Source {
    /// The system's wall clock, plus an offset a test can step.
    Wall { offset: Arc<AtomicI64> },
    /// `base_ms` at tokio instant `base`, moving with tokio's clock.
    Tokio { base_ms: i64, base: Instant },
}

/// Wall-clock milliseconds since the Unix epoch.
#[derive(Debug, Clone)]
pub struct Clock {
    source: Source,
}

/// A handle that steps a [`Clock::stepping`] clock, as an operator or a resumed virtual
/// machine would step the system clock (tests).
#[derive(Debug, Clone)]
pub struct ClockStepper(Arc<AtomicI64>);

impl ClockStepper {
    /// Move the clock by `ms` (negative: back).
    pub fn step(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

fn system_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Clock {
    /// The system clock, read at every use.
    pub fn system() -> Clock {
        Clock {
            source: Source::Wall {
                offset: Arc::new(AtomicI64::new(0)),
            },
        }
    }

    /// The system clock with a step a test controls.
    pub fn stepping() -> (Clock, ClockStepper) {
        let offset = Arc::new(AtomicI64::new(0));
        (
            Clock {
                source: Source::Wall {
                    offset: offset.clone(),
                },
            },
            ClockStepper(offset),
        )
    }

    /// A clock that reads `ms` now and then moves with tokio's clock (tests on a paused
    /// clock see time move only when they advance it).
    pub fn starting_at(ms: i64) -> Clock {
        Clock {
            source: Source::Tokio {
                base_ms: ms,
                base: Instant::now(),
            },
        }
    }

    pub fn now_ms(&self) -> i64 {
        match &self.source {
            Source::Wall { offset } => system_ms() + offset.load(Ordering::Relaxed),
            Source::Tokio { base_ms, base } => base_ms + base.elapsed().as_millis() as i64,
        }
    }

    /// The tokio instant of a wall-clock time (now, if it has passed), as the clocks stand
    /// now: re-read after a step.
    pub fn instant_at(&self, ms: i64) -> Instant {
        let now = Instant::now();
        let wait = ms - self.now_ms();
        if wait <= 0 {
            now
        } else {
            now + Duration::from_millis(wait as u64)
        }
    }

    /// When a game's computer action (a bot's turn, a time-out) due at `ms` wakes: the
    /// instant of [`Clock::instant_at`], put off to the next point of a grid of `grid`
    /// ([`wake_grid`]; never earlier). Games due in the same few milliseconds wake together:
    /// one wake-up of the runtime and one shared commit for many games, where each would
    /// have woken it on its own millisecond.
    pub fn wake_at(&self, ms: i64, grid: Duration) -> Instant {
        static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        on_grid(self.instant_at(ms), *ORIGIN.get_or_init(Instant::now), grid)
    }

    /// Watch the wall clock against the monotonic clock until `stop`; bump the returned
    /// counter whenever it stepped by more than [`STEP_THRESHOLD_MS`].
    pub(crate) fn steps(
        &self,
        mut stop: watch::Receiver<bool>,
    ) -> (watch::Receiver<u64>, Option<tokio::task::JoinHandle<()>>) {
        let (tx, rx) = watch::channel(0u64);
        if matches!(self.source, Source::Tokio { .. }) {
            // Follows tokio's clock exactly: it never steps.
            return (rx, None);
        }
        let clock = self.clone();
        let task = tokio::spawn(async move {
            let start = Instant::now();
            let start_ms = clock.now_ms();
            let mut skew = 0i64;
            let mut tick = tokio::time::interval(STEP_CHECK);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = stop.changed() => return,
                }
                // Wall time gone by minus monotonic time gone by since the start.
                let now = clock.now_ms() - start_ms - start.elapsed().as_millis() as i64;
                if (now - skew).abs() > STEP_THRESHOLD_MS {
                    tracing::warn!(
                        step_ms = now - skew,
                        "the wall clock stepped; every timer follows it"
                    );
                    skew = now;
                    tx.send_modify(|n| *n += 1);
                }
            }
        });
        (rx, Some(task))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wake_ups_fall_on_the_grid_never_before_their_time() {
        let origin = Instant::now();
        let ms = Duration::from_millis;
        let grid = ms(10);
        // On a point: itself; between two: the next; before the origin: itself.
        assert_eq!(on_grid(origin + ms(20), origin, grid), origin + ms(20));
        assert_eq!(on_grid(origin + ms(21), origin, grid), origin + ms(30));
        assert_eq!(
            on_grid(
                origin + ms(29) + Duration::from_nanos(999_999),
                origin,
                grid
            ),
            origin + ms(30)
        );
        assert_eq!(on_grid(origin, origin, grid), origin);
        // Times spread over a second fall on a hundred points, each at most 10 ms late; on
        // PostgreSQL's grid on fifty, each at most 20 ms late.
        for (backend, most) in [
            (yut_store::Backend::Sqlite, 101),
            (yut_store::Backend::Postgres, 51),
        ] {
            let grid = wake_grid(backend);
            let mut points = std::collections::BTreeSet::new();
            for us in (0..1_000_000u64).step_by(731) {
                let t = origin + Duration::from_micros(us);
                let w = on_grid(t, origin, grid);
                assert!(w >= t && w - t < grid, "{us} µs woke at {:?}", w - origin);
                points.insert(w);
            }
            assert!(points.len() <= most, "{backend:?}: {} points", points.len());
        }
    }
}
