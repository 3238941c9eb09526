//! Writes that Discord fails or refuses (500, 429, 403, a deleted message, a channel that
//! cannot be edited at all): the board still shows, in its message, never twice, and other
//! channels do not wait.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_survive_500_and_429_and_a_deleted_message() {
    let s = StandIn::start().await;
    let bot = bot(&s, "errors", 60).await;
    let ch = 6001;
    let tok = s.slash(
        ch,
        ALICE,
        "ko",
        "new",
        json!([{"name": "seats", "type": 4, "value": 2}, {"name": "bots", "type": 4, "value": 1}]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the lobby", |m| m.content.contains("Alice")).await;
    assert!(
        lobby.content.contains("윷놀이"),
        "Korean table: {}",
        lobby.content
    );

    // The click's edit fails with 500, then 429; the bot retries and the board shows.
    s.fail_next_edits(&[500, 429]);
    let start = find(&lobby, ":start").unwrap();
    let tok = s.click(lobby.id, &start, ALICE, "ko");
    s.wait_acked(&tok).await;
    let board = wait_board(&s, ch, "the board after 500 and 429", |m| {
        m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await;
    assert!(board.has_png());
    assert_eq!(s.state.lock().unwrap().failed.len(), 2);

    // The message is deleted: the next update is reposted as a new message, and play goes on.
    s.state
        .lock()
        .unwrap()
        .messages
        .get_mut(&board.id)
        .unwrap()
        .deleted = true;
    let v = board_version(&board);
    let mut last = board.clone();
    // Whoever is up, play until the board has moved on to a new message.
    let started = Instant::now();
    let moved = loop {
        assert!(started.elapsed() < Duration::from_secs(20), "no repost");
        if let Some(m) = s.latest_board(ch) {
            if m.id != board.id && board_version(&m) > v {
                break m;
            }
            last = m;
        }
        if turn_of(&last).as_deref() == Some("Alice") {
            if let Some(b) = play_button(&last) {
                let tok = s.click(last.id, &b, ALICE, "ko");
                s.wait_acked(&tok).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(moved.has_png());

    // Missing permissions: on Alice's turn her click's edit is refused with 403. She is told
    // privately, the channel is told (once), and /yut board brings the board back.
    let mine = play_until(&s, ch, Duration::from_secs(20), |m| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    let before = mine.clone();
    s.fail_next_edits(&[403]);
    let tok = s.click(mine.id, &play_button(&mine).unwrap(), ALICE, "ko");
    let f = s.wait_followup(&tok).await;
    assert!(
        f.ephemeral && f.content.contains("권한"),
        "{} (clicked {}){}",
        f.content,
        mine.id,
        s.dump_channel(ch)
    );
    s.wait_for("the warning in the channel", Duration::from_secs(5), |st| {
        st.messages
            .values()
            .any(|m| m.channel == ch && !m.ephemeral && m.content.contains("permissions"))
            .then_some(())
    })
    .await;
    assert_eq!(s.state.lock().unwrap().failed.last().unwrap().1, 403);
    let tok = s.slash(ch, ALICE, "ko", "board", json!([]));
    s.wait_acked(&tok).await;
    let back = wait_board(&s, ch, "the board again", |m| {
        m.id != before.id && m.id != moved.id
    })
    .await;
    assert!(back.has_png());
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_in_one_channel_does_not_hold_up_another() {
    let s = StandIn::start().await;
    let bot = bot(&s, "outage", 60).await;
    let (a, b) = (10_001, 10_002);
    new_game_with_a_bot(&s, a).await;
    new_game_with_a_bot(&s, b).await;
    s.state.lock().unwrap().broken_channel = Some(a);
    // Both games become bot-only; channel a cannot be edited at all.
    for ch in [a, b] {
        let tok = s.slash(ch, ALICE, "en-US", "leave", json!([]));
        s.wait_acked(&tok).await;
    }
    let started = Instant::now();
    wait_board(&s, b, "channel b's game to end", |m| {
        m.content.contains("Final ranking")
    })
    .await;
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(10),
        "channel b waited for channel a: {took:?}"
    );
    let failed = s.state.lock().unwrap().failed.len();
    assert!(failed > 0, "channel a's edits were refused");
    eprintln!("outage: channel b finished in {took:?} while channel a had {failed} failed calls");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// Edits that keep failing (more 429s than one round of retries takes) never make the bot
/// post a second board: it waits, then edits the same message, and the turn ping waits with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_edits_wait_and_edit_never_a_second_board() {
    let s = StandIn::start().await;
    let bot = bot(&s, "edits-wait", 60).await;
    let ch = 6101;
    let board = new_game_with_a_bot(&s, ch).await;
    let mine = play_until(&s, ch, Duration::from_secs(20), |m| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    let boards_before: Vec<u64> = {
        let st = s.state.lock().unwrap();
        st.messages
            .values()
            .filter(|m| m.channel == ch && !m.deleted && !m.custom_ids().is_empty())
            .map(|m| m.id)
            .collect()
    };
    assert_eq!(boards_before, vec![mine.id], "one live board");
    let v = board_version(&mine);
    // The click's answer, its edit after the acknowledgement and the channel writer's edits
    // all fail: 8 failures (the writer waits each 429's 0.3 s and edits again).
    s.fail_next_edits(&[429; 8]);
    let tok = s.click(mine.id, &play_button(&mine).unwrap(), ALICE, "en-US");
    s.wait_acked(&tok).await;
    let shown = s
        .wait_for("the same message edited", Duration::from_secs(15), |st| {
            let m = &st.messages[&mine.id];
            (board_version(m) > v).then(|| m.clone())
        })
        .await;
    assert!(shown.has_png());
    let (left, boards) = {
        let st = s.state.lock().unwrap();
        let boards: Vec<u64> = st
            .messages
            .values()
            .filter(|m| m.channel == ch && !m.deleted && !m.custom_ids().is_empty())
            .map(|m| m.id)
            .collect();
        (st.fail_edits.len(), boards)
    };
    assert_eq!(left, 0, "every injected failure was met");
    assert_eq!(boards, vec![mine.id], "no second board");
    assert_eq!(board.channel, ch);
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
