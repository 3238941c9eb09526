//! After the game: the final board's Replay, Analysis and My game review buttons,
//! `/yut replay` and `/yut history`.

use super::*;

/// After the game, over the wire: the final board's Replay, Analysis and My game review
/// buttons, `/yut replay` and `/yut history` each answered with one call carrying their files
/// (the review and every refusal privately).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_game_each_answer_is_one_call_with_its_files() {
    let s = StandIn::start().await;
    let bot = bot(&s, "after", 60).await;
    let ch = 9101;
    new_game_with_a_bot(&s, ch).await;
    // Alice plays her first legal button each turn until the game ends.
    let started = Instant::now();
    let mut clicked = 0;
    let end = loop {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the game did not end"
        );
        let Some(m) = s.latest_board(ch) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        if m.custom_ids()
            .iter()
            .any(|c| c.starts_with("yuta:") && c.ends_with(":replay"))
        {
            break m;
        }
        let v = board_version(&m);
        if turn_of(&m).as_deref() == Some("Alice") && v > clicked {
            if let Some(b) = play_button(&m) {
                clicked = v;
                let tok = s.click(m.id, &b, ALICE, "en-US");
                s.wait_acked(&tok).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let calls = |tok: &str| {
        s.state
            .lock()
            .unwrap()
            .requests
            .iter()
            .filter(|r| r.path.contains(tok))
            .count()
    };
    let button = |word: &str| {
        end.custom_ids()
            .into_iter()
            .find(|c| c.starts_with("yuta:") && c.ends_with(word))
            .unwrap_or_else(|| panic!("a {word} button on {:?}", end.custom_ids()))
    };
    let files = |m: &Msg| m.files.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();

    // Replay: the GIF and the record, in the channel, in one answer.
    let tok = s.click(end.id, &button(":replay"), BOB, "en-US");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(4), "answered with the files at once");
    let m = s.followups(&tok).pop().expect("the replay message");
    assert!(!m.ephemeral, "the replay is for everyone");
    assert!(
        m.files
            .iter()
            .any(|(n, b)| n.ends_with(".gif") && b.starts_with(b"GIF89a")),
        "{:?}",
        files(&m)
    );
    assert!(m.files.iter().any(
        |(n, b)| n.ends_with(".json") && serde_json::from_slice::<serde_json::Value>(b).is_ok()
    ));
    assert_eq!(calls(&tok), 1, "one call for the replay");
    let record: Vec<u8> = m
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".json"))
        .map(|(_, b)| b.clone())
        .expect("the record");

    // Analysis: the chart.
    let tok = s.click(end.id, &button(":chart"), BOB, "en-US");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(4));
    let m = s.followups(&tok).pop().expect("the chart message");
    assert!(m.has_png(), "{:?}", files(&m));
    assert_eq!(calls(&tok), 1, "one call for the chart");

    // My game review: private to Alice.
    let tok = s.click(end.id, &button(":review"), ALICE, "ko");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(4));
    let m = s.followups(&tok).pop().expect("the review");
    assert!(m.ephemeral, "a review is private");
    assert!(!m.content.is_empty());
    assert_eq!(calls(&tok), 1, "one call for the review");

    // /yut replay: this channel's last finished game, in one answer.
    let tok = s.slash(ch, CAROL, "en-US", "replay", json!([]));
    let m = reply(&s, tok.clone()).await;
    assert!(
        m.files.iter().any(|(n, _)| n.ends_with(".gif")),
        "{:?}",
        files(&m)
    );
    assert_eq!(s.wait_acked(&tok).await.callback_type, Some(4));
    assert_eq!(calls(&tok), 1, "one call for /yut replay");
    // A game that does not exist: a private refusal, one call.
    let tok = s.slash(
        ch,
        CAROL,
        "en-US",
        "replay",
        json!([{"name": "game", "type": 4, "value": 987654}]),
    );
    let m = reply(&s, tok.clone()).await;
    assert!(m.ephemeral && m.files.is_empty(), "{}", m.content);
    assert_eq!(calls(&tok), 1);

    // /yut history: private, with a replay button per game that works like the board's.
    let tok = s.slash(ch, CAROL, "en-US", "history", json!([]));
    let h = reply(&s, tok.clone()).await;
    assert!(h.ephemeral);
    assert!(h.content.contains("Alice"), "{}", h.content);
    let replay = h
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":replay"))
        .expect("a replay button");
    let tok = s.click(h.id, &replay, CAROL, "en-US");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(4));
    let files = s.followups(&tok).pop().unwrap();
    assert!(files.files.len() >= 2);
    // Asked from a private list, the replay is private too.
    assert!(files.ephemeral, "the replay of a private list is private");
    assert_eq!(calls(&tok), 1);

    // Fair throws: private, the commitment and, the game being over, its seed.
    let fair = button(":fair");
    let game: i64 = fair.split(':').nth(1).unwrap().parse().unwrap();
    let tok = s.click(end.id, &fair, CAROL, "en-US");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(4));
    let m = s.followups(&tok).pop().expect("the explanation");
    assert!(m.ephemeral, "Fair throws answers privately");
    let rec: serde_json::Value = serde_json::from_slice(&record).unwrap();
    let (commitment, seed) = (
        rec["commitment"].as_str().unwrap().to_string(),
        rec["seed"].as_str().unwrap().to_string(),
    );
    assert!(
        m.content.contains(&commitment) && m.content.contains(&seed),
        "{}",
        m.content
    );
    assert_eq!(calls(&tok), 1);

    // /yut verify: a game by number, the record attached, a tampered record, garbage; each
    // answered privately.
    let tok = s.slash(
        ch,
        CAROL,
        "en-US",
        "verify",
        json!([{"name": "game", "type": 4, "value": game}]),
    );
    let m = answer(&s, &tok).await;
    assert!(
        m.ephemeral && m.content.contains("Verified"),
        "{}",
        m.content
    );
    let tok = s.slash_with_file(
        ch,
        CAROL,
        "en-US",
        "verify",
        "record",
        "yut.json",
        record.clone(),
    );
    let m = answer(&s, &tok).await;
    assert!(
        m.ephemeral && m.content.contains("Verified"),
        "{}",
        m.content
    );
    let mut tampered = rec.clone();
    let mut other = seed.clone();
    let first = if other.starts_with('0') { "1" } else { "0" };
    other.replace_range(0..1, first);
    tampered["seed"] = json!(other);
    let tok = s.slash_with_file(
        ch,
        CAROL,
        "ko",
        "verify",
        "record",
        "yut.json",
        serde_json::to_vec(&tampered).unwrap(),
    );
    let m = answer(&s, &tok).await;
    assert!(
        m.ephemeral && m.content.contains("검증 실패") && m.content.contains("commitment"),
        "{}",
        m.content
    );
    let tok = s.slash_with_file(
        ch,
        CAROL,
        "es-ES",
        "verify",
        "record",
        "yut.json",
        b"not a record at all".to_vec(),
    );
    let m = answer(&s, &tok).await;
    assert!(
        m.ephemeral
            && m.content.contains("No verificado")
            && m.content.contains("not a yutbot game record"),
        "{}",
        m.content
    );
    let tok = s.slash(ch, CAROL, "en-US", "verify", json!([]));
    let m = answer(&s, &tok).await;
    assert!(m.ephemeral && m.content.contains("record"), "{}", m.content);

    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
