//! Every integration test, in one test binary: one link instead of one per file (the links of
//! about twenty binaries of 300 MB were most of `cargo test`'s time). Each file is a module;
//! run one file's tests with `cargo test --test it <file>::`, e.g.
//! `cargo test --test it discord_wire::`. The multi-process test (`tests/processes/`, real
//! `yutbot run` processes killed and restarted on a timetable) stays a binary of its own, so it
//! runs after these and alone.

#[macro_use]
mod common;
mod standin;

mod agreement;
mod ai;
mod announcements;
mod catalog;
mod challenges;
mod clock;
mod custom_id;
mod db_outage;
mod discord_wire;
mod engine_api;
mod event_kinds;
mod event_page;
mod events;
mod fuzz_play;
mod group_commit;
mod hosted;
mod indexes;
mod layout;
mod leases;
mod owed_throws;
mod pings;
mod random_games;
mod ratings_service;
mod reach;
mod registration;
mod render;
mod replay;
mod replay_service;
mod scenarios;
mod startup;
mod store_concurrency;
mod table_service;
mod table_views;
mod throws;
mod web_pages;
