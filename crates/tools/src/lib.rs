//! Developer tools, kept out of the bot: tournaments (`sim`), training (`train`), the board
//! gallery, the scenario runner and the benchmarks. The `yut-tools` binary runs them; tests
//! use the same functions.

pub mod activity_bench;
pub mod engine_bench;
pub mod event_bench;
pub mod event_play_bench;
pub mod gallery;
pub mod games_bench;
pub mod press_bench;
pub mod rating_bench;
pub mod replay_bench;
pub mod replay_sim;
pub mod scenario;
pub mod sim;
pub mod table_bench;
pub mod train;
pub mod web_bench;
