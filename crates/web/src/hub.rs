//! The newest boards of the games pages follow, pushed to every page that follows them: one
//! channel per game, each board serialized once however many pages watch it. A page that
//! falls behind skips to the newest board rather than slowing the game down.

use crate::frame::Frame;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Boards kept per game for pages still fetching a picture they were told of.
const PICTURES_KEPT: usize = 4;
/// Boards a slow page may fall behind before it skips to the newest.
const BACKLOG: usize = 32;

/// A board as published: its frame serialized once, and its picture.
#[derive(Debug)]
pub struct Shown {
    pub game: i64,
    pub version: u64,
    /// The game's language (`en`, `ko`, `es`).
    pub lang: &'static str,
    /// The game is over on this board.
    pub over: bool,
    pub json: String,
}

struct Entry {
    tx: broadcast::Sender<Arc<Shown>>,
    last: Option<Arc<Shown>>,
    pictures: VecDeque<(u64, Arc<Vec<u8>>)>,
}

impl Entry {
    fn new() -> Entry {
        Entry {
            tx: broadcast::channel(BACKLOG).0,
            last: None,
            pictures: VecDeque::new(),
        }
    }
}

/// What the hub has done (for `/metrics`).
#[derive(Debug, Default)]
pub struct HubStats {
    /// Boards published.
    pub published: AtomicU64,
    /// Pages following a game right now.
    pub followers: AtomicUsize,
    /// Boards a slow page skipped.
    pub skipped: AtomicU64,
}

/// Live streams one address may hold open at once (a page holds one).
pub const STREAMS_PER_ADDRESS: usize = 32;

/// The boards of the games pages follow.
#[derive(Default)]
pub struct Hub {
    games: Mutex<HashMap<i64, Entry>>,
    pub stats: HubStats,
    /// Open streams per client address, and how many one may hold (0: the default).
    streams: Mutex<HashMap<std::net::IpAddr, usize>>,
    pub max_per_address: AtomicUsize,
}

/// A stream admitted for an address: counted until dropped.
pub struct Admitted {
    hub: Arc<Hub>,
    ip: std::net::IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut streams = self.hub.streams.lock().expect("streams lock");
        if let Some(n) = streams.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                streams.remove(&self.ip);
            }
        }
    }
}

impl Hub {
    pub fn new() -> Arc<Hub> {
        Arc::new(Hub::default())
    }

    /// Let one more stream of `ip` in, unless it holds its share already.
    pub fn admit(self: &Arc<Hub>, ip: std::net::IpAddr) -> Option<Admitted> {
        let max = match self.max_per_address.load(Ordering::Relaxed) {
            0 => STREAMS_PER_ADDRESS,
            n => n,
        };
        let mut streams = self.streams.lock().expect("streams lock");
        let n = streams.entry(ip).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Admitted {
            hub: self.clone(),
            ip,
        })
    }

    /// Publish a board: kept as the game's newest, sent to every page following it. A board
    /// older than the newest (a click's answer and a pushed update can cross) is dropped.
    pub fn publish(&self, frame: &Frame, picture: Option<Vec<u8>>) {
        let json = match serde_json::to_string(frame) {
            Ok(j) => j,
            Err(e) => {
                tracing::error!(error = %e, "serializing a board");
                return;
            }
        };
        let shown = Arc::new(Shown {
            game: frame.game,
            version: frame.version,
            lang: frame.lang,
            over: frame.over,
            json,
        });
        let mut games = self.games.lock().expect("hub lock");
        let entry = games.entry(frame.game).or_insert_with(Entry::new);
        if entry
            .last
            .as_ref()
            .is_some_and(|l| l.version > frame.version)
        {
            return;
        }
        if let Some(p) = picture {
            entry.pictures.retain(|(v, _)| *v != frame.version);
            entry.pictures.push_back((frame.version, Arc::new(p)));
            while entry.pictures.len() > PICTURES_KEPT {
                entry.pictures.pop_front();
            }
        }
        // The same board again (a page that opened a game driven elsewhere shows it as
        // stored, then its follower reads it whole), whenever each was made: pushed once.
        if entry.last.as_ref().is_some_and(|l| {
            l.version == shown.version && timeless(&l.json) == timeless(&shown.json)
        }) {
            return;
        }
        entry.last = Some(shown.clone());
        let _ = entry.tx.send(shown);
        self.stats.published.fetch_add(1, Ordering::Relaxed);
    }

    /// The game's newest board, if any was published.
    pub fn last(&self, game: i64) -> Option<Arc<Shown>> {
        let games = self.games.lock().expect("hub lock");
        games.get(&game).and_then(|e| e.last.clone())
    }

    /// Follow a game: its newest board now (if any), and every later one.
    pub fn follow(&self, game: i64) -> (Option<Arc<Shown>>, broadcast::Receiver<Arc<Shown>>) {
        let mut games = self.games.lock().expect("hub lock");
        let entry = games.entry(game).or_insert_with(Entry::new);
        (entry.last.clone(), entry.tx.subscribe())
    }

    /// Does any page follow this game now (boards of a game nobody watches need not be
    /// drawn for the web)?
    pub fn followed(&self, game: i64) -> bool {
        let games = self.games.lock().expect("hub lock");
        games.get(&game).is_some_and(|e| e.tx.receiver_count() > 0)
    }

    /// The picture of a game's board `version`, while it is one of the newest few.
    pub fn picture(&self, game: i64, version: u64) -> Option<Arc<Vec<u8>>> {
        let games = self.games.lock().expect("hub lock");
        let e = games.get(&game)?;
        e.pictures
            .iter()
            .find(|(v, _)| *v == version)
            .map(|(_, p)| p.clone())
    }

    /// Forget a game nobody follows (it ended, its pages closed).
    pub fn forget_unfollowed(&self, game: i64) {
        let mut games = self.games.lock().expect("hub lock");
        if games.get(&game).is_some_and(|e| e.tx.receiver_count() == 0) {
            games.remove(&game);
        }
    }
}

/// A board's JSON less the moment it was made (`now_ms`, from which a page counts down):
/// two frames of one board made at two moments show the same. (Inside the strings before it
/// every quote is escaped, so the key is found only as the key.)
fn timeless(json: &str) -> (&str, &str) {
    const KEY: &str = "\"now_ms\":";
    match json.find(KEY) {
        Some(i) => {
            let rest = &json[i + KEY.len()..];
            let end = rest
                .find(|c: char| c != '-' && !c.is_ascii_digit())
                .unwrap_or(rest.len());
            (&json[..i], &rest[end..])
        }
        None => (json, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(game: i64, version: u64) -> Frame {
        Frame {
            game,
            version,
            text: format!("v{version}"),
            rows: vec![],
            deadline_ms: None,
            now_ms: 0,
            board: None,
            alt: None,
            lang: "en",
            over: false,
            link: None,
            svg: None,
            seats: vec![],
            pool: vec![],
            said: vec![],
            toss: None,
        }
    }

    #[test]
    fn followers_get_every_newer_board_and_never_an_older_one() {
        let hub = Hub::new();
        hub.publish(&frame(1, 3), Some(vec![3]));
        let (last, mut rx) = hub.follow(1);
        assert_eq!(last.map(|s| s.version), Some(3));
        hub.publish(&frame(1, 2), Some(vec![2]));
        hub.publish(&frame(1, 4), Some(vec![4]));
        hub.publish(&frame(2, 9), None);
        // The same board again is not pushed again (made later or not); the same version
        // with other words is.
        hub.publish(&frame(1, 4), Some(vec![4]));
        let mut later = frame(1, 4);
        later.now_ms = 1_765_000_000_123;
        hub.publish(&later, None);
        let mut changed = frame(1, 4);
        changed.text = "v4, with the ratings read".into();
        hub.publish(&changed, None);
        assert_eq!(rx.try_recv().map(|s| s.version).ok(), Some(4));
        assert_eq!(
            rx.try_recv().map(|s| s.json.contains("ratings")).ok(),
            Some(true)
        );
        assert!(rx.try_recv().is_err());
        // The key in the words is words: the moment is still told apart from them.
        let mut worded = frame(1, 4);
        worded.text = "v4 \"now_ms\":5".into();
        hub.publish(&worded, None);
        worded.now_ms = 7;
        hub.publish(&worded, None);
        worded.text = "v4 \"now_ms\":6".into();
        hub.publish(&worded, None);
        let texts: Vec<bool> = std::iter::from_fn(|| rx.try_recv().ok())
            .map(|s| s.json.contains(":6"))
            .collect();
        assert_eq!(texts, vec![false, true]);
        assert_eq!(hub.picture(1, 2), None);
        assert_eq!(hub.picture(1, 4).as_deref(), Some(&vec![4]));
        assert!(hub.followed(1));
        assert!(!hub.followed(2));
        let ip: std::net::IpAddr = [10, 0, 0, 1].into();
        let held: Vec<_> = (0..STREAMS_PER_ADDRESS)
            .map(|_| hub.admit(ip).unwrap())
            .collect();
        assert!(
            hub.admit(ip).is_none(),
            "an address holds at most its share"
        );
        assert!(
            hub.admit([10, 0, 0, 2].into()).is_some(),
            "another address is let in"
        );
        drop(held);
        assert!(hub.admit(ip).is_some(), "closed streams free their places");
        for v in 5..20 {
            hub.publish(&frame(1, v), Some(vec![v as u8]));
        }
        assert_eq!(
            hub.picture(1, 4),
            None,
            "only the newest few pictures are kept"
        );
        assert!(hub.picture(1, 19).is_some());
    }
}
