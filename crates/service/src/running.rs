//! The running games' actors, found by channel (a click names its channel) and by game (a
//! page, a follower or a forwarded press names its game). Finding a game by scanning every
//! channel's entry cost a fifth of a millisecond with 12,500 games on a process, for every
//! announcement and press.

use crate::actor::Msg;
use std::collections::HashMap;
use tokio::sync::mpsc;

/// A running game's actor, as the service finds it.
pub(crate) struct Handle {
    pub game: i64,
    pub guild: u64,
    pub tx: mpsc::Sender<Msg>,
}

/// Channel → its game's actor, and each game's channel.
#[derive(Default)]
pub(crate) struct Running {
    by_channel: HashMap<u64, Handle>,
    channel_of: HashMap<i64, u64>,
}

impl Running {
    pub fn get(&self, channel: &u64) -> Option<&Handle> {
        self.by_channel.get(channel)
    }

    /// The entry of game `game`, wherever it is played.
    pub fn of_game(&self, game: i64) -> Option<&Handle> {
        let channel = self.channel_of.get(&game)?;
        self.by_channel.get(channel).filter(|h| h.game == game)
    }

    pub fn values(&self) -> impl Iterator<Item = &Handle> {
        self.by_channel.values()
    }

    /// (channel, its entry).
    pub fn iter(&self) -> impl Iterator<Item = (&u64, &Handle)> {
        self.by_channel.iter()
    }

    /// Take every entry out.
    pub fn drain(&mut self) -> impl Iterator<Item = (u64, Handle)> + '_ {
        self.channel_of.clear();
        self.by_channel.drain()
    }

    pub fn insert(&mut self, channel: u64, h: Handle) {
        let game = h.game;
        if let Some(old) = self.by_channel.insert(channel, h) {
            self.forget(old.game, channel);
        }
        self.channel_of.insert(game, channel);
    }

    pub fn remove(&mut self, channel: &u64) -> Option<Handle> {
        let h = self.by_channel.remove(channel)?;
        self.forget(h.game, *channel);
        Some(h)
    }

    /// Keep only the entries `keep` says to keep.
    pub fn retain(&mut self, mut keep: impl FnMut(&u64, &mut Handle) -> bool) {
        self.by_channel.retain(|c, h| keep(c, h));
        let by_channel = &self.by_channel;
        self.channel_of
            .retain(|g, c| by_channel.get(c).is_some_and(|h| h.game == *g));
    }

    pub fn clear(&mut self) {
        self.by_channel.clear();
        self.channel_of.clear();
    }

    /// `game` is no longer at `channel` (it may have moved on to another).
    fn forget(&mut self, game: i64, channel: u64) {
        if self.channel_of.get(&game) == Some(&channel) {
            self.channel_of.remove(&game);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handle(game: i64) -> Handle {
        let (tx, _) = mpsc::channel(1);
        Handle { game, guild: 1, tx }
    }

    fn games(r: &Running) -> Vec<(i64, u64)> {
        let mut v: Vec<(i64, u64)> = r.channel_of.iter().map(|(g, c)| (*g, *c)).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn a_game_is_found_where_it_is_played_as_it_moves_and_ends() {
        let mut r = Running::default();
        r.insert(10, handle(1));
        r.insert(20, handle(2));
        assert_eq!(r.of_game(1).map(|h| h.game), Some(1));
        // Game 1 moves to its thread (channel 11); a newer game 3 opens in channel 10.
        let h = r.remove(&10).unwrap();
        r.insert(11, h);
        r.insert(10, handle(3));
        assert_eq!(games(&r), vec![(1, 11), (2, 20), (3, 10)]);
        // A newer game replaces an entry: the old game is no longer found.
        r.insert(20, handle(4));
        assert!(r.of_game(2).is_none());
        assert_eq!(r.of_game(4).map(|h| h.game), Some(4));
        // A shard let go.
        r.retain(|c, _| *c != 11);
        assert!(r.of_game(1).is_none());
        assert_eq!(games(&r), vec![(3, 10), (4, 20)]);
        assert!(r.remove(&99).is_none());
        r.clear();
        assert!(r.of_game(3).is_none() && r.values().next().is_none());
    }
}
