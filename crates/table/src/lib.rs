//! Lobbies, seats, turns, timers, auto-play and the platform-neutral view of a game.
//! `core` is the pure state machine; `service` runs one actor per game with storage and time.

pub mod after;
pub mod core;
pub mod custom_id;
pub mod fortune;
pub mod open;
pub mod paint;
pub mod persist;
pub mod standings;
pub mod view;

pub use self::core::{Actor, Command, Lang, Player, Refusal, Settings, Status, Table, ThrowSeed};
pub use custom_id::{AfterButton, ButtonId};
pub use view::{Button, Painter, Style, View};
