//! Discord's rate limits, timed: a channel's budget of 5 writes per 5 s kept in a busy game,
//! and a 429's Retry-After waited out exactly.

use super::*;

fn percentile(xs: &mut [f64], p: f64) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if xs.is_empty() {
        return f64::NAN;
    }
    xs[((xs.len() - 1) as f64 * p).round() as usize]
}

/// Discord's per-channel budget enforced (5 writes per 5 s, 429 above it) in a game of one
/// person and three Master bots at the default pace (1.2 s per bot action), with the shortest
/// time per action people may set (10 s): no 429, every turn ping delivered before the person
/// acts, never two turn pings in view, one board with live buttons. Prints the
/// figures. `YUTBOT_WIRE_TURNS=N` plays N of the person's turns (default 4; 0: the whole game).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_and_three_masters_stay_within_the_channel_budget() {
    let s = StandIn::start_with(StandInOptions {
        channel_budget: Some((5, Duration::from_secs(5))),
        ..StandInOptions::default()
    })
    .await;
    let bot = bot_paced(&s, "budget", 10, 1200).await;
    let ch = 6201;
    let wanted: u32 = std::env::var("YUTBOT_WIRE_TURNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "seats", "type": 4, "value": 4}, {"name": "bots", "type": 4, "value": 3},
               {"name": "bot_level", "type": 4, "value": 2}]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the lobby", |m| m.content.contains("Master")).await;
    let start = find(&lobby, ":start").unwrap();
    let started = Instant::now();
    let tok = s.click(lobby.id, &start, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let limit = if wanted == 0 {
        Duration::from_secs(900)
    } else {
        Duration::from_secs(40 * wanted as u64)
    };
    let mut turns = 0u32;
    let mut in_turn = false;
    let mut clicks: Vec<String> = Vec::new();
    let mut ping_waits: Vec<f64> = Vec::new();
    let finished = loop {
        assert!(
            started.elapsed() < limit,
            "timed out after {turns} turns; violations {:?}",
            s.violations()
        );
        let m = s.latest_board(ch).unwrap();
        if m.content.contains("wins") || m.content.contains("won") {
            break true;
        }
        let mine = turn_of(&m).as_deref() == Some("Alice");
        if !mine {
            in_turn = false;
            if wanted > 0 && turns >= wanted {
                break false;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let Some(b) = play_button(&m) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        if !in_turn {
            // A new turn of hers: its ping must arrive (it may wait for a slot).
            in_turn = true;
            turns += 1;
            let turn_seen = Instant::now();
            let got = s
                .wait_for("the turn ping", Duration::from_secs(12), |st| {
                    let n = st
                        .order
                        .iter()
                        .filter(|id| {
                            let p = &st.messages[*id];
                            p.channel == ch && p.content.starts_with("<@111>")
                        })
                        .count();
                    (n as u32 >= turns).then_some(n)
                })
                .await;
            assert_eq!(got as u32, turns, "one ping per turn");
            ping_waits.push(turn_seen.elapsed().as_secs_f64() * 1000.0);
        }
        let v = board_version(&m);
        let tok = s.click(m.id, &b, ALICE, "en-US");
        s.wait_acked(&tok).await;
        clicks.push(tok.clone());
        let t = Instant::now();
        while s.latest_board(ch).is_some_and(|x| board_version(&x) == v)
            && s.followups(&tok).is_empty()
            && t.elapsed() < Duration::from_secs(5)
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    let played = started.elapsed();
    // Let the writer finish what is queued (the last bot boards, the old ping's deletion).
    tokio::time::sleep(Duration::from_secs(6)).await;
    let (limited, writes, live, calls, mut shown_ms) = {
        let st = s.state.lock().unwrap();
        let live: Vec<u64> = st
            .messages
            .values()
            .filter(|m| m.channel == ch && !m.deleted && !m.custom_ids().is_empty())
            .map(|m| m.id)
            .collect();
        let calls = st
            .requests
            .iter()
            .filter(|r| clicks.iter().any(|t| r.path.contains(t.as_str())))
            .count();
        let shown: Vec<f64> = clicks
            .iter()
            .filter_map(|t| st.interactions[t].edited)
            .map(|d| d.as_secs_f64() * 1000.0)
            .collect();
        let writes = st.writes.iter().filter(|w| w.0 == ch).count();
        (st.limited.clone(), writes, live, calls, shown)
    };
    let max5 = s.max_writes_within(ch, Duration::from_secs(5));
    let per_click = calls as f64 / clicks.len().max(1) as f64;
    println!(
        "budget: turns={turns} clicks={} finished={finished} played_s={:.0} channel_writes={writes} max_writes_per_5s={max5} responses_429={} calls_per_click={per_click:.2} click_to_board_p50_ms={:.0} p99_ms={:.0} ping_after_turn_p50_ms={:.0} max_ms={:.0}",
        clicks.len(),
        played.as_secs_f64(),
        limited.len(),
        percentile(&mut shown_ms, 0.5),
        percentile(&mut shown_ms, 0.99),
        percentile(&mut ping_waits, 0.5),
        percentile(&mut ping_waits, 1.0),
    );
    assert!(turns >= wanted.max(1), "played {turns} turns");
    // At this pace (a person, three bots at 1.2 s) the previous turn ping is deleted before
    // the next is posted: never two in view.
    let most = s.state.lock().unwrap().most_pings_in_view.get(&ch).copied();
    println!("budget: turn pings in view at once, at most {most:?}");
    assert!(
        most.unwrap_or(0) <= 1,
        "turn pings in view at once: {most:?}"
    );
    assert_eq!(limited, Vec::new(), "no 429 in the channel");
    assert!(max5 <= 5, "{max5} writes within 5 s");
    assert_eq!(live.len(), 1, "one board with live buttons: {live:?}");
    assert!(per_click <= 1.1, "{per_click} calls per click");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// A 429 with `Retry-After: 3` is waited out exactly: the channel's next write comes 3 s
/// later (within 100 ms), and the board then shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retry_after_is_honoured_to_the_tenth_of_a_second() {
    let s = StandIn::start().await;
    let bot = bot(&s, "retry-after", 60).await;
    let ch = 6301;
    new_game_with_a_bot(&s, ch).await;
    // Everything settles (the game waits for Alice; the channel's 5 s window empties).
    tokio::time::sleep(Duration::from_secs(6)).await;
    let board = s.latest_board(ch).unwrap();
    // Alice lets the bot play for her: every board from now on is a channel write.
    let n = s.state.lock().unwrap().writes.len();
    s.limit_next_writes(1, 3.0);
    let auto = find(&board, ":auto").unwrap();
    let tok = s.click(board.id, &auto, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let (failed_at, next_at) = s
        .wait_for("a write after the 429", Duration::from_secs(10), |st| {
            let w: Vec<_> = st.writes[n..].iter().filter(|w| w.0 == ch).collect();
            (w.len() >= 2).then(|| (w[0].1, w[1].1))
        })
        .await;
    let gap = next_at.duration_since(failed_at);
    println!("retry_after: asked_ms=3000 waited_ms={}", gap.as_millis());
    assert!(
        gap >= Duration::from_millis(3000) && gap <= Duration::from_millis(3100),
        "waited {gap:?} for Retry-After 3"
    );
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
