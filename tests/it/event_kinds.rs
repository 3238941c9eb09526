//! Community events beyond a 1v1 Swiss, through the service (issue 49): a 2v2 team event
//! (teams sign up as pairs, their games are seated A1 B1 A2 B2 and a team's win counts for
//! the team), a double elimination of best-of-3 matches (each match's next game opened like
//! any game of the round, seats alternating), the no-show rule (a side that never acted
//! forfeits, its game stopped), admin steering (pause, resume, a disqualification, each
//! logged), and an unrated event's games left out of the ratings.

use crate::common::TestDb;
use crate::events::service;
use std::time::Duration;
use yut_event::{Act, EventFormat, Mode, Progress, RunError, Stage};
use yut_service::{demo, EventSpec, Problem, Service};
use yut_store::Backend;
use yut_table::core::Lang;

const GUILD: u64 = 8;

fn quick(seats: u8) -> yut_table::core::Settings {
    let mut s = demo::settings(seats, 40, Lang::En);
    s.rules.pieces = yut_game::rules::Pieces::Fixed(2);
    s
}

/// Keep a picture where `YUTBOT_SCREENSHOTS` says, to look at.
fn keep(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("YUTBOT_SCREENSHOTS") {
        let _ = std::fs::create_dir_all(&dir);
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

/// Open every unopened game of the event's round, each in a channel of its own; the
/// channels opened.
async fn open_all(svc: &Service, event: i64, channel: &mut u64, seats: u8) -> Vec<u64> {
    let (_, run) = svc.event(event).await.unwrap();
    let Some((round, r)) = run.current() else {
        return vec![];
    };
    let mut out = Vec::new();
    for (i, p) in r.games.iter().enumerate() {
        if p.game.is_some() || p.result.is_some() {
            continue;
        }
        *channel += 1;
        let mut s = quick(seats);
        if seats == 4 {
            s.teams = true;
        }
        svc.event_open_game(event, round, i as u32, *channel, s)
            .await
            .unwrap();
        out.push(*channel);
    }
    out
}

/// Play the event to its end: open what is to open, let everyone's bot play, pair the next
/// round when one completes. Returns the games' channels in order.
async fn play_out(svc: &Service, event: i64, seats: u8) -> Vec<u64> {
    let mut channel = 20_000;
    let mut all = Vec::new();
    for _ in 0..40 {
        let (_, run) = svc.event(event).await.unwrap();
        match run.stage {
            Stage::Finished | Stage::Cancelled => return all,
            _ if run.round_done() => {
                svc.event_start_round(event).await.unwrap();
                continue;
            }
            _ => {}
        }
        let channels = open_all(svc, event, &mut channel, seats).await;
        all.extend(&channels);
        demo::autoplay(svc, &channels, Duration::from_millis(50)).await;
        // The results reach the event by themselves (the actor's report is spawned).
        for _ in 0..200 {
            let (_, run) = svc.event(event).await.unwrap();
            let waiting = run.current().is_some_and(|(_, r)| {
                r.games
                    .iter()
                    .any(|g| g.game.is_some() && g.result.is_none())
            });
            if !waiting {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    panic!("the event did not end");
}

async fn a_team_event_seats_teams_and_counts_their_wins(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-teams").await else {
        return;
    };
    let svc = service(&db).await;
    let mut spec = EventSpec::swiss("Chuseok 2v2", 2, Lang::En);
    spec.mode = Mode::Teams;
    spec.setup.rated = false;
    let event = svc.create_event_with(GUILD, 600, &spec).await.unwrap();
    assert!(matches!(
        svc.event_join(event, 1, "P1", 1500.0).await,
        Err(Problem::Event(RunError::NeedsPartner))
    ));
    for t in 0..4u64 {
        let (a, b) = (10 + 2 * t, 11 + 2 * t);
        svc.event_invite(event, (a, &format!("A{t}")), b, &format!("Team{t}"), 1500.0)
            .await
            .unwrap();
        svc.event_accept(event, b, &format!("B{t}")).await.unwrap();
    }
    assert!(matches!(
        svc.event_accept(event, 11, "B0").await,
        Err(Problem::Event(RunError::NoInvite))
    ));
    svc.event_start_round(event).await.unwrap();
    let mut channel = 30_000;
    let channels = open_all(&svc, event, &mut channel, 4).await;
    assert_eq!(channels.len(), 2);
    let (_, run) = svc.event(event).await.unwrap();
    let p = &run.current().unwrap().1.games[0];
    let t = svc.table(channels[0]).await.unwrap();
    let seated: Vec<u64> = t.seats.iter().filter_map(|s| s.player.user()).collect();
    let a = run.entrant(p.first).unwrap().people();
    let b = run.entrant(p.second).unwrap().people();
    assert_eq!(seated, vec![a[0], b[0], a[1], b[1]], "A1 B1 A2 B2");
    assert!(t.settings.teams);
    assert_eq!(t.seats[0].team, t.seats[2].team);
    assert_ne!(t.seats[0].team, t.seats[1].team);
    let games: Vec<u64> = channels.clone();
    demo::autoplay(&svc, &games, Duration::from_millis(50)).await;
    play_out(&svc, event, 4).await;
    let (_, run) = svc.event(event).await.unwrap();
    assert_eq!(run.stage, Stage::Finished);
    let standings = run.standings();
    assert_eq!(standings.len(), 4);
    assert_eq!(
        standings.iter().map(|s| s.score).sum::<u32>(),
        4,
        "two rounds of two games"
    );
    assert!(run.entrant(standings[0].entrant).unwrap().members.len() == 2);
    // Unrated: nobody's rating moved.
    let card = svc.card(GUILD, 10).await.unwrap();
    assert!(
        card.as_ref().is_none_or(|c| c.families.is_empty()),
        "an unrated event rates nobody: {card:?}"
    );
    db.cleanup().await;
}

async fn a_double_elimination_of_best_of_three_is_played_out(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-double").await else {
        return;
    };
    let svc = service(&db).await;
    let mut spec = EventSpec::swiss("Club Cup", 1, Lang::En);
    spec.format = EventFormat::Double;
    spec.best_of = 3;
    let event = svc.create_event_with(GUILD, 601, &spec).await.unwrap();
    for u in 1..=4u64 {
        svc.event_join(event, u, &format!("P{u}"), 2000.0 - 10.0 * u as f64)
            .await
            .unwrap();
    }
    svc.event_start_round(event).await.unwrap();
    let (_, run) = svc.event(event).await.unwrap();
    let first = &run.current().unwrap().1.games;
    assert_eq!(first.len(), 2);
    assert_eq!((first[0].first, first[0].second), (1, 4), "1 v N");
    // Mid-event the picture is the bracket (a game of each match being played).
    let mut channel = 50_000;
    let channels = open_all(&svc, event, &mut channel, 2).await;
    let mid = yut_service::event_picture(&svc.event(event).await.unwrap().1);
    assert_eq!(&mid[1..4], b"PNG");
    keep("event-bracket-live.png", &mid);
    demo::autoplay(&svc, &channels, Duration::from_millis(50)).await;
    play_out(&svc, event, 2).await;
    let (_, run) = svc.event(event).await.unwrap();
    assert_eq!(run.stage, Stage::Finished);
    let matches: Vec<_> = run.played.iter().flat_map(|r| r.games.iter()).collect();
    for m in &matches {
        let games = m.earlier.len() as u32 + 1;
        assert!(
            (2..=3).contains(&games),
            "a best-of-3 takes 2 or 3 games: {m:?}"
        );
        assert_eq!(m.wins.iter().max(), Some(&2), "{m:?}");
    }
    let podium = run.standings();
    let last = yut_service::event_picture(&run);
    keep("event-podium.png", &last);
    let mut bracket_only = run.clone();
    bracket_only.stage = Stage::Round(0);
    keep(
        "event-bracket-done.png",
        &yut_service::event_picture(&bracket_only),
    );
    assert_eq!(podium[0].rank, 1);
    assert_eq!(podium[1].rank, 2);
    // Each player's card shows where they finished.
    for s in &podium {
        let places = svc.event_places(GUILD, s.entrant).await.unwrap();
        assert_eq!(places.len(), 1);
        assert_eq!(
            (places[0].event, places[0].rank, places[0].of),
            (event, s.rank, 4)
        );
    }
    assert!(svc.event_places(GUILD, 99).await.unwrap().is_empty());
    // Rated (the default): the players' ratings moved.
    let card = svc.card(GUILD, 1).await.unwrap().unwrap();
    assert!(!card.families.is_empty());
    db.cleanup().await;
}

async fn no_shows_forfeit_and_admins_steer(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-steer").await else {
        return;
    };
    let svc = service(&db).await;
    let mut spec = EventSpec::swiss("Night", 2, Lang::En);
    spec.setup.no_show_seconds = 0;
    let event = svc.create_event_with(GUILD, 602, &spec).await.unwrap();
    for u in 1..=6u64 {
        svc.event_join(event, u, &format!("P{u}"), 1500.0)
            .await
            .unwrap();
    }
    svc.event_start_round(event).await.unwrap();
    let mut channel = 40_000;
    let channels = open_all(&svc, event, &mut channel, 2).await;
    // Nobody acted yet: nobody forfeits (both sides absent is left to the game).
    assert_eq!(svc.event_sweep().await.unwrap(), Vec::<i64>::new());
    // Game 1: its first player acts; the second never does.
    let t = svc.table(channels[0]).await.unwrap();
    let seat = t.acting().unwrap() as usize;
    let (user, name) = match &t.seats[seat].player {
        yut_table::core::Player::Human { user, name } => (*user, name.clone()),
        _ => unreachable!(),
    };
    let other = t.seats[1 - seat].player.user().unwrap();
    svc.command(
        channels[0],
        &yut_table::core::Actor::user(user, &name),
        yut_table::core::Command::Throw,
    )
    .await
    .unwrap();
    let forfeited = svc.event_sweep().await.unwrap();
    assert_eq!(forfeited, vec![t.id]);
    let after = svc.table(channels[0]).await;
    assert!(
        after.is_none_or(|t| !t.status.is_active()),
        "the game is stopped"
    );
    let (_, run) = svc.event(event).await.unwrap();
    let g = &run.current().unwrap().1.games[0];
    assert_eq!(g.result.map(|r| r.0), Some(user));
    assert_eq!(
        run.log.last().unwrap().what,
        Act::NoShow {
            game: 0,
            absent: other
        }
    );
    // An admin pauses; a disqualification decides game 2; a result decides game 3.
    svc.event_pause(event, "Dana").await.unwrap();
    let (_, run) = svc.event(event).await.unwrap();
    let g2 = run.current().unwrap().1.games[1].clone();
    let g3 = run.current().unwrap().1.games[2].clone();
    svc.event_disqualify(event, g2.first, "Dana", "two accounts")
        .await
        .unwrap();
    svc.event_result_for(event, g3.second, "Dana", "disconnect")
        .await
        .unwrap();
    let (_, run) = svc.event(event).await.unwrap();
    assert!(run.round_done());
    assert!(matches!(
        svc.event_start_round(event).await,
        Err(Problem::Event(RunError::Paused))
    ));
    let mut news = svc.event_news();
    svc.event_resume(event, "Dana").await.unwrap();
    let n = tokio::time::timeout(Duration::from_secs(5), news.recv())
        .await
        .unwrap()
        .unwrap();
    let yut_service::EventNews::Reported { progress, .. } = n;
    assert_eq!(
        progress,
        Progress::RoundDone,
        "resumed with the round complete"
    );
    let (round, next) = svc.event_start_round(event).await.unwrap();
    assert_eq!(round, 1);
    assert!(next
        .iter()
        .all(|p| p.pairing.first != g2.first && p.pairing.second != g2.first));
    let (_, run) = svc.event(event).await.unwrap();
    let acts: Vec<_> = run.log.iter().map(|l| l.what.clone()).collect();
    assert_eq!(
        acts,
        vec![
            Act::NoShow {
                game: 0,
                absent: other
            },
            Act::Paused,
            Act::Disqualified { entrant: g2.first },
            Act::Result {
                game: 2,
                winner: g3.second
            },
            Act::Resumed,
        ]
    );
    assert_eq!(run.log[2].by, "Dana");
    assert_eq!(run.log[2].why, "two accounts");
    for ch in &channels[1..] {
        let t = svc.table(*ch).await;
        assert!(
            t.is_none_or(|t| !t.status.is_active()),
            "decided games are stopped"
        );
    }
    db.cleanup().await;
}

async fn free_for_all_tables_score_by_place(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-tables").await else {
        return;
    };
    let svc = service(&db).await;
    let mut spec = EventSpec::swiss("Table night", 2, Lang::En);
    spec.format = EventFormat::Tables;
    let event = svc.create_event_with(GUILD, 603, &spec).await.unwrap();
    for u in 1..=7u64 {
        svc.event_join(event, u, &format!("P{u}"), 1500.0)
            .await
            .unwrap();
    }
    svc.event_start_round(event).await.unwrap();
    let mut channel = 60_000;
    let channels = open_all(&svc, event, &mut channel, 2).await;
    assert_eq!(channels.len(), 2, "seven: a table of four and one of three");
    let mut sizes = Vec::new();
    for ch in &channels {
        let t = svc.table(*ch).await.unwrap();
        assert!(!t.settings.teams);
        sizes.push(t.seats.len());
    }
    sizes.sort();
    assert_eq!(sizes, vec![3, 4]);
    demo::autoplay(&svc, &channels, Duration::from_millis(50)).await;
    play_out(&svc, event, 2).await;
    let (_, run) = svc.event(event).await.unwrap();
    assert_eq!(run.stage, Stage::Finished);
    for round in &run.played {
        for table in &round.games {
            let places: Vec<u64> = table.places.iter().map(|p| p.0).collect();
            let mut sorted = places.clone();
            sorted.sort();
            let mut seated = table.everyone();
            seated.sort();
            assert_eq!(
                sorted, seated,
                "every entrant of the table placed once: {table:?}"
            );
        }
    }
    // Points by place: 4/2/1/0 at a table of four, 4/2/0 at three, each round.
    let total: u32 = run.standings().iter().map(|s| s.score).sum();
    assert_eq!(total, 2 * ((4 + 2 + 1) + (4 + 2)));
    db.cleanup().await;
}

async fn a_round_length_holds_the_next_round_until_its_time(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-round-length").await else {
        return;
    };
    let svc = service(&db).await;
    let mut spec = EventSpec::swiss("Week", 3, Lang::En);
    spec.setup.round_minutes = 10;
    let event = svc.create_event_with(GUILD, 604, &spec).await.unwrap();
    for u in 1..=4u64 {
        svc.event_join(event, u, &format!("P{u}"), 1500.0)
            .await
            .unwrap();
    }
    let (_, games) = svc.event_start_round(event).await.unwrap();
    let mut news = svc.event_news();
    for g in &games {
        svc.event_result_for(event, g.pairing.first, "Dana", "")
            .await
            .unwrap();
    }
    // The round is complete, its ten minutes are not over.
    let (_, run) = svc.event(event).await.unwrap();
    assert!(run.round_done());
    assert!(!svc.event_round_due(event).await);
    while news.try_recv().is_ok() {}
    svc.event_sweep().await.unwrap();
    assert!(news.try_recv().is_err(), "nothing to pair yet");
    tokio::time::advance(Duration::from_secs(9 * 60)).await;
    assert!(!svc.event_round_due(event).await);
    tokio::time::advance(Duration::from_secs(61)).await;
    assert!(svc.event_round_due(event).await);
    svc.event_sweep().await.unwrap();
    let yut_service::EventNews::Reported { progress, .. } = news.try_recv().unwrap();
    assert_eq!(
        progress,
        Progress::RoundDone,
        "the sweep says the round is due"
    );
    let (round, _) = svc.event_start_round(event).await.unwrap();
    assert_eq!(round, 1);
    db.cleanup().await;
}

/// A game's end that never reached its event (the process stopped between the result's
/// write and the event's) is counted by the sweep from the game as stored.
async fn a_result_lost_on_the_way_is_counted_by_the_sweep(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-lost").await else {
        return;
    };
    let svc = service(&db).await;
    let event = svc
        .create_event(GUILD, 605, "Lost", 1, 0, Lang::En)
        .await
        .unwrap();
    for u in 1..=2u64 {
        svc.event_join(event, u, &format!("P{u}"), 1500.0)
            .await
            .unwrap();
    }
    svc.event_start_round(event).await.unwrap();
    let mut channel = 70_000;
    let channels = open_all(&svc, event, &mut channel, 2).await;
    // The game no longer says which event it plays for: its end reports nowhere.
    svc.store()
        .execute("DELETE FROM event_games")
        .await
        .unwrap();
    demo::autoplay(&svc, &channels, Duration::from_millis(50)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, run) = svc.event(event).await.unwrap();
    assert!(!run.round_done(), "the report was lost");
    let t = svc
        .game_table(run.current().unwrap().1.games[0].game.unwrap())
        .await
        .unwrap();
    assert_eq!(t.status, yut_table::Status::Finished);
    svc.event_sweep().await.unwrap();
    let (_, run) = svc.event(event).await.unwrap();
    assert_eq!(run.stage, Stage::Finished, "counted by the sweep");
    let winner = t
        .seats
        .iter()
        .enumerate()
        .find(|(i, _)| {
            let g = t.game.as_ref().unwrap();
            g.side_of(*i as u8) == g.outcome().unwrap().winner
        })
        .and_then(|(_, s)| s.player.user())
        .unwrap();
    assert_eq!(run.standings()[0].entrant, winner);
    db.cleanup().await;
}

on_both_backends!(paused: a_result_lost_on_the_way_is_counted_by_the_sweep, a_round_length_holds_the_next_round_until_its_time, free_for_all_tables_score_by_place, a_team_event_seats_teams_and_counts_their_wins, a_double_elimination_of_best_of_three_is_played_out, no_shows_forfeit_and_admins_steer);
