//! Lobbies, seats, turns, timers, auto-play and the platform-neutral view of a game.
//! `core` is the pure state machine; `service` runs one actor per game with storage and time.

pub mod after;
pub mod bench;
pub mod core;
pub mod demo;
pub mod open;
pub mod paint;
pub mod persist;
pub mod service;
pub mod standings;
pub mod view;

pub use self::core::{Actor, Command, Lang, Player, Refusal, Settings, Status, Table, ThrowSeed};
pub use view::{Button, Painter, Style, View};
