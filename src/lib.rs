//! Yutbot: Yut Nori (윷놀이) for Discord. `game` holds the rules; the other modules come as
//! the bot grows (see DESIGN.md in the shared folder).

pub mod ai;
pub mod bench;
pub mod discord;
pub mod fortune;
pub mod game;
pub mod i18n;
pub mod rating;
pub mod render;
pub mod replay;
pub mod scenario;
pub mod sim;
pub mod store;
pub mod table;
