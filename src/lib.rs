//! Yutbot, the Discord bot: the Discord layer over the game service. The layers below it are
//! crates of their own (see `docs/layout.md`): `yut-game` (rules), `yut-text`, `yut-ai`,
//! `yut-render`, `yut-rating`, `yut-store`, `yut-table`, `yut-replay`, `yut-service`.

pub mod bot;
pub mod discord;
pub mod offline;
pub mod play;
