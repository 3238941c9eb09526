//! `/yut challenge`: refusals, the mention, the opponent's acceptance.

use super::*;

/// `/yut challenge` through the stand-in: refused privately for yourself, a bot account and
/// someone outside the server; a real challenge mentions the opponent, refuses a stranger's
/// answer, and starts with the opponent's acceptance, each click answered with one call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_over_the_wire() {
    let s = StandIn::start().await;
    let b = bot(&s, "challenge", 25).await;
    let ch = 4242;
    let user = |id: u64| json!([{"name": "opponent", "type": 6, "value": id.to_string()}]);
    for (who, want) in [
        (ALICE.0, "can't challenge yourself"),
        (standin::OTHER_BOT, "is a bot account"),
        (standin::STRANGER, "is not a member of this server"),
    ] {
        let tok = s.slash(ch, ALICE, "en-US", "challenge", user(who));
        let m = answer(&s, &tok).await;
        assert!(m.ephemeral && m.content.contains(want), "{}", m.content);
    }
    assert!(s.latest_board(ch).is_none(), "nothing was opened");
    // Alice challenges Bob (1v1, board game rules).
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "challenge",
        json!([
            {"name": "opponent", "type": 6, "value": BOB.0.to_string()},
            {"name": "preset", "type": 4, "value": 1},
        ]),
    );
    let lobby = reply(&s, tok).await;
    assert!(!lobby.ephemeral);
    assert!(
        lobby.content.starts_with(&format!("<@{}>", BOB.0))
            && lobby.content.contains("challenges User222")
            && lobby.content.contains("boardgame rules")
            && lobby.content.contains("50%"),
        "{}",
        lobby.content
    );
    assert_eq!(lobby.allowed_mentions["users"], json!([BOB.0.to_string()]));
    let accept = find(&lobby, ":accept").unwrap();
    // Carol is not asked: a private refusal in one call; the lobby is unchanged.
    let tok = s.click(lobby.id, &accept, CAROL, "ko");
    let m = answer(&s, &tok).await;
    assert!(m.ephemeral && m.content.contains("초대"), "{}", m.content);
    assert_eq!(s.wait_acked(&tok).await.callback_type, Some(4));
    assert_eq!(s.message(lobby.id).edits, lobby.edits);
    // Bob accepts: the same message becomes the board, in one call.
    let tok = s.click(lobby.id, &accept, BOB, "en-US");
    assert_eq!(s.wait_acked(&tok).await.callback_type, Some(7));
    let board = wait_board(&s, ch, "the challenge's game", |m| {
        m.id == lobby.id && m.has_png()
    })
    .await;
    assert!(
        board.content.contains("throw the sticks") && !board.content.contains("<@"),
        "{}",
        board.content
    );
    // A second acceptance from the old lobby is refused.
    let tok = s.click(lobby.id, &accept, BOB, "en-US");
    let m = answer(&s, &tok).await;
    assert!(m.ephemeral, "{}", m.content);
    // 윷점: in the channel, the same fortune when asked again the same day, in the asker's
    // language.
    let tok = s.slash(ch, CAROL, "ko", "fortune", json!([]));
    let first = reply(&s, tok).await;
    assert!(
        !first.ephemeral && first.content.contains("오늘 윷점"),
        "{}",
        first.content
    );
    let tok = s.slash(ch, CAROL, "ko", "fortune", json!([]));
    assert_eq!(reply(&s, tok).await.content, first.content);
    let tok = s.slash(ch, ALICE, "en-US", "fortune", json!([]));
    let en = reply(&s, tok).await;
    assert!(
        en.content.contains("yut fortune for today"),
        "{}",
        en.content
    );
    b.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
