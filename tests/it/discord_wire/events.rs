//! Community events in Discord (issue 49): `/yut event` by an admin, members joining from the
//! event's message, the admin starting it, every round's games opened in threads of the
//! channel (their players pinged on the line each thread opens from), played there as any
//! game, each game's end counted by itself, the next round paired at once, and the message
//! ending on the podium.

use super::*;

const ADMIN: (u64, &str, u64) = (444, "Dana", 0x400 | 0x800 | 0x20);
const DAVE: (u64, &str, u64) = (555, "Dave", 0x400 | 0x800);

/// The event's threads in `ch`, in the order they were opened.
fn threads_of(s: &StandIn, ch: u64) -> Vec<u64> {
    threads_in(&s.state.lock().unwrap(), ch)
}

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

/// Play the games in `threads` to their end: whoever's turn it is lets the bot play it.
async fn play_out(s: &StandIn, threads: &[u64], people: &[(u64, &str, u64)]) {
    let start = Instant::now();
    loop {
        let mut playing = 0;
        for t in threads {
            let Some(b) = s.latest_board(*t) else {
                playing += 1;
                continue;
            };
            // Being played while its board offers to stop or resign.
            let ids = b.custom_ids();
            if !ids
                .iter()
                .any(|c| c.ends_with(":stop") || c.ends_with(":resign") || c.ends_with(":auto"))
            {
                continue;
            }
            playing += 1;
            let Some(auto) = find(&b, ":auto") else {
                continue;
            };
            let Some(who) = turn_of(&b).and_then(|n| people.iter().find(|p| p.1 == n)) else {
                continue;
            };
            let tok = s.click(b.id, &auto, *who, "en-US");
            s.wait_acked(&tok).await;
        }
        if playing == 0 {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the games in {threads:?} did not end"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_event_from_sign_up_to_podium() {
    let s = StandIn::start().await;
    let bot = bot_paced(&s, "event-swiss", 60, 5).await;
    let ch = 10_801;
    s.set_app_permissions(ch, standin::APP_PERMISSIONS | standin::THREAD_PERMISSIONS);
    // Short games (two pieces a side): the server's house rules, as its admin sets them.
    let short = json!([{"name": "house_rules", "type": 3, "value": "pieces=2"}]);
    reply(&s, s.slash(ch, ADMIN, "en-US", "settings", short)).await;
    let name = json!({"name": "name", "type": 3, "value": "Seollal Cup"});
    let r = reply(&s, s.slash(ch, BOB, "en-US", "event", json!([name]))).await;
    assert!(r.content.contains("Only a server admin"), "{}", r.content);
    let rounds = json!({"name": "rounds", "type": 4, "value": 2});
    let m = reply(
        &s,
        s.slash(ch, ADMIN, "en-US", "event", json!([name, rounds])),
    )
    .await;
    assert!(
        m.content.contains("Seollal Cup") && m.content.contains("Sign-ups are open"),
        "{}",
        m.content
    );
    assert!(m.has_png(), "the standings picture");
    let join = find(&m, ":join").expect("a Join button");
    for who in [ALICE, BOB, CAROL, DAVE] {
        let tok = s.click(m.id, &join, who, "en-US");
        s.wait_acked(&tok).await;
        assert!(s.followups(&tok).is_empty());
    }
    let again = s.click(m.id, &join, ALICE, "en-US");
    let i = s.wait_acked(&again).await;
    assert_eq!(i.callback_type, Some(4), "a private refusal");
    let m = s.message(m.id);
    assert!(
        m.content.contains("Entrants (4): Alice, Bob, Carol, Dave"),
        "{}",
        m.content
    );
    let start = find(&m, ":start").unwrap();
    let tok = s.click(m.id, &start, BOB, "en-US");
    assert_eq!(
        s.wait_acked(&tok).await.callback_type,
        Some(4),
        "Bob is no admin"
    );
    assert!(threads_of(&s, ch).is_empty());
    let tok = s.click(m.id, &start, ADMIN, "en-US");
    s.wait_acked(&tok).await;
    let people = [ALICE, BOB, CAROL, DAVE];
    let first = s
        .wait_for("round 1's two threads", Duration::from_secs(10), |st| {
            let t = threads_in(st, ch);
            (t.len() == 2).then_some(t)
        })
        .await;
    for t in &first {
        wait_board(&s, *t, "the game in its thread", |b| game_of(b).is_some()).await;
    }
    let lines = s
        .state
        .lock()
        .unwrap()
        .messages
        .values()
        .filter(|x| x.channel == ch && x.content.contains("round 1 · game"))
        .count();
    assert_eq!(lines, 2, "a line pinging each game's players");
    play_out(&s, &first, &people).await;
    let second = s
        .wait_for("round 2's threads", Duration::from_secs(20), |st| {
            let t = threads_in(st, ch);
            (t.len() == 4).then_some(t)
        })
        .await;
    let second: Vec<u64> = second.into_iter().filter(|t| !first.contains(t)).collect();
    play_out(&s, &second, &people).await;
    let over = s
        .wait_for("the podium", Duration::from_secs(20), |st| {
            let x = &st.messages[&m.id];
            x.content.contains("The event is over").then(|| x.clone())
        })
        .await;
    assert!(over.has_png() && over.custom_ids().is_empty(), "{over:?}");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
