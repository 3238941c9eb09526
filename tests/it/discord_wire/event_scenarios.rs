//! Whole community events (issue 49) played through the stand-in by simulated members: a
//! 16-member Swiss with check-in (one left out for not checking in, an admin's result, a
//! pause, a drop between rounds, the bot restarted mid-round) and an 8-team 2v2 double
//! elimination (captains inviting partners, a declined invitation, a stranger's Accept),
//! each to its podium. Games are short (two pieces a side) and played by their people
//! letting the bot play for them (one click each, a few milliseconds a move).

use super::*;
use std::collections::{HashMap, HashSet};
use yut_event::{Run, Stage};
use yut_table::core::Status;

type Who = (u64, &'static str, u64);

const ADMIN: Who = (444, "Dana", 0x400 | 0x800 | 0x20);
const MEMBER: u64 = 0x400 | 0x800;
const NAMES: [&str; 16] = [
    "Ahn", "Baek", "Cho", "Do", "Eun", "Gil", "Han", "Im", "Jin", "Kang", "Lee", "Min", "Nam",
    "Oh", "Park", "Ryu",
];

/// Sixteen members, ids from `base + 1`.
fn members(base: u64) -> Vec<Who> {
    NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| (base + 1 + i as u64, *n, MEMBER))
        .collect()
}

fn opt(name: &str, kind: u8, value: serde_json::Value) -> serde_json::Value {
    json!({"name": name, "type": kind, "value": value})
}

fn user_opt(name: &str, who: Who) -> serde_json::Value {
    opt(name, 6, json!(who.0.to_string()))
}

/// The threads of `ch`, in the order they were opened.
fn threads_in(st: &standin::State_, ch: u64) -> Vec<u64> {
    let mut t: Vec<u64> = st
        .threads
        .values()
        .filter(|t| t.parent == ch)
        .map(|t| t.id)
        .collect();
    t.sort();
    t
}

/// Is the game of thread `t` over (its latest board offers no "bot plays my turn")?
fn over_in(st: &standin::State_, t: u64) -> bool {
    st.order
        .iter()
        .rev()
        .map(|id| &st.messages[id])
        .find(|x| {
            x.channel == t
                && !x.ephemeral
                && !x.deleted
                && x.custom_ids().iter().any(|c| c.starts_with("yut:"))
        })
        .is_some_and(|x| !x.custom_ids().iter().any(|c| c.ends_with(":auto")))
}

/// The same, read from the stand-in (its lock released at once).
fn threads_of(s: &StandIn, ch: u64) -> Vec<u64> {
    let st = s.state.lock().unwrap();
    threads_in(&st, ch)
}

fn thread_count(s: &StandIn, ch: u64) -> usize {
    threads_of(s, ch).len()
}

/// The channel's messages whose content contains `needle`, in posting order.
fn lines_with(s: &StandIn, ch: u64, needle: &str) -> Vec<Msg> {
    let st = s.state.lock().unwrap();
    st.order
        .iter()
        .map(|id| &st.messages[id])
        .filter(|m| m.channel == ch && !m.ephemeral && m.content.contains(needle))
        .cloned()
        .collect()
}

/// The user ids a line mentions (`<@id>`), in order.
fn mentions(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|r| r.split('>').next()?.parse().ok())
        .collect()
}

fn event_of(m: &Msg) -> i64 {
    let id = find(m, "yutev:").expect("an event button");
    id.split(':').nth(1).unwrap().parse().unwrap()
}

async fn run_of(bot: &Bot, event: i64) -> Run {
    bot.service.event(event).await.expect("the event").1
}

/// A private answer to a command: its text.
async fn private_reply(s: &StandIn, tok: String) -> String {
    let m = reply(s, tok).await;
    assert!(m.ephemeral, "a private answer: {}", m.content);
    m.content
}

/// A click on message `m`'s button ending with `suffix`; whether it was refused privately
/// (and with what).
async fn press(s: &StandIn, m: u64, suffix: &str, who: Who) -> Option<String> {
    let msg = s.message(m);
    let id = find(&msg, suffix).unwrap_or_else(|| panic!("no {suffix} on {msg:?}"));
    let tok = s.click(m, &id, who, "en-US");
    let i = s.wait_acked(&tok).await;
    if i.callback_type == Some(4) {
        return Some(answer(s, &tok).await.content);
    }
    None
}

/// People letting the bot play for them: in each game being played, whoever's turn it is
/// presses "bot plays my turn" once (again after two seconds if their turn did not move:
/// a click on a board that had just changed).
struct Players {
    people: Vec<Who>,
    clicked: HashMap<(String, u64), Instant>,
}

impl Players {
    fn new(people: &[Who]) -> Players {
        Players {
            people: people.to_vec(),
            clicked: HashMap::new(),
        }
    }

    /// One pass over `threads`; the number of games still being played there.
    async fn pass(&mut self, s: &StandIn, threads: &[u64]) -> usize {
        let mut playing = 0;
        for t in threads {
            let Some(b) = s.latest_board(*t) else {
                playing += 1;
                continue;
            };
            let Some(auto) = find(&b, ":auto") else {
                continue;
            };
            playing += 1;
            let who = turn_of(&b).and_then(|n| self.people.iter().find(|p| p.1 == n).copied());
            let (Some(game), Some(who)) = (game_of(&b), who) else {
                continue;
            };
            let key = (game, who.0);
            if self
                .clicked
                .get(&key)
                .is_some_and(|at| at.elapsed() < Duration::from_secs(2))
            {
                continue;
            }
            self.clicked.insert(key, Instant::now());
            let tok = s.click(b.id, &auto, who, "en-US");
            s.wait_acked(&tok).await;
        }
        playing
    }

    /// Play the games of `ch`'s threads (but `skip`) until `done` holds of the stand-in.
    async fn play_until(
        &mut self,
        s: &StandIn,
        ch: u64,
        skip: &[u64],
        what: &str,
        limit: Duration,
        done: impl Fn(&standin::State_) -> bool,
    ) {
        let start = Instant::now();
        loop {
            let threads: Vec<u64> = threads_in(&s.state.lock().unwrap(), ch)
                .into_iter()
                .filter(|t| !skip.contains(t))
                .collect();
            let playing = self.pass(s, &threads).await;
            if done(&s.state.lock().unwrap()) {
                return;
            }
            assert!(
                start.elapsed() < limit,
                "timed out after {limit:?} waiting for {what} ({playing} games being played); \
                 violations: {:?}",
                s.violations()
            );
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }
}

/// The games' results as Discord showed them: for each pairing line of the channel (its
/// round, its two people), the winner a board's "🏆 **name** wins!" names, in its thread.
fn observed_results(s: &StandIn, ch: u64, people: &[Who]) -> Vec<(u32, u64, u64, Option<u64>)> {
    let name = |id: u64| people.iter().find(|p| p.0 == id).unwrap().1;
    let mut out = Vec::new();
    for t in threads_of(s, ch) {
        let line = s.message(t).content;
        let round: u32 = line
            .split(" · round ")
            .nth(1)
            .and_then(|r| r.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("a pairing line: {line}"));
        let [a, b] = mentions(&line)[..] else {
            panic!("two players pinged: {line}")
        };
        let winner = s.latest_board(t).and_then(|m| {
            let won: Vec<u64> = m
                .content
                .lines()
                .filter(|l| l.contains("🏆") && l.contains("wins"))
                .flat_map(|l| [a, b].into_iter().filter(|&p| l.contains(name(p))))
                .collect();
            (won.len() == 1).then(|| won[0])
        });
        out.push((round, a, b, winner));
    }
    out
}

/// 16 members sign up for a 3-round Swiss with check-in (3 rounds keep it short: 21 games).
/// One does not check in and is left out; an admin gives a game of round 1 to one side (its
/// game stopped) and pauses the event; after round 1 a member drops out and the admin
/// resumes; round 2 is played half-way, the bot restarts, the rest of round 2 is played on
/// the boards posted before the restart and round 3 opens by itself; the podium ends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "unfinished (2026-12-07): passes sign-up, check-in, the left-out log line, a non-admin's refusal, the admin's result and the stopped board; then fails at `round 1 counted`: every thread's board shows the game over but the event's round is not complete within 10 s (cause not found yet)"]
async fn a_sixteen_member_swiss_with_check_in_a_drop_an_admin_result_and_a_restart() {
    let began = Instant::now();
    let s = StandIn::start().await;
    let mut options = options(&s, "event-swiss-16", 60);
    options.bot_delay_ms = 5;
    let bot = start(options.clone()).await.expect("the bot starts");
    s.wait_ready().await;
    let ch = 10_901;
    s.set_app_permissions(ch, standin::APP_PERMISSIONS | standin::THREAD_PERMISSIONS);
    let short = json!([opt("house_rules", 3, json!("pieces=2"))]);
    reply(&s, s.slash(ch, ADMIN, "en-US", "settings", short)).await;
    let people = members(2000);
    let event_options = json!([
        opt("name", 3, json!("Spring Swiss")),
        opt("rounds", 4, json!(3)),
        opt("check_in", 5, json!(true)),
    ]);
    let m = reply(&s, s.slash(ch, ADMIN, "en-US", "event", event_options)).await;
    assert!(m.content.contains("Swiss, 3 rounds"), "{}", m.content);
    let event = event_of(&m);
    for who in &people {
        assert_eq!(
            press(&s, m.id, ":join", *who).await,
            None,
            "{} joins",
            who.1
        );
    }
    let late = people[15];
    for who in &people[..15] {
        assert_eq!(press(&s, m.id, ":checkin", *who).await, None);
    }
    let shown = s.message(m.id).content;
    assert!(shown.contains("Entrants (16)"), "{shown}");
    assert!(shown.contains("Checked in: 15 of 16"), "{shown}");
    // A member is no admin: refused privately.
    let pause = json!([opt("action", 4, json!(0))]);
    let no = private_reply(
        &s,
        s.slash(ch, people[0], "en-US", "event-admin", pause.clone()),
    )
    .await;
    assert!(no.contains("Only a server admin"), "{no}");
    assert!(!run_of(&bot, event).await.paused);

    // Round 1: fifteen checked in, seven games and a bye; the sixteenth is left out.
    assert_eq!(press(&s, m.id, ":start", ADMIN).await, None);
    let mut players = Players::new(&people);
    s.wait_for("round 1's threads", Duration::from_secs(30), |st| {
        (threads_in(st, ch).len() == 7).then_some(())
    })
    .await;
    let shown = s
        .wait_for("the message of round 1", Duration::from_secs(10), |st| {
            let x = &st.messages[&m.id];
            x.content
                .contains("Round 1 of 3")
                .then(|| x.content.clone())
        })
        .await;
    let left_out = format!("<@{}> did not check in and is left out", late.0);
    assert!(shown.contains(&left_out), "{shown}");
    assert!(shown.contains("Entrants (15)"), "{shown}");
    let run = run_of(&bot, event).await;
    let r1 = &run.played[0];
    assert_eq!(r1.games.len(), 7);
    assert!(r1.bye.is_some_and(|b| b != late.0));
    assert!(r1
        .games
        .iter()
        .all(|g| g.first != late.0 && g.second != late.0));
    assert_eq!(
        lines_with(&s, ch, "sits this round out").len(),
        1,
        "the bye's line"
    );
    for line in lines_with(&s, ch, "· round 1 ·") {
        assert!(
            !mentions(&line.content).contains(&late.0),
            "{}",
            line.content
        );
    }
    for t in threads_of(&s, ch) {
        wait_board(&s, t, "a game in its thread", |b| {
            find(b, ":auto").is_some()
        })
        .await;
    }

    // An admin gives round 1's first game to its first player: said privately, logged in
    // the message, the game in its thread stopped.
    let decided = r1.games[0].clone();
    let given = *people.iter().find(|p| p.0 == decided.first).unwrap();
    let game = decided.game.expect("opened");
    let thread = bot.service.game_table(game).await.unwrap().channel;
    let result = json!([
        opt("action", 4, json!(2)),
        user_opt("member", given),
        opt("reason", 3, json!("the other side's connection failed")),
    ]);
    let said = private_reply(&s, s.slash(ch, ADMIN, "en-US", "event-admin", result)).await;
    let logged = format!(
        "Round 1: Dana gave the game to {} (the other side's connection failed)",
        given.1
    );
    assert!(said.contains(&logged), "{said}");
    s.wait_for("the log line", Duration::from_secs(10), |st| {
        st.messages[&m.id].content.contains(&logged).then_some(())
    })
    .await;
    // The game in its thread is stopped by the service, then its board shows it.
    let asked = Instant::now();
    while bot.service.game_table(game).await.unwrap().status != Status::Stopped {
        assert!(
            asked.elapsed() < Duration::from_secs(10),
            "the decided game was not stopped"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let stopped = wait_board(&s, thread, "the stopped game's board", |b| {
        find(b, ":auto").is_none()
    })
    .await;
    assert!(stopped.content.contains("stopped"), "{}", stopped.content);
    // Paused: the games being played go on, the next round waits.
    let said = private_reply(&s, s.slash(ch, ADMIN, "en-US", "event-admin", pause)).await;
    assert!(said.contains("Dana paused the event"), "{said}");
    players
        .play_until(
            &s,
            ch,
            &[],
            "round 1's games",
            Duration::from_secs(90),
            |st| threads_in(st, ch).iter().all(|t| over_in(st, *t)),
        )
        .await;
    let done = Instant::now();
    while !run_of(&bot, event).await.round_done() {
        assert!(done.elapsed() < Duration::from_secs(10), "round 1 counted");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(thread_count(&s, ch), 7, "paused: no round 2 yet");
    assert!(s.message(m.id).content.contains("Paused by an admin"));
    println!("round 1 over after {:?}", began.elapsed());

    // A member drops out after round 1, then the admin resumes: round 2 without them.
    let quitter = people[4];
    assert_eq!(press(&s, m.id, ":leave", quitter).await, None);
    assert!(
        run_of(&bot, event)
            .await
            .entrant(quitter.0)
            .unwrap()
            .dropped
    );
    let resume = json!([opt("action", 4, json!(1))]);
    let said = private_reply(&s, s.slash(ch, ADMIN, "en-US", "event-admin", resume)).await;
    assert!(said.contains("Dana resumed the event"), "{said}");
    s.wait_for("round 2's threads", Duration::from_secs(30), |st| {
        (threads_in(st, ch).len() == 14).then_some(())
    })
    .await;
    let run = run_of(&bot, event).await;
    assert_eq!(run.stage, Stage::Round(1));
    let r2 = run.played[1].clone();
    assert_eq!((r2.games.len(), r2.bye), (7, None), "fourteen left: no bye");
    for line in lines_with(&s, ch, "· round 2 ·") {
        let pinged = mentions(&line.content);
        assert!(!pinged.contains(&quitter.0) && !pinged.contains(&late.0));
    }

    // Round 2: four games played, then the bot restarts with three still being played.
    let round2: Vec<u64> = threads_in(&s.state.lock().unwrap(), ch)[7..].to_vec();
    let later = round2[4..].to_vec();
    players
        .play_until(
            &s,
            ch,
            &later,
            "four games of round 2",
            Duration::from_secs(90),
            |st| round2[..4].iter().all(|t| over_in(st, *t)),
        )
        .await;
    let before = run_of(&bot, event).await;
    assert!(!before.round_done(), "three games still being played");
    bot.shutdown().await;
    println!("restarting after {:?}", began.elapsed());
    let bot = start(options.clone()).await.expect("the bot starts again");
    s.wait_for("a second IDENTIFY", Duration::from_secs(20), |st| {
        (st.identifies == 2).then_some(())
    })
    .await;
    players.clicked.clear();
    // The rest of round 2 on the boards posted before the restart; round 3 opens by itself.
    players
        .play_until(
            &s,
            ch,
            &[],
            "round 3's threads",
            Duration::from_secs(90),
            |st| threads_in(st, ch).len() == 21,
        )
        .await;
    let run = run_of(&bot, event).await;
    let r3 = &run.played[2];
    assert!(r3.games.iter().all(
        |g| ![quitter.0, late.0].contains(&g.first) && ![quitter.0, late.0].contains(&g.second)
    ));
    players
        .play_until(&s, ch, &[], "the podium", Duration::from_secs(90), |st| {
            st.messages[&m.id].content.contains("The event is over")
        })
        .await;
    let over = s.message(m.id);
    assert!(over.has_png(), "the podium picture");
    assert!(
        over.custom_ids().is_empty() && over.labels().is_empty(),
        "{:?}",
        over.labels()
    );
    let champion = over
        .content
        .split("Champion: **")
        .nth(1)
        .and_then(|r| r.split("**").next())
        .expect("a champion named")
        .to_string();

    // The champion against the results seen in Discord (boards, bye lines, the admin's).
    let run = run_of(&bot, event).await;
    assert_eq!(run.stage, Stage::Finished);
    let mut points: HashMap<u64, u32> = HashMap::new();
    let name = |id: u64| people.iter().find(|p| p.0 == id).unwrap().1;
    for (round, a, b, winner) in observed_results(&s, ch, &people) {
        let counted = run.played[round as usize - 1]
            .games
            .iter()
            .find(|g| g.first == a && g.second == b)
            .expect("a pairing of the service's")
            .result
            .expect("decided")
            .0;
        let winner = winner.unwrap_or_else(|| {
            assert_eq!(
                (round, a, b),
                (1, decided.first, decided.second),
                "no winner shown"
            );
            given.0
        });
        assert_eq!(winner, counted, "round {round}: {} v {}", name(a), name(b));
        *points.entry(winner).or_default() += 1;
    }
    for line in lines_with(&s, ch, "sits this round out") {
        *points.entry(mentions(&line.content)[0]).or_default() += 1;
    }
    let best = points.values().max().copied().unwrap();
    let top = run.standings()[0].entrant;
    assert_eq!(
        name(top),
        champion,
        "the message names the standings' first"
    );
    assert_eq!(points.get(&top).copied(), Some(best), "{points:?}");
    assert!(![late.0, quitter.0].contains(&top));
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
    println!("the 16-member Swiss took {:?}", began.elapsed());
}

/// Eight 2v2 teams (16 members) in a double elimination, best of 1: each captain invites a
/// partner with `/yut event-team`; one partner declines first and accepts a second
/// invitation; a stranger's Accept is refused; Join is refused (teams sign up as pairs).
/// Every game seats four people, all four pinged on its line; played to the podium.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "unfinished (2026-12-07): never run to its end (over 3 minutes when stopped); see the session's note"]
async fn an_eight_team_double_elimination_of_2v2_games() {
    let began = Instant::now();
    let s = StandIn::start().await;
    let mut options = options(&s, "event-teams-8", 60);
    options.bot_delay_ms = 5;
    let bot = start(options).await.expect("the bot starts");
    s.wait_ready().await;
    let ch = 10_902;
    s.set_app_permissions(ch, standin::APP_PERMISSIONS | standin::THREAD_PERMISSIONS);
    let short = json!([opt("house_rules", 3, json!("pieces=2"))]);
    reply(&s, s.slash(ch, ADMIN, "en-US", "settings", short)).await;
    let people = members(3000);
    let event_options = json!([
        opt("name", 3, json!("Chuseok Pairs")),
        opt("format", 4, json!(2)),
        opt("mode", 4, json!(1)),
    ]);
    let m = reply(&s, s.slash(ch, ADMIN, "en-US", "event", event_options)).await;
    assert!(
        m.content.contains("double elimination") && m.content.contains("2v2 teams"),
        "{}",
        m.content
    );
    let event = event_of(&m);
    let refused = press(&s, m.id, ":join", people[0]).await.expect("refused");
    assert!(refused.contains("/yut event-team"), "{refused}");

    let invite = |captain: Who, partner: Who, team: &str| {
        let o = json!([user_opt("partner", partner), opt("name", 3, json!(team))]);
        s.slash(ch, captain, "en-US", "event-team", o)
    };
    let mut teams = Vec::new();
    for i in 0..8 {
        let (captain, partner) = (people[2 * i], people[2 * i + 1]);
        let team = format!("T{}", i + 1);
        let inv = reply(&s, invite(captain, partner, &team)).await;
        assert!(!inv.ephemeral, "the invitation is posted");
        assert!(
            inv.content.contains(&format!("<@{}>", partner.0)) && inv.content.contains(&team),
            "{}",
            inv.content
        );
        let inv = if i == 0 {
            // Someone with no invitation presses Accept: refused, privately.
            let no = press(&s, inv.id, ":accept", people[15])
                .await
                .expect("refused");
            assert!(no.contains("No team invitation"), "{no}");
            assert!(press(&s, inv.id, ":decline", partner).await.is_none());
            assert!(s.message(inv.id).content.contains("declined"));
            assert!(run_of(&bot, event).await.entrant_of(captain.0).is_none());
            reply(&s, invite(captain, partner, &team)).await
        } else {
            inv
        };
        assert!(press(&s, inv.id, ":accept", partner).await.is_none());
        let said = s.message(inv.id).content;
        assert!(said.contains(&format!("Team **{team}** is in")), "{said}");
        teams.push(team);
    }
    let shown = s
        .wait_for(
            "eight teams in the message",
            Duration::from_secs(10),
            |st| {
                let x = &st.messages[&m.id];
                x.content
                    .contains("Entrants (8)")
                    .then(|| x.content.clone())
            },
        )
        .await;
    assert!(shown.contains("T1, T2"), "{shown}");
    let run = run_of(&bot, event).await;
    assert!(run.entrants.iter().all(|e| e.members.len() == 2));

    assert_eq!(press(&s, m.id, ":start", ADMIN).await, None);
    s.wait_for("round 1's four threads", Duration::from_secs(30), |st| {
        (threads_in(st, ch).len() == 4).then_some(())
    })
    .await;
    let mut players = Players::new(&people);
    let mut checked = HashSet::new();
    let start = Instant::now();
    loop {
        players
            .play_until(&s, ch, &[], "a pass", Duration::from_secs(5), |_| true)
            .await;
        // Every game's line pings its four people; its game seats them.
        for t in threads_of(&s, ch) {
            if checked.contains(&t) {
                continue;
            }
            let line = s.message(t);
            assert_eq!(mentions(&line.content).len(), 4, "{}", line.content);
            let allowed = line.allowed_mentions["users"]
                .as_array()
                .map_or(0, Vec::len);
            assert_eq!(allowed, 4, "{:?}", line.allowed_mentions);
            let Some(game) = s.latest_board(t).and_then(|b| game_of(&b)) else {
                continue;
            };
            let table = bot.service.game_table(game.parse().unwrap()).await.unwrap();
            assert_eq!(table.seats.len(), 4, "a 2v2 game");
            checked.insert(t);
        }
        if s.message(m.id).content.contains("The event is over") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(170),
            "the event did not end; {}",
            s.message(m.id).content
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let over = s.message(m.id);
    assert!(over.has_png() && over.labels().is_empty(), "{over:?}");
    let run = run_of(&bot, event).await;
    assert_eq!(run.stage, Stage::Finished);
    let top = run.standings()[0].entrant;
    let champion = &run.entrant(top).unwrap().name;
    assert!(teams.contains(champion));
    assert!(
        over.content.contains(&format!("Champion: **{champion}**")),
        "{}",
        over.content
    );
    let games = thread_count(&s, ch);
    assert!((14..=15).contains(&games), "{games} games for 8 teams");
    assert_eq!(checked.len(), games, "every game checked");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
    println!(
        "the 8-team double elimination took {:?} ({games} games)",
        began.elapsed()
    );
}
