//! A game played in a thread of its own: waiting for it to open.

use super::*;

impl Table {
    /// Is the game waiting for its thread to open?
    pub fn opening_thread(&self) -> bool {
        self.status == Status::Playing && self.thread == Some(Thread::Opening)
    }

    /// The thread the game is played in and the channel of its lobby, once it moved there.
    pub fn thread_parent(&self) -> Option<u64> {
        match self.thread {
            Some(Thread::Open { parent }) => Some(parent),
            _ => None,
        }
    }

    /// The game's thread opened (`Some` channel: the game moves there) or could not be: play
    /// on, the first player's time counting from now.
    pub(crate) fn thread_opened(&mut self, id: Option<u64>, now: i64) {
        match id {
            Some(thread) => {
                self.thread = Some(Thread::Open {
                    parent: self.channel,
                });
                self.channel = thread;
            }
            None => {
                self.thread = Some(Thread::Refused);
                self.notice_turns = 0;
                self.notice = Some(Notice::NoThread);
            }
        }
        self.arm(now);
    }
}
