//! Ratings, seasons and fair play (issue 15): the store rates each recorded result once, in
//! the transaction that records it, per server, season and mode family; the service records
//! a leaver's loss and never rates an abandoned game; the texts fit Discord's limits.
//! Every store test runs on SQLite and PostgreSQL.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use yut_ai::Level;
use yut_game::{Preset, Rules};

use crate::common::TestDb;
use yut_rating::game::{rate_game, Occupant, RatedSeat};
use yut_rating::{soft_reset, ModeFamily, Rating};
use yut_service::{Clock, Config, Service};
use yut_store::{
    Backend, Card, GameStatus, LogRow, NewGame, PlayerResult, RatingRow, ResultRow, ServerDefaults,
    Standings, Store,
};
use yut_table::core::{Actor, Command, Lang, Notice, Settings, Status};
use yut_table::persist;
use yut_table::standings::{card_text, leaderboard_text, MESSAGE_LIMIT};
use yut_table::view::NoPainter;

pub(crate) const GUILD: u64 = 7;
/// 2026-11-20T00:00:00Z and 2026-12-03T00:00:00Z.
pub(crate) const NOV: i64 = 1_795_132_800_000;
const DEC: i64 = 1_796_256_000_000;

/// A finished game's row (the store keeps results of games it knows).
pub(crate) async fn game_row(store: &Store, channel: u64, at: i64) -> i64 {
    let id = store.new_game_id().await.unwrap();
    store
        .create(NewGame {
            id,
            guild: GUILD,
            channel,
            host: 1,
            status: GameStatus::Finished,
            rules: String::new(),
            state: "{}".into(),
            version: 1,
            deadline_ms: None,
            seats: Vec::new(),
            log: LogRow {
                version: 1,
                actor: "system".into(),
                command: "{}".into(),
                played: None,
                at_ms: at,
            },
            now_ms: at,
            fence: 0,
            lease: None,
        })
        .await
        .unwrap();
    id
}

fn person(user: u64, won: bool) -> PlayerResult {
    PlayerResult {
        user,
        name: format!("P{user}"),
        won,
        team_won: false,
        captures: 0,
        pieces_home: 0,
        left: false,
        timeouts: 0,
    }
}

pub(crate) fn seat(side: u8, occupant: Occupant) -> RatedSeat {
    RatedSeat { side, occupant }
}

/// A result: `seats` with their sides, `ranks` per side; people listed in `seats` win when
/// their side's rank is 1.
pub(crate) fn result(
    game: i64,
    at: i64,
    family: ModeFamily,
    seats: Vec<RatedSeat>,
    ranks: Vec<usize>,
) -> ResultRow {
    let players = seats
        .iter()
        .filter_map(|s| {
            let u = s.occupant.user()?;
            let mut p = person(
                u,
                ranks[s.side as usize] == 1 && !matches!(s.occupant, Occupant::Left(_)),
            );
            p.left = matches!(s.occupant, Occupant::Left(_));
            Some(p)
        })
        .collect();
    let winner = ranks.iter().position(|&r| r == 1).unwrap() as u8;
    ResultRow {
        game,
        guild: GUILD,
        winner_side: winner,
        teams: family == ModeFamily::Teams,
        ranking: "[]".into(),
        finished_ms: at,
        players,
        family: Some(family),
        preset: Preset::Standard,
        seats,
        side_ranks: ranks,
    }
}

fn by_user(s: &Standings) -> HashMap<u64, RatingRow> {
    s.rows.iter().map(|r| (r.user, r.clone())).collect()
}

async fn ratings_move_in_1v1(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rate-1v1").await else {
        return;
    };
    let store = db.store().await;
    let g = game_row(&store, 1, NOV).await;
    let r = result(
        g,
        NOV,
        ModeFamily::OneVsOne,
        vec![seat(0, Occupant::Human(1)), seat(1, Occupant::Human(2))],
        vec![2, 1],
    );
    store.record_result(r.clone()).await.unwrap();
    // Exactly once: the same result again changes nothing.
    store.record_result(r).await.unwrap();
    let s = store
        .standings(GUILD, ModeFamily::OneVsOne, None, NOV)
        .await
        .unwrap();
    assert_eq!(s.season, "all", "seasons are off by default");
    let by = by_user(&s);
    assert_eq!(by.len(), 2);
    assert!(by[&2].rating.mu > 25.0 && by[&1].rating.mu < 25.0, "{by:?}");
    assert_eq!(
        (by[&2].rating.games, by[&2].season_games, by[&2].season_wins),
        (1, 1, 1)
    );
    assert_eq!((by[&1].season_games, by[&1].season_wins), (1, 0));
    assert_eq!(s.rows[0].user, 2, "the winner first");
    // Exactly the core's numbers.
    let expect = rate_game(
        ModeFamily::OneVsOne,
        Preset::Standard,
        &[seat(0, Occupant::Human(1)), seat(1, Occupant::Human(2))],
        &[2, 1],
        &HashMap::new(),
    )
    .unwrap();
    assert_eq!(by[&1].rating, expect[0].1);
    // Nothing in the other families.
    for f in [ModeFamily::Teams, ModeFamily::FreeForAll] {
        assert!(store
            .standings(GUILD, f, None, NOV)
            .await
            .unwrap()
            .rows
            .is_empty());
    }
    // Stats: games, wins, the recent game, a streak.
    let card = store.card(GUILD, 2, NOV).await.unwrap().unwrap();
    assert_eq!(
        (card.games, card.wins, card.streak, card.best_streak),
        (1, 1, 1, 1)
    );
    assert_eq!(card.recent.len(), 1);
    assert_eq!(card.recent[0].game, g);
    assert_eq!(card.recent[0].before, Some(1000));
    assert_eq!(card.recent[0].after, Some(by[&2].rating.display()));
    assert_eq!(card.families.len(), 1);
    assert_eq!(card.families[0].family, ModeFamily::OneVsOne);
    assert_eq!(card.families[0].rank, None, "provisional: no place yet");
    store.close().await;
    db.cleanup().await;
}

async fn ratings_move_in_2v2_with_a_bot(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rate-2v2").await else {
        return;
    };
    let store = db.store().await;
    let g = game_row(&store, 1, NOV).await;
    // Person 1 with a Master bot beats persons 2 and 3.
    let seats = vec![
        seat(0, Occupant::Human(1)),
        seat(1, Occupant::Human(2)),
        seat(0, Occupant::Bot(Level::Master)),
        seat(1, Occupant::Human(3)),
    ];
    store
        .record_result(result(g, NOV, ModeFamily::Teams, seats, vec![1, 2]))
        .await
        .unwrap();
    let s = store
        .standings(GUILD, ModeFamily::Teams, None, NOV)
        .await
        .unwrap();
    let by = by_user(&s);
    assert_eq!(by.len(), 3, "bots are never stored");
    assert!(by[&1].rating.mu > 25.0);
    assert!(by[&2].rating.mu < 25.0 && by[&3].rating.mu < 25.0);
    assert_eq!(by[&2].rating, by[&3].rating, "the same side moves alike");
    store.close().await;
    db.cleanup().await;
}

async fn ratings_move_in_four_seat_free_for_all(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rate-ffa").await else {
        return;
    };
    let store = db.store().await;
    let g = game_row(&store, 1, NOV).await;
    let seats = (0..4)
        .map(|i| seat(i, Occupant::Human(10 + i as u64)))
        .collect();
    // Seat 2 first, then 0, 3, 1.
    store
        .record_result(result(
            g,
            NOV,
            ModeFamily::FreeForAll,
            seats,
            vec![2, 4, 1, 3],
        ))
        .await
        .unwrap();
    let s = store
        .standings(GUILD, ModeFamily::FreeForAll, None, NOV)
        .await
        .unwrap();
    let mu = |u: u64| by_user(&s)[&u].rating.mu;
    assert!(
        mu(12) > mu(10) && mu(10) > mu(13) && mu(13) > mu(11),
        "{s:?}"
    );
    assert!(mu(12) > 25.0 && mu(11) < 25.0);
    let order: Vec<u64> = s.rows.iter().map(|r| r.user).collect();
    assert_eq!(order, vec![12, 10, 13, 11]);
    store.close().await;
    db.cleanup().await;
}

async fn leaving_counts_as_a_loss_in_the_store(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rate-left").await else {
        return;
    };
    let store = db.store().await;
    let g = game_row(&store, 1, NOV).await;
    // Person 1 left; the bot in their seat won the game for side 0.
    let seats = vec![seat(0, Occupant::Left(1)), seat(1, Occupant::Human(2))];
    let mut r = result(g, NOV, ModeFamily::OneVsOne, seats, vec![1, 2]);
    r.players.iter_mut().for_each(|p| p.timeouts = 2);
    store.record_result(r).await.unwrap();
    let s = store
        .standings(GUILD, ModeFamily::OneVsOne, None, NOV)
        .await
        .unwrap();
    let by = by_user(&s);
    assert!(by[&1].rating.mu < 25.0, "the leaver loses: {:?}", by[&1]);
    assert_eq!(by[&1].season_wins, 0);
    let card = store.card(GUILD, 1, NOV).await.unwrap().unwrap();
    assert_eq!(
        (card.games, card.wins, card.leaves, card.timeouts),
        (1, 0, 1, 2)
    );
    assert!(card.recent[0].left && !card.recent[0].won);
    assert_eq!(card.streak, -1);
    store.close().await;
    db.cleanup().await;
}

async fn all_bot_games_are_not_rated(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rate-bots").await else {
        return;
    };
    let store = db.store().await;
    let g = game_row(&store, 1, NOV).await;
    let seats = vec![
        seat(0, Occupant::Bot(Level::Easy)),
        seat(1, Occupant::Bot(Level::Master)),
    ];
    store
        .record_result(result(g, NOV, ModeFamily::OneVsOne, seats, vec![1, 2]))
        .await
        .unwrap();
    assert!(store.seasons(GUILD).await.unwrap().is_empty());
    store.close().await;
    db.cleanup().await;
}

async fn a_season_rolls_over_across_a_restart(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rate-season").await else {
        return;
    };
    let store = db.store().await;
    store
        .set_server_defaults(
            GUILD,
            &ServerDefaults {
                seasons: Some("monthly".into()),
                ..ServerDefaults::default()
            },
            NOV,
        )
        .await
        .unwrap();
    let one = [
        seat(0, Occupant::Human(1)),
        seat(1, Occupant::Bot(Level::Normal)),
    ];
    for i in 0..3 {
        let at = NOV + i * 60_000;
        let g = game_row(&store, 1, at).await;
        store
            .record_result(result(
                g,
                at,
                ModeFamily::OneVsOne,
                one.to_vec(),
                vec![1, 2],
            ))
            .await
            .unwrap();
    }
    let nov = store
        .standings(GUILD, ModeFamily::OneVsOne, None, NOV)
        .await
        .unwrap();
    assert_eq!(nov.season, "2026-11");
    let after_nov = nov.rows[0].rating;
    assert_eq!((after_nov.games, nov.rows[0].season_games), (3, 3));
    // The bot is down across the boundary: the store is closed and opened again in December.
    store.close().await;
    let store = db.store().await;
    let dec = store
        .standings(GUILD, ModeFamily::OneVsOne, None, DEC)
        .await
        .unwrap();
    assert_eq!(dec.season, "2026-12");
    assert!(dec.rows.is_empty(), "nobody has played this season yet");
    // Looking someone up already shows the soft reset.
    let card = store.card(GUILD, 1, DEC).await.unwrap().unwrap();
    assert_eq!(card.season, "2026-12");
    assert_eq!(card.families[0].rating, soft_reset(after_nov));
    assert_eq!(card.families[0].season_games, 0);
    // The first December game starts from the soft reset of November's rating.
    let g = game_row(&store, 1, DEC).await;
    store
        .record_result(result(
            g,
            DEC,
            ModeFamily::OneVsOne,
            one.to_vec(),
            vec![2, 1],
        ))
        .await
        .unwrap();
    let mut start = HashMap::new();
    start.insert(1u64, soft_reset(after_nov));
    let expect = rate_game(
        ModeFamily::OneVsOne,
        Preset::Standard,
        &one,
        &[2, 1],
        &start,
    )
    .unwrap();
    let dec = store
        .standings(GUILD, ModeFamily::OneVsOne, None, DEC)
        .await
        .unwrap();
    assert_eq!(dec.rows[0].rating, expect[0].1);
    assert_eq!((dec.rows[0].rating.games, dec.rows[0].season_games), (4, 1));
    // November is archived, still viewable by name.
    let archived = store
        .standings(GUILD, ModeFamily::OneVsOne, Some("2026-11".into()), DEC)
        .await
        .unwrap();
    assert_eq!(archived.rows[0].rating, after_nov);
    assert_eq!(
        store.seasons(GUILD).await.unwrap(),
        vec!["2026-12", "2026-11"]
    );
    store.close().await;
    db.cleanup().await;
}

async fn the_season_setting_is_kept_with_the_defaults(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rate-setting").await else {
        return;
    };
    let store = db.store().await;
    assert_eq!(store.season_at(GUILD, DEC).await.unwrap(), "all");
    let d = ServerDefaults {
        turn_seconds: Some(40),
        seasons: Some("quarterly".into()),
        ..ServerDefaults::default()
    };
    store.set_server_defaults(GUILD, &d, NOV).await.unwrap();
    assert_eq!(store.server_defaults(GUILD).await.unwrap(), d);
    assert_eq!(store.season_at(GUILD, DEC).await.unwrap(), "2026-Q4");
    assert_eq!(
        store.season_at(GUILD + 1, DEC).await.unwrap(),
        "all",
        "per server"
    );
    store.close().await;
    db.cleanup().await;
}

on_both_backends!(paused:
    the_season_setting_is_kept_with_the_defaults,
    ratings_move_in_1v1,
    ratings_move_in_2v2_with_a_bot,
    ratings_move_in_four_seat_free_for_all,
    leaving_counts_as_a_loss_in_the_store,
    all_bot_games_are_not_rated,
    a_season_rolls_over_across_a_restart,
);

// The service: real games played by bots on the paused clock.

fn settings(seats: u8) -> Settings {
    Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats,
        turn_seconds: 25,
        lang: Lang::En,
        bot_delay_ms: 1200,
    }
}

async fn service(store: Store) -> Service {
    Service::start(
        store,
        Arc::new(NoPainter),
        Clock::starting_at(NOV),
        Config::default(),
        42,
    )
    .await
    .unwrap()
    .0
}

async fn wait_gone(svc: &Service, channel: u64) {
    let mut waited = Duration::ZERO;
    while svc.table(channel).await.is_some() {
        tokio::time::sleep(Duration::from_millis(500)).await;
        waited += Duration::from_millis(500);
        assert!(
            waited < Duration::from_secs(4 * 3600),
            "the game did not end"
        );
    }
}

async fn a_leaver_takes_a_rated_loss(backend: Backend) {
    let Some(db) = TestDb::new(backend, "svc-leaver").await else {
        return;
    };
    let svc = service(db.store().await).await;
    let alice = Actor::user(100, "Alice");
    let ch = 5;
    svc.create(GUILD, ch, &alice, settings(2)).await.unwrap();
    svc.command(ch, &alice, Command::FillBots { level: Level::Easy })
        .await
        .unwrap();
    svc.command(ch, &alice, Command::Start).await.unwrap();
    let game = svc.table(ch).await.unwrap().id;
    svc.command(ch, &alice, Command::Resign).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.seats[0].left.as_ref().map(|l| l.user), Some(100));
    wait_gone(&svc, ch).await;
    let t = persist::load(svc.store(), game).await.unwrap().table;
    assert_eq!(
        t.status,
        Status::Finished,
        "the bots play a left game to its end"
    );
    let card = svc.card(GUILD, 100).await.unwrap().expect("Alice's record");
    assert_eq!((card.games, card.wins, card.leaves), (1, 0, 1));
    assert!(card.recent[0].left);
    assert!(card.families[0].rating.mu < 25.0, "{:?}", card.families[0]);
    svc.shutdown().await;
    db.cleanup().await;
}

async fn an_abandoned_game_is_neither_rated_nor_counted(backend: Backend) {
    let Some(db) = TestDb::new(backend, "svc-abandon").await else {
        return;
    };
    let svc = service(db.store().await).await;
    let alice = Actor::user(100, "Alice");
    let ch = 6;
    svc.create(GUILD, ch, &alice, settings(2)).await.unwrap();
    svc.command(
        ch,
        &alice,
        Command::FillBots {
            level: Level::Master,
        },
    )
    .await
    .unwrap();
    svc.command(ch, &alice, Command::Start).await.unwrap();
    let game = svc.table(ch).await.unwrap().id;
    // Alice never plays.
    wait_gone(&svc, ch).await;
    let t = persist::load(svc.store(), game).await.unwrap().table;
    assert_eq!(t.status, Status::Stopped);
    assert!(t.abandoned);
    assert!(
        t.game.as_ref().is_some_and(|g| !g.is_over()),
        "not played to the end"
    );
    assert_eq!(t.notice, Some(Notice::Abandoned));
    assert_eq!(t.seats[0].missed, 3, "marked away after three time-outs");
    assert!(svc.card(GUILD, 100).await.unwrap().is_none(), "not counted");
    assert!(svc.seasons(GUILD).await.unwrap().is_empty(), "not rated");
    svc.shutdown().await;
    db.cleanup().await;
}

mod service_games {
    use super::*;
    crate::on_both_backends!(paused: a_leaver_takes_a_rated_loss, an_abandoned_game_is_neither_rated_nor_counted);
}

// The texts.

fn row(user: u64, name: &str, mu: f64, games: u32) -> RatingRow {
    RatingRow {
        user,
        name: name.into(),
        rating: Rating {
            mu,
            sigma: 2.0,
            games,
        },
        season_games: games,
        season_wins: games / 2,
    }
}

#[test]
fn leaderboards_list_provisional_players_apart_and_fit_a_message() {
    let long = "한".repeat(32);
    let rows: Vec<RatingRow> = (0..40)
        .map(|i| {
            row(
                i,
                &long,
                40.0 - i as f64 * 0.3,
                if i % 2 == 0 { 30 } else { 3 },
            )
        })
        .collect();
    let boards: Vec<Standings> = ModeFamily::ALL
        .into_iter()
        .map(|family| Standings {
            season: "2026-12".into(),
            family,
            rows: rows.clone(),
        })
        .collect();
    let seasons: Vec<String> = (1..=12).map(|m| format!("2025-{m:02}")).collect();
    for lang in [Lang::En, Lang::Ko, Lang::Es] {
        for b in [&boards[..1], &boards[..]] {
            let text = leaderboard_text(b, &seasons, lang);
            assert!(
                text.chars().count() <= MESSAGE_LIMIT,
                "{} chars",
                text.chars().count()
            );
            assert!(text.contains("2026-12"));
        }
    }
    let small = Standings {
        season: "2026-12".into(),
        family: ModeFamily::OneVsOne,
        rows: vec![
            row(1, "Ann", 30.0, 20),
            row(2, "Ben", 35.0, 4),
            row(3, "Cy", 28.0, 12),
        ],
    };
    let text = leaderboard_text(std::slice::from_ref(&small), &[], Lang::En);
    let (ranked, provisional) = text.split_once("Provisional").expect("listed apart");
    assert!(
        ranked.contains("1. **Ann**") && ranked.contains("2. **Cy**"),
        "{text}"
    );
    assert!(
        !ranked.contains("Ben") && provisional.contains("Ben"),
        "{text}"
    );
    assert_eq!(small.rank_of(3), Some((2, 2)));
    assert_eq!(small.rank_of(2), None);
}

#[test]
fn a_full_card_fits_a_message_with_links() {
    use yut_store::{FamilyCard, Recent};
    let card = Card {
        user: 1,
        name: "W".repeat(40),
        season: "2026-Q4".into(),
        families: ModeFamily::ALL
            .into_iter()
            .map(|family| FamilyCard {
                family,
                rating: Rating {
                    mu: 30.0,
                    sigma: 2.0,
                    games: 300,
                },
                season_games: 120,
                season_wins: 70,
                rank: Some((12, 250)),
            })
            .collect(),
        games: 99_999,
        wins: 50_000,
        streak: -4,
        best_streak: 17,
        recent: (0..10)
            .map(|i| Recent {
                game: 9_000_000 + i,
                channel: u64::MAX / 3,
                message_id: Some(u64::MAX / 2),
                won: i % 2 == 0,
                left: i == 3,
                family: Some(ModeFamily::FreeForAll),
                before: Some(1234),
                after: Some(1250),
                finished_ms: DEC,
            })
            .collect(),
        timeouts: 12,
        leaves: 1,
    };
    for lang in [Lang::En, Lang::Ko, Lang::Es] {
        let text = card_text(&card, u64::MAX / 5, lang);
        assert!(
            text.chars().count() <= MESSAGE_LIMIT,
            "{} chars:\n{text}",
            text.chars().count()
        );
        assert_eq!(
            text.matches("https://discord.com/channels/").count(),
            10,
            "{text}"
        );
    }
    let en = card_text(&card, 1, Lang::En);
    assert!(en.contains("(#12 of 250)") && card_text(&card, 1, Lang::Ko).contains("250명 중 12위"));
    assert!(
        en.contains("4 lost in a row") && en.contains("best 17") && en.contains("Time-outs: 12"),
        "{en}"
    );
}
