//! Each game in a thread of its own (the server's `threads` setting, issue 18).

use super::*;

/// The server's `threads` setting (issue 18): the lobby stays in the channel, the game moves
/// to a thread opened from the lobby message and named after the players, the result is said
/// back in the channel with a link, and the thread is archived after its last board. A rematch
/// opens the thread again. Without the permissions the game is played in the channel, and its
/// board says why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_game_in_a_thread_of_its_own() {
    const ADMIN: (u64, &str, u64) = (444, "Dana", 0x400 | 0x800 | 0x20);
    let s = StandIn::start().await;
    let bot = bot(&s, "threads", 60).await;
    let (ch, bare) = (10_701, 10_702);
    s.set_app_permissions(ch, standin::APP_PERMISSIONS | standin::THREAD_PERMISSIONS);
    let on = json!([{"name": "threads", "type": 5, "value": true}]);
    let r = reply(&s, s.slash(ch, BOB, "en-US", "settings", on.clone())).await;
    assert!(r.content.contains("Nothing was changed"), "{}", r.content);
    let r = reply(&s, s.slash(ch, ADMIN, "es-ES", "settings", on)).await;
    assert!(
        r.content.contains("cada partida en su propio hilo"),
        "{}",
        r.content
    );

    // The lobby in the channel; Alice starts it with one bot.
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "bots", "type": 4, "value": 1}, {"name": "pieces", "type": 4, "value": 0}]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the lobby", |m| find(m, ":start").is_some()).await;
    let tok = s.click(lobby.id, &find(&lobby, ":start").unwrap(), ALICE, "en-US");
    s.wait_acked(&tok).await;
    let thread = s
        .wait_for("the game's thread", Duration::from_secs(10), |st| {
            st.threads.get(&lobby.id).cloned()
        })
        .await;
    assert_eq!(thread.parent, ch);
    assert!(
        thread.name.starts_with("Yut: Alice vs 🤖 Bot 2"),
        "{}",
        thread.name
    );
    // The lobby message now points to the thread: no buttons, no picture.
    let link = format!("<#{}>", thread.id);
    let pointer = s
        .wait_for("the lobby's pointer", Duration::from_secs(10), |st| {
            let m = &st.messages[&lobby.id];
            m.content.contains(&link).then(|| m.clone())
        })
        .await;
    assert!(
        pointer.custom_ids().is_empty() && !pointer.has_png(),
        "{pointer:?}"
    );
    // The board is in the thread, and Alice is pinged there.
    let board = wait_board(&s, thread.id, "the board in the thread", |m| {
        m.has_png() && m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await;
    assert!(board.content.contains("Alice"), "{}", board.content);
    s.wait_for(
        "Alice's ping in the thread",
        Duration::from_secs(10),
        |st| {
            st.messages
                .values()
                .find(|m| m.channel == thread.id && m.content.contains("<@111>"))
                .cloned()
        },
    )
    .await;
    // The channel is free for another game meanwhile.
    let tok = s.slash(ch, BOB, "en-US", "new", json!([]));
    s.wait_acked(&tok).await;
    let second = wait_board(&s, ch, "a second lobby", |m| m.content.contains("Bob")).await;
    let tok = s.click(second.id, &find(&second, ":stop").unwrap(), BOB, "en-US");
    s.wait_acked(&tok).await;

    // Played to the end in the thread.
    let over = play_until(&s, thread.id, Duration::from_secs(120), |m| {
        m.content.contains("Final ranking")
    })
    .await;
    let result = s
        .wait_for("the result in the channel", Duration::from_secs(10), |st| {
            st.order
                .iter()
                .map(|id| &st.messages[id])
                .find(|m| m.channel == ch && m.content.contains("won the game played in"))
                .cloned()
        })
        .await;
    assert!(result.content.contains(&link), "{}", result.content);
    // Archived once the thread's writer is done: the deletions of old turn pings come first
    // (an archived thread's messages cannot be deleted), within the channel's budget.
    let ended = Instant::now();
    let archived = s
        .wait_for("the thread archived", Duration::from_secs(60), |st| {
            st.threads.get(&thread.id).filter(|t| t.archived).cloned()
        })
        .await;
    assert_eq!(archived.archives, 1);
    let refused: Vec<(String, u16)> = s
        .state
        .lock()
        .unwrap()
        .failed
        .iter()
        .filter(|(_, code)| *code == 50083)
        .cloned()
        .collect();
    assert!(
        refused.is_empty(),
        "written after the thread was archived: {refused:?}"
    );
    eprintln!(
        "threads: {:?} in {link}, result said in the channel: {}; archived {:?} after the end",
        thread.name,
        result.content,
        ended.elapsed()
    );

    // A rematch from the thread opens it again and is played there.
    let tok = s.click(over.id, &find(&over, ":rematch").unwrap(), ALICE, "en-US");
    s.wait_acked(&tok).await;
    wait_board(&s, thread.id, "the rematch in the thread", |m| {
        game_of(m) != game_of(&over) && m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await;
    assert_eq!(s.thread(thread.id).unwrap().unarchives, 1);
    assert_eq!(s.threads_of(ch).len(), 1, "one thread per game");

    // Without Create Public Threads the game is played in the channel, and says why.
    let tok = s.slash(
        bare,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "bots", "type": 4, "value": 1}]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, bare, "a lobby", |m| find(m, ":start").is_some()).await;
    let tok = s.click(lobby.id, &find(&lobby, ":start").unwrap(), ALICE, "ko");
    s.wait_acked(&tok).await;
    let here = wait_board(&s, bare, "the board in the channel", |m| {
        m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await;
    assert_eq!(here.id, lobby.id, "the lobby message became the board");
    assert!(
        here.content.contains("Create Public Threads"),
        "{}",
        here.content
    );
    assert!(s.threads_of(bare).is_empty());
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
