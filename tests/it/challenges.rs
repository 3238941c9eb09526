//! Challenges and rematches (issue 15): the people named or who played are asked, their seats
//! are held until they answer, and the game starts only when all have accepted (a rematch's
//! host may start with bots for the others). Refusals change nothing. Both backends.

use crate::common::TestDb;
use crate::ratings_service::{game_row, result, seat, GUILD, NOV};
use std::sync::Arc;
use std::time::Duration;
use yut_ai::Level;
use yut_game::Rules;
use yut_rating::game::Occupant;
use yut_rating::ModeFamily;
use yut_service::{ChallengeProblem, Clock, Config, Invitee, Problem, Service};
use yut_store::Backend;
use yut_table::core::{
    Actor, Command, InviteKind, Lang, Player, Refusal, Settings, Status, INVITE_MS,
};
use yut_table::open::GameRequest;
use yut_table::view::{encode, table_view, NoPainter, View};

fn ann() -> Actor {
    Actor::user(100, "Ann")
}
fn bo() -> Actor {
    Actor::user(200, "Bo")
}
fn cy() -> Actor {
    Actor::user(300, "Cy")
}
fn di() -> Actor {
    Actor::user(400, "Di")
}

fn invitee(a: &Actor) -> Invitee {
    let Actor::User { id, name, .. } = a else {
        unreachable!()
    };
    Invitee {
        user: *id,
        name: name.clone(),
        bot: false,
        member: true,
    }
}

fn request(lang: Lang) -> GameRequest {
    GameRequest {
        preset: None,
        house_rules: None,
        pieces: None,
        first_to: None,
        teams: false,
        seats: None,
        turn_seconds: None,
        lang,
        bots: 0,
        level: Level::Normal,
        default_turn_seconds: 25,
        bot_delay_ms: 1200,
        can_thread: false,
    }
}

async fn service(db: &TestDb) -> Service {
    Service::start(
        db.store().await,
        Arc::new(NoPainter),
        Clock::starting_at(NOV),
        Config::default(),
        42,
    )
    .await
    .unwrap()
    .0
}

/// Within Discord's limits: 2,000 characters, at most 5 rows of at most 5 buttons.
fn fits(v: &View) {
    assert!(v.text.chars().count() <= 2000, "{}", v.text);
    assert!(v.rows.len() <= 5 && v.rows.iter().all(|r| !r.is_empty() && r.len() <= 5));
    assert!(v
        .rows
        .iter()
        .flatten()
        .all(|b| b.label.chars().count() <= 80 && b.custom_id.len() <= 100));
}

async fn click(svc: &Service, ch: u64, who: &Actor, cmd: Command) -> Result<View, Problem> {
    let t = svc.table(ch).await.expect("a table");
    svc.click(ch, who, &encode(t.id, t.version, &cmd)).await
}

async fn a_1v1_challenge_is_accepted_and_starts(backend: Backend) {
    let Some(db) = TestDb::new(backend, "challenge-1v1").await else {
        return;
    };
    let svc = service(&db).await;
    let ch = 11;
    // Ann has beaten Bo five times: she is the favourite.
    let store = svc.store();
    for i in 0..5 {
        let at = NOV - 3_600_000 + i;
        let g = game_row(store, 90, at).await;
        let seats = vec![seat(0, Occupant::Human(100)), seat(1, Occupant::Human(200))];
        store
            .record_result(result(g, at, ModeFamily::OneVsOne, seats, vec![1, 2]))
            .await
            .unwrap();
    }
    let view = svc
        .challenge(GUILD, ch, &ann(), &request(Lang::En), &[invitee(&bo())])
        .await
        .unwrap();
    fits(&view);
    assert!(view.text.contains("Ann challenges Bo"), "{}", view.text);
    assert_eq!(view.invited, [200], "Bo is mentioned");
    let t = svc.table(ch).await.unwrap();
    let invite = t.invite.clone().unwrap();
    assert_eq!(invite.kind, InviteKind::Challenge);
    assert_eq!(invite.chances.len(), 2);
    assert!(invite.chances[0] > 52, "{:?}", invite.chances);
    let sum: u32 = invite.chances.iter().map(|&c| c as u32).sum();
    assert!((99..=101).contains(&sum), "{:?}", invite.chances);
    assert!(
        view.text.contains(&format!(
            "Ann {}% · Bo {}%",
            invite.chances[0], invite.chances[1]
        )),
        "{}",
        view.text
    );
    // Only Accept, Decline and the host's Call it off; no lobby controls.
    let labels: Vec<&str> = view
        .rows
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, ["✅ Accept", "Decline", "Call it off"]);
    // The challenger cannot accept for Bo; a stranger cannot answer; nothing changes.
    let e = click(&svc, ch, &ann(), Command::Accept).await.unwrap_err();
    assert_eq!(e.message(Lang::En), "You have already accepted.");
    let e = click(&svc, ch, &cy(), Command::Accept).await.unwrap_err();
    assert!(matches!(e, Problem::Refused(Refusal::NotInvited)), "{e:?}");
    let e = click(&svc, ch, &cy(), Command::Decline).await.unwrap_err();
    assert!(matches!(e, Problem::Refused(Refusal::NotInvited)), "{e:?}");
    // Nor can anyone else sit down or start it.
    let e = svc.command(ch, &cy(), Command::Join).await.unwrap_err();
    assert!(
        matches!(e, Problem::Refused(Refusal::WaitingFor { .. })),
        "{e:?}"
    );
    let e = svc.command(ch, &ann(), Command::Start).await.unwrap_err();
    assert!(e.message(Lang::En).contains("waiting for Bo"), "{e:?}");
    assert_eq!(svc.table(ch).await.unwrap(), t);
    // A second challenge in the channel is refused, naming the player already in it.
    let e = svc
        .challenge(GUILD, ch, &cy(), &request(Lang::En), &[invitee(&bo())])
        .await
        .unwrap_err();
    assert!(
        matches!(&e, Problem::Challenge(ChallengeProblem::InGame(n)) if n == "Bo"),
        "{e:?}"
    );
    // Bo accepts: it starts, Ann to act first or second as dealt.
    click(&svc, ch, &bo(), Command::Accept).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.status, Status::Playing);
    assert!(t.invite.is_none());
    let names: Vec<_> = t.seats.iter().map(|s| s.name(0, Lang::En)).collect();
    assert_eq!(names, ["Ann", "Bo"]);
    // A second acceptance (from the old board) is refused.
    let e = svc
        .click(ch, &bo(), &encode(t.id, t.version, &Command::Accept))
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::Refused(Refusal::NotInLobby)), "{e:?}");
    svc.shutdown().await;
    db.cleanup().await;
}

async fn a_2v2_challenge_seats_the_teams_as_chosen(backend: Backend) {
    let Some(db) = TestDb::new(backend, "challenge-2v2").await else {
        return;
    };
    let svc = service(&db).await;
    let ch = 12;
    // Ann with Cy, against Bo and Di.
    let view = svc
        .challenge(
            GUILD,
            ch,
            &ann(),
            &request(Lang::Ko),
            &[invitee(&cy()), invitee(&bo()), invitee(&di())],
        )
        .await
        .unwrap();
    fits(&view);
    assert!(
        view.text.contains("Ann, Cy 님이 Bo, Di 님에게 도전해요"),
        "{}",
        view.text
    );
    assert!(view.text.contains("A팀 50% · B팀 50%"), "{}", view.text);
    for who in [cy(), bo()] {
        click(&svc, ch, &who, Command::Accept).await.unwrap();
        assert_eq!(svc.table(ch).await.unwrap().status, Status::Lobby);
    }
    assert_eq!(svc.table(ch).await.unwrap().pending_names(), ["Di"]);
    click(&svc, ch, &di(), Command::Accept).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.status, Status::Playing);
    assert!(t.settings.teams);
    // Playing order A1 B1 A2 B2, the teams as named.
    let seats: Vec<(u64, u8)> = t
        .seats
        .iter()
        .map(|s| (s.player.user().unwrap(), s.team))
        .collect();
    assert_eq!(seats, [(100, 0), (200, 1), (300, 0), (400, 1)]);
    // Another channel: Bo challenges Di, then calls it off; everyone reads who did.
    svc.challenge(GUILD, 99, &bo(), &request(Lang::En), &[invitee(&di())])
        .await
        .unwrap();
    let e = click(&svc, 99, &di(), Command::Stop).await.unwrap_err();
    assert!(matches!(e, Problem::Refused(Refusal::NotHost)), "{e:?}");
    let v = click(&svc, 99, &bo(), Command::Stop).await.unwrap();
    fits(&v);
    assert!(v.text.contains("⏹️ Bo called it off."), "{}", v.text);
    assert!(v.rows.is_empty());
    svc.shutdown().await;
    db.cleanup().await;
}

async fn a_declined_challenge_is_called_off(backend: Backend) {
    let Some(db) = TestDb::new(backend, "challenge-declined").await else {
        return;
    };
    let svc = service(&db).await;
    let ch = 13;
    svc.challenge(
        GUILD,
        ch,
        &ann(),
        &request(Lang::En),
        &[invitee(&cy()), invitee(&bo()), invitee(&di())],
    )
    .await
    .unwrap();
    let game = svc.table(ch).await.unwrap().id;
    click(&svc, ch, &cy(), Command::Accept).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    let view = click(&svc, ch, &bo(), Command::Decline).await.unwrap();
    fits(&view);
    assert!(
        view.text.contains("Bo declined the challenge"),
        "{}",
        view.text
    );
    assert!(view.rows.is_empty(), "nothing left to press");
    // The channel is free; Di's answer to the old board is refused.
    let stopped = yut_table::persist::load(svc.store(), game)
        .await
        .unwrap()
        .table;
    assert_eq!(stopped.status, Status::Stopped);
    let e = svc
        .click(ch, &di(), &encode(game, t.version + 1, &Command::Accept))
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::Stale | Problem::Refused(_)), "{e:?}");
    assert!(svc.table(ch).await.is_none_or(|t| !t.status.is_active()));
    svc.challenge(GUILD, ch, &di(), &request(Lang::En), &[invitee(&ann())])
        .await
        .expect("the channel is free again");
    svc.shutdown().await;
    db.cleanup().await;
}

async fn an_unanswered_challenge_expires_and_says_so(backend: Backend) {
    let Some(db) = TestDb::new(backend, "challenge-expired").await else {
        return;
    };
    let svc = service(&db).await;
    let ch = 14;
    svc.challenge(GUILD, ch, &ann(), &request(Lang::En), &[invitee(&bo())])
        .await
        .unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.deadline_ms, Some(NOV + INVITE_MS));
    // Nine minutes on, still waiting.
    tokio::time::sleep(Duration::from_secs(9 * 60)).await;
    assert_eq!(svc.table(ch).await.unwrap().status, Status::Lobby);
    tokio::time::sleep(Duration::from_secs(2 * 60)).await;
    let done = yut_table::persist::load(svc.store(), t.id)
        .await
        .unwrap()
        .table;
    assert_eq!(done.status, Status::Stopped);
    assert!(done.invite.as_ref().unwrap().expired);
    let v = table_view(&done, &NoPainter);
    fits(&v);
    assert!(
        v.text
            .contains("The challenge lapsed: Bo did not answer within 10 minutes"),
        "{}",
        v.text
    );
    // Bo's late answer is refused and changes nothing.
    let e = svc
        .click(ch, &bo(), &encode(t.id, done.version, &Command::Accept))
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::Stale | Problem::Refused(_)), "{e:?}");
    let mut late = done.clone();
    let r = late.apply(&bo(), &Command::Accept, NOV + INVITE_MS + 1);
    assert_eq!(r.unwrap_err(), Refusal::InviteOver);
    assert_eq!(late, done);
    svc.shutdown().await;
    db.cleanup().await;
}

async fn challenges_that_cannot_be_made_open_nothing(backend: Backend) {
    let Some(db) = TestDb::new(backend, "challenge-bad").await else {
        return;
    };
    let svc = service(&db).await;
    let ch = 15;
    let mut bot = invitee(&bo());
    bot.bot = true;
    let mut stranger = invitee(&cy());
    stranger.member = false;
    let cases: Vec<(Vec<Invitee>, ChallengeProblem)> = vec![
        (vec![invitee(&ann())], ChallengeProblem::Yourself),
        (vec![bot], ChallengeProblem::Bot("Bo".into())),
        (vec![stranger], ChallengeProblem::NotMember("Cy".into())),
        (
            vec![invitee(&bo()), invitee(&di()), invitee(&bo())],
            ChallengeProblem::Twice("Bo".into()),
        ),
    ];
    for (named, want) in cases {
        let e = svc
            .challenge(GUILD, ch, &ann(), &request(Lang::En), &named)
            .await
            .unwrap_err();
        assert!(matches!(&e, Problem::Challenge(c) if *c == want), "{e:?}");
        assert!(!e.message(Lang::En).is_empty() && !e.message(Lang::Ko).is_empty());
        assert!(svc.table(ch).await.is_none(), "nothing opened for {want:?}");
    }
    // Bad house rules open nothing either.
    let mut r = request(Lang::En);
    r.house_rules = Some("backdo=maybe".into());
    let e = svc
        .challenge(GUILD, ch, &ann(), &r, &[invitee(&bo())])
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::HouseRules(_)), "{e:?}");
    assert!(svc.table(ch).await.is_none());
    // A channel with a lobby: the challenged player sitting in it is named.
    svc.create(
        GUILD,
        ch,
        &bo(),
        Settings {
            rules: Rules::default(),
            preset: "standard".into(),
            teams: false,
            seats: 2,
            turn_seconds: 25,
            lang: Lang::En,
            bot_delay_ms: 1200,
        },
    )
    .await
    .unwrap();
    let e = svc
        .challenge(GUILD, ch, &ann(), &request(Lang::En), &[invitee(&bo())])
        .await
        .unwrap_err();
    assert!(e
        .message(Lang::En)
        .contains("Bo is already in this channel's game"));
    svc.shutdown().await;
    db.cleanup().await;
}

async fn a_rematch_asks_everyone_and_the_host_may_start_with_bots(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rematch-asks").await else {
        return;
    };
    let svc = service(&db).await;
    let ch = 16;
    let settings = Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats: 4,
        turn_seconds: 25,
        lang: Lang::En,
        bot_delay_ms: 1200,
    };
    svc.create(GUILD, ch, &ann(), settings).await.unwrap();
    for who in [bo(), cy()] {
        svc.command(ch, &who, Command::Join).await.unwrap();
    }
    svc.command(ch, &ann(), Command::AddBot { level: Level::Easy })
        .await
        .unwrap();
    svc.command(ch, &ann(), Command::Start).await.unwrap();
    let first = svc.table(ch).await.unwrap();
    svc.command(ch, &ann(), Command::Stop).await.unwrap();
    let stopped = yut_table::persist::load(svc.store(), first.id)
        .await
        .unwrap()
        .table;
    // Cy asks for a rematch: Ann and Bo are asked, the bot is not.
    let view = svc
        .click(
            ch,
            &cy(),
            &encode(first.id, stopped.version, &Command::Rematch),
        )
        .await
        .unwrap();
    fits(&view);
    assert!(
        view.text.contains("Cy asks everyone who played"),
        "{}",
        view.text
    );
    let mut invited = view.invited.clone();
    invited.sort();
    assert_eq!(invited, [100, 200]);
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.host, 300);
    assert_eq!(t.status, Status::Lobby);
    let labels: Vec<&str> = view
        .rows
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(
        labels,
        [
            "✅ Accept",
            "Decline",
            "Start now (bots for the others)",
            "Call it off"
        ]
    );
    // Bo declines: a Normal bot takes his seat; Ann's acceptance then does not start it (one
    // of the players said no: the host decides).
    let v = click(&svc, ch, &bo(), Command::Decline).await.unwrap();
    assert!(v.text.contains("Bo declined"), "{}", v.text);
    let t = svc.table(ch).await.unwrap();
    assert!(t.seats.iter().all(|s| s.player.user() != Some(200)));
    assert_eq!(
        t.seats
            .iter()
            .filter(|s| s.player
                == Player::Bot {
                    level: Level::Normal
                })
            .count(),
        1
    );
    // Only the host starts it early.
    let e = click(&svc, ch, &ann(), Command::Start).await.unwrap_err();
    assert!(matches!(e, Problem::Refused(Refusal::NotHost)), "{e:?}");
    click(&svc, ch, &ann(), Command::Accept).await.unwrap();
    assert_eq!(svc.table(ch).await.unwrap().status, Status::Lobby);
    click(&svc, ch, &cy(), Command::Start).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.status, Status::Playing);
    let people: Vec<u64> = t.seats.iter().filter_map(|s| s.player.user()).collect();
    assert_eq!(people.len(), 2);
    assert!(people.contains(&100) && people.contains(&300));
    svc.shutdown().await;
    db.cleanup().await;
}

async fn a_rematch_nobody_answers_lapses_and_the_host_can_start_it(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rematch-lapse").await else {
        return;
    };
    let svc = service(&db).await;
    let ch = 17;
    let settings = Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats: 2,
        turn_seconds: 25,
        lang: Lang::En,
        bot_delay_ms: 1200,
    };
    svc.create(GUILD, ch, &ann(), settings).await.unwrap();
    svc.command(ch, &bo(), Command::Join).await.unwrap();
    svc.command(ch, &ann(), Command::Start).await.unwrap();
    let first = svc.table(ch).await.unwrap();
    svc.command(ch, &ann(), Command::Stop).await.unwrap();
    let stopped = yut_table::persist::load(svc.store(), first.id)
        .await
        .unwrap()
        .table;
    svc.click(
        ch,
        &ann(),
        &encode(first.id, stopped.version, &Command::Rematch),
    )
    .await
    .unwrap();
    let asked = svc.table(ch).await.unwrap();
    tokio::time::sleep(Duration::from_millis(INVITE_MS as u64 + 60_000)).await;
    let done = yut_table::persist::load(svc.store(), asked.id)
        .await
        .unwrap()
        .table;
    assert_eq!(done.status, Status::Stopped);
    let v = table_view(&done, &NoPainter);
    assert!(
        v.text.contains("The rematch lapsed: Bo did not answer"),
        "{}",
        v.text
    );
    // Another rematch from the finished game's board still works: the host starts it with a
    // bot in Bo's seat.
    svc.click(
        ch,
        &ann(),
        &encode(first.id, stopped.version, &Command::Rematch),
    )
    .await
    .unwrap();
    click(&svc, ch, &ann(), Command::Start).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.status, Status::Playing);
    assert_eq!(
        t.seats[1].player,
        Player::Bot {
            level: Level::Normal
        }
    );
    svc.shutdown().await;
    db.cleanup().await;
}

crate::on_both_backends!(paused:
    a_1v1_challenge_is_accepted_and_starts,
    a_2v2_challenge_seats_the_teams_as_chosen,
    a_declined_challenge_is_called_off,
    an_unanswered_challenge_expires_and_says_so,
    challenges_that_cannot_be_made_open_nothing,
    a_rematch_asks_everyone_and_the_host_may_start_with_bots,
    a_rematch_nobody_answers_lapses_and_the_host_can_start_it,
);
