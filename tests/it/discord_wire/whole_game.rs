//! A whole game over the wire: the registered commands, the lobby and its menus, refusals in
//! the clicker's language, play by hand and by the bot, timers, turn pings, a rematch, a
//! repost, the other commands; every interaction answered in time, one call per click.

use super::*;

/// Clicks played by hand before Bob leaves and Alice lets the bot play.
const BY_HAND: u32 = 30;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_over_the_wire() {
    let t0 = Instant::now();
    let s = StandIn::start().await;
    let bot = bot(&s, "game", 2).await;
    let ch = 5001;
    let ready_ms = t0.elapsed().as_millis();

    // The commands: one /yut with localized subcommands.
    {
        let st = s.state.lock().unwrap();
        let yut = &st.commands[0];
        assert_eq!(yut["name"], "yut");
        let subs: Vec<&str> = yut["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        for want in [
            "new",
            "join",
            "leave",
            "start",
            "stop",
            "board",
            "rules",
            "stats",
            "leaderboard",
            "settings",
            "help",
        ] {
            assert!(subs.contains(&want), "missing /yut {want}: {subs:?}");
        }
        // Korean and Spanish (Spain and Latin America) names for everything; the stand-in
        // checks each against Discord's rules for names and descriptions.
        for loc in ["ko", "es-ES", "es-419"] {
            for o in yut["options"].as_array().unwrap() {
                assert!(
                    o["name_localizations"][loc].is_string(),
                    "{} has a {loc} name",
                    o["name"]
                );
                assert!(o["description_localizations"][loc].is_string());
                for p in o["options"].as_array().into_iter().flatten() {
                    assert!(p["name_localizations"][loc].is_string(), "{loc} {p}");
                    assert!(p["description_localizations"][loc].is_string(), "{loc} {p}");
                    for c in p["choices"].as_array().into_iter().flatten() {
                        assert!(c["name_localizations"][loc].is_string(), "{loc} {c}");
                    }
                }
            }
        }
        assert_eq!(yut["name_localizations"]["es-ES"], "yut");
    }

    // /yut new: 3 seats, 3 pieces each.
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([
            {"name": "seats", "type": 4, "value": 3},
            {"name": "pieces", "type": 4, "value": 1}
        ]),
    );
    let inter = s.wait_acked(&tok).await;
    assert_eq!(inter.callback_type, Some(4));
    let lobby = wait_board(&s, ch, "the lobby", |m| m.content.contains("Alice")).await;
    assert!(find(&lobby, ":join").is_some());
    // The bot fetched the response to learn its id.
    s.wait_for("GET @original", Duration::from_secs(5), |st| {
        st.requests
            .iter()
            .any(|r| r.method == "GET" && r.path.ends_with("/messages/@original"))
            .then_some(())
    })
    .await;

    // A second /yut new in the same channel links to the game.
    let tok = s.slash(ch, BOB, "en-US", "new", json!([]));
    let reply = s
        .wait_for("the already-running reply", Duration::from_secs(5), |st| {
            let i = st.interactions.get(&tok)?;
            let id = i.original?;
            let m = st.messages.get(&id)?;
            (!m.content.is_empty()).then(|| m.clone())
        })
        .await;
    assert!(reply.ephemeral);
    assert!(
        reply.content.contains(&format!("/{ch}/{}", lobby.id)),
        "{}",
        reply.content
    );

    // Bob joins by button.
    let join = find(&lobby, ":join").unwrap();
    let tok = s.click(lobby.id, &join, BOB, "en-US");
    // One call: the click is answered with the updated message (UPDATE_MESSAGE).
    assert_eq!(s.wait_acked(&tok).await.callback_type, Some(7));
    let lobby = wait_board(&s, ch, "Bob seated", |m| m.content.contains("Bob")).await;

    // The mode, the rules and the bots' level are menus (one per row, the one in force
    // shown); Join, Leave, the bot buttons, Start and Cancel stay buttons.
    let menus: Vec<&serde_json::Value> = lobby
        .components
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["components"][0]["type"] == 3)
        .collect();
    assert_eq!(menus.len(), 3, "{:?}", lobby.components);
    let shown = |m: &serde_json::Value| -> Vec<String> {
        m["components"][0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["default"] == true)
            .map(|o| o["label"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(shown(menus[0]), ["3 players"]);
    assert_eq!(shown(menus[1]), ["standard rules"]);
    assert_eq!(shown(menus[2]), ["Bot level: Normal"]);
    for label in ["Join", "Leave", "Start", "Cancel"] {
        assert!(lobby.labels().iter().any(|(l, _)| l == label), "{label}");
    }
    // The mode: Bob (not the host) is refused privately; Alice switches to four players
    // and back to three.
    let mode = find(&lobby, ":mode").unwrap();
    let tok = s.choose(lobby.id, &mode, "4", BOB, "en-US");
    let f = s.wait_followup(&tok).await;
    assert!(f.ephemeral);
    assert_eq!(f.content, "Only the host or a moderator can do that.");
    let tok = s.choose(lobby.id, &mode, "4", ALICE, "en-US");
    assert_eq!(s.wait_acked(&tok).await.callback_type, Some(7));
    let lobby = wait_board(&s, ch, "four players", |m| {
        m.content.contains("· 4 players ·")
    })
    .await;
    let tok = s.choose(
        lobby.id,
        &find(&lobby, ":mode").unwrap(),
        "3",
        ALICE,
        "en-US",
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "three players", |m| {
        m.content.contains("· 3 players ·")
    })
    .await;
    // A choice on an older lobby is refused as any old button is.
    let tok = s.choose_stale(lobby.id, &mode, "teams", ALICE, "en-US");
    let f = s.wait_followup(&tok).await;
    assert!(f.ephemeral, "{}", f.content);
    assert!(s.message(lobby.id).content.contains("· 3 players ·"));
    // The rules: Alice tries boardgame and comes back; the pieces she chose stay on top.
    let tok = s.choose(
        lobby.id,
        &find(&lobby, ":preset").unwrap(),
        "boardgame",
        ALICE,
        "en-US",
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "boardgame rules", |m| {
        m.content.contains("· boardgame + pieces=3 rules ·")
    })
    .await;
    let tok = s.choose(
        lobby.id,
        &find(&lobby, ":preset").unwrap(),
        "standard",
        ALICE,
        "en-US",
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "standard rules again", |m| {
        m.content.contains("· standard + pieces=3 rules ·")
    })
    .await;

    // Alice picks Easy bots in the menu; the bot button then seats an Easy bot.
    assert!(find(&lobby, ":bot:normal").is_some());
    let tok = s.choose(
        lobby.id,
        &find(&lobby, ":level").unwrap(),
        "easy",
        ALICE,
        "en-US",
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "Easy chosen", |m| find(m, ":bot:easy").is_some()).await;
    assert!(lobby.labels().iter().any(|(l, _)| l == "+ Bot (Easy)"));
    let add = find(&lobby, ":bot:easy").unwrap();
    let tok = s.click(lobby.id, &add, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the bot seated", |m| m.content.contains("Easy")).await;

    // A button that is not ours is refused privately (Korean clicker, Korean refusal).
    let tok = s.click(lobby.id, "not-a-yut-button", CAROL, "ko");
    let f = s.wait_followup(&tok).await;
    assert!(f.ephemeral);
    assert_eq!(f.content, "알 수 없는 버튼이에요.");

    // Carol cannot start a game she is not in.
    let start_id = find(&lobby, ":start").unwrap();
    let stale_lobby_join = join.clone();
    let tok = s.click(lobby.id, &start_id, CAROL, "en-US");
    let f = s.wait_followup(&tok).await;
    assert!(f.ephemeral, "refusals are private");
    assert_eq!(f.content, "You're not playing in this game.");
    // The same click from a Spanish client: refused in Spanish, in Latin America as in Spain.
    for loc in ["es-ES", "es-419"] {
        let tok = s.click(lobby.id, &start_id, CAROL, loc);
        let f = s.wait_followup(&tok).await;
        assert!(f.ephemeral);
        assert_eq!(f.content, "No juegas en esta partida.");
    }

    // Alice starts: the board has its PNG.
    let tok = s.click(lobby.id, &start_id, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let board = wait_board(&s, ch, "the first board", |m| {
        m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await;
    assert!(board.has_png(), "the board carries its PNG");
    // ... described for screen readers.
    assert!(
        board.alts.iter().any(|a| a.starts_with("Yut Nori board.")
            && a.contains("Alice")
            && a.contains("waiting")),
        "{:?}",
        board.alts
    );
    // A live countdown while a person is to act (none during a bot's short pacing delay).
    let bot_to_act = board.content.contains("▶️ **🤖");
    assert!(
        bot_to_act != board.content.contains("<t:"),
        "a live deadline for people only: {}",
        board.content
    );

    // A stale click (the lobby's Join button) is refused.
    let tok = s.click(board.id, &stale_lobby_join, BOB, "en-US");
    let f = s.wait_followup(&tok).await;
    assert!(f.content.contains("out of date"), "{}", f.content);

    // Play: people click, the bot moves by itself, a stranger is refused, and once Bob lets
    // his deadline pass the timer plays for him.
    let mut stranger_refused = false;
    let mut timed_out = false;
    let mut human_clicks = 0;
    let mut kinds: std::collections::BTreeMap<&str, u32> = Default::default();
    let play_start = Instant::now();
    loop {
        assert!(
            play_start.elapsed() < Duration::from_secs(60),
            "game too slow: {:?} after {human_clicks} clicks {kinds:?}{}",
            s.latest_board(ch).map(|m| (m.custom_ids(), m.content)),
            s.dump_channel(ch)
        );
        let b = s.latest_board(ch).unwrap();
        if b.content.contains("Final ranking") {
            break;
        }
        let Some(who) = turn_of(&b) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let v = board_version(&b);
        let person = match who.as_str() {
            "Alice" => Some(ALICE),
            "Bob" => Some(BOB),
            _ => None,
        };
        let Some(person) = person else {
            // The bot's turn (or an away player): wait for the board to change.
            wait_board(&s, ch, "a bot move", |m| board_version(m) != v).await;
            continue;
        };
        if person.0 == BOB.0 && !timed_out && human_clicks >= 2 {
            // Bob waits: the deadline (2 s) passes and the timer plays for him.
            wait_board(&s, ch, "a timeout auto-play", |m| board_version(m) != v).await;
            timed_out = true;
            continue;
        }
        if let Some(back) = find(&b, ":here") {
            // A loaded machine let three deadlines pass: marked away, the stand-in plays
            // (only "I'm back" is offered). Take the seat back, as a person would, so that the
            // game is not abandoned with everyone away.
            let tok = s.click(b.id, &back, person, "en-US");
            s.wait_acked(&tok).await;
            wait_board(&s, ch, "back from away", |m| board_version(m) != v).await;
            continue;
        }
        let by_hand = human_clicks < BY_HAND;
        let button = if by_hand {
            play_button(&b)
        } else {
            // Alice lets the bot play her turns ("🤖 Bot plays my turn").
            find(&b, ":auto")
        };
        let Some(button) = button else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        if !stranger_refused {
            let tok = s.click(b.id, &button, CAROL, "en-US");
            let f = s.wait_followup(&tok).await;
            assert!(f.ephemeral, "refusals are private");
            assert!(f.content.contains("not playing"), "{}", f.content);
            stranger_refused = true;
        }
        let tok = s.click(b.id, &button, person, "en-US");
        let answered = s.wait_acked(&tok).await;
        if !by_hand && answered.callback_type == Some(4) {
            // Refused (a private answer instead of the updated board): the board on show was
            // already out of date (Bob's leave not on it yet). Try again on the latest one.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        if !by_hand {
            // The bot plays the rest of Alice's turn.
            // (Until the turn passes, or her next turn has come: the channel's writer may
            // show the final state of several quick bot turns at once.)
            wait_board(&s, ch, "the bot to play Alice's turn", |m| {
                turn_of(m).as_deref() != Some("Alice")
                    || find(m, ":auto").is_some()
                    || m.content.contains("Final ranking")
            })
            .await;
            continue;
        }
        human_clicks += 1;
        let kind = button.split(':').nth(3).unwrap();
        *kinds
            .entry(match kind {
                "throw" => "throw",
                "sel" => "chip",
                "mv" => "move",
                _ => "other",
            })
            .or_default() += 1;
        // Either the board changes or the click was refused (the bot's timer may have won).
        let start = Instant::now();
        loop {
            let changed = s.latest_board(ch).is_some_and(|m| board_version(&m) != v);
            let refused = !s.followups(&tok).is_empty();
            if changed || refused {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "click had no effect"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        if human_clicks == BY_HAND {
            // Enough by hand: Bob leaves (a bot takes his seat), Alice lets the bot play.
            let tok = s.slash(ch, BOB, "en-US", "leave", json!([]));
            let f = self::reply(&s, tok.clone()).await;
            assert!(f.ephemeral);
            assert_eq!(f.content, "You left the game.");
            // One response, no acknowledgement before it.
            assert_eq!(s.wait_acked(&tok).await.callback_type, Some(4));
        }
    }
    assert!(stranger_refused && timed_out, "scenario covered");
    for k in ["throw", "chip", "move"] {
        assert!(kinds.contains_key(k), "no {k} clicked: {kinds:?}");
    }
    let finished = s.latest_board(ch).unwrap();
    assert!(finished.has_png(), "the final board carries its PNG");
    let game_ms = play_start.elapsed().as_millis();

    // Turn pings: a message of its own, mentioning only that player; the previous one deleted.
    let pings = s.pings(ch);
    assert!(!pings.is_empty(), "players were pinged");
    for p in &pings {
        let id: u64 = p.content[2..p.content.find('>').unwrap()].parse().unwrap();
        assert!(id == ALICE.0 || id == BOB.0, "{}", p.content);
        assert_eq!(p.allowed_mentions["users"], json!([id.to_string()]));
    }
    // One turn ping in view at a time (the previous one is deleted before the next is
    // posted), and none once the game is over.
    let most = s.state.lock().unwrap().most_pings_in_view.get(&ch).copied();
    eprintln!("turn pings in view at once, at most: {most:?}");
    // (At 2 s per action several pings are still queued for deletion when the game ends;
    // deletions take the channel's spare slots, 3 per 5 s.)
    s.wait_for("the last ping deleted", Duration::from_secs(30), |st| {
        let live = st
            .messages
            .values()
            .filter(|m| m.channel == ch && m.content.starts_with("<@") && !m.deleted)
            .count();
        (live == 0).then_some(())
    })
    .await;

    // Rematch: a new game (same seats) as a new message.
    let rematch = find(&finished, ":rematch").unwrap();
    let tok = s.click(finished.id, &rematch, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let old_game = game_of(&finished);
    // Bob left the game (a bot plays his seat), so nobody else is asked: it starts at once.
    let next = wait_board(&s, ch, "the rematch", |m| {
        m.id != finished.id && game_of(m) != old_game
    })
    .await;
    assert!(next.has_png(), "the rematch board carries its PNG");
    assert!(
        !next.content.contains("<@"),
        "nobody to ask: {}",
        next.content
    );
    assert_eq!(
        s.message(finished.id).content,
        finished.content,
        "the result stays"
    );
    // Alice alone with bots and 2 s per action: stop it before her missed deadlines make her
    // away and the game is abandoned. Everyone reads who stopped it.
    let tok = s.slash(ch, ALICE, "en-US", "stop", json!([]));
    let f = self::reply(&s, tok).await;
    assert_eq!(f.content, "The game was stopped.");
    s.wait_for("the stopped rematch", Duration::from_secs(20), |st| {
        st.messages
            .values()
            .any(|m| m.channel == ch && m.content.contains("Alice stopped the game"))
            .then_some(())
    })
    .await;

    // A game with a minute per action (the server's default, set by a manager), so that
    // nothing times out while the board is reposted.
    const ADMIN: (u64, &str, u64) = (444, "Dana", 0x400 | 0x800 | 0x20);
    let r = self::reply(
        &s,
        s.slash(
            ch,
            ADMIN,
            "en-US",
            "settings",
            json!([{"name": "seconds", "type": 4, "value": 60}]),
        ),
    )
    .await;
    assert!(r.content.contains("60 s per action"), "{}", r.content);
    new_game_with_a_bot(&s, ch).await;
    let next = wait_board(&s, ch, "the third game on Alice's turn", |m| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;

    // /yut board reposts; /yut stop ends it.
    let tok = s.slash(ch, BOB, "en-US", "board", json!([]));
    s.wait_acked(&tok).await;
    let reposted = wait_board(&s, ch, "the reposted board", |m| m.id != next.id).await;
    assert_eq!(game_of(&reposted), game_of(&next));
    s.wait_for(
        "the old board without buttons",
        Duration::from_secs(20),
        |st| st.messages[&next.id].custom_ids().is_empty().then_some(()),
    )
    .await;
    // A client that has not seen the repost yet clicks the old board's button: refused
    // privately with a link to the live board, never applied, and the old message stays
    // without buttons.
    let press = find(&next, ":start")
        .or_else(|| next.custom_ids().into_iter().next())
        .unwrap();
    let old_edits = s.message(next.id).edits;
    let tok = s.click(next.id, &press, ALICE, "en-US");
    let f = s.wait_followup(&tok).await;
    assert!(f.ephemeral, "{}", f.content);
    assert!(
        f.content.contains("moved to a newer message")
            && f.content.contains(&format!("/{ch}/{}", reposted.id)),
        "{}",
        f.content
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(s.message(next.id).custom_ids().is_empty());
    assert_eq!(
        s.message(next.id).edits,
        old_edits,
        "{press}: the old message untouched"
    );
    let tok = s.slash(ch, ALICE, "en-US", "stop", json!([]));
    let f = self::reply(&s, tok).await;
    assert_eq!(f.content, "The game was stopped.");

    // The other commands answer in the user's language.
    let ask = |who, locale: &str, sub: &str, options| {
        let tok = s.slash(ch, who, locale, sub, options);
        let s = s.clone();
        async move {
            s.wait_for("a reply", Duration::from_secs(5), |st| {
                let id = st.interactions.get(&tok)?.original?;
                let m = st.messages.get(&id)?;
                (!m.content.is_empty()).then(|| m.clone())
            })
            .await
        }
    };
    let r = ask(ALICE, "en-US", "stats", json!([])).await;
    assert!(
        r.content.contains("**Alice** · season all time") && r.content.contains("Games: 1 ·"),
        "{}",
        r.content
    );
    let r = ask(
        BOB,
        "ko",
        "stats",
        json!([{"name": "user", "type": 6, "value": ALICE.0.to_string()}]),
    )
    .await;
    assert!(
        r.content.contains("**Alice** · 시즌 전체") && r.content.contains("전체 1판"),
        "{}",
        r.content
    );
    let r = ask(BOB, "en-US", "leaderboard", json!([])).await;
    assert!(
        r.content.starts_with("**Leaderboard**") && r.content.contains("Alice"),
        "{}",
        r.content
    );
    let r = ask(
        CAROL,
        "ko",
        "rules",
        json!([{"name": "preset", "type": 4, "value": 2}]),
    )
    .await;
    assert!(
        r.ephemeral && r.content.contains("**윷놀이 규칙**"),
        "{}",
        r.content
    );
    let r = ask(CAROL, "en-US", "help", json!([])).await;
    assert!(
        r.ephemeral && r.content.contains("/yut new"),
        "{}",
        r.content
    );
    // A Spanish client reads the help in Spanish, with the Spanish command names.
    for loc in ["es-ES", "es-419"] {
        let r = ask(CAROL, loc, "help", json!([])).await;
        assert!(
            r.ephemeral && r.content.contains("/yut nueva") && !r.content.contains("/yut new"),
            "{}",
            r.content
        );
        assert!(r.content.chars().count() <= 2000);
    }

    // Every interaction was acknowledged, in time.
    let slowest = {
        let st = s.state.lock().unwrap();
        for i in st.interactions.values() {
            assert!(i.acked.is_some(), "interaction {} never acknowledged", i.id);
        }
        st.interactions
            .values()
            .filter_map(|i| i.acked)
            .max()
            .unwrap()
    };
    let mut click_edits: Vec<Duration> = {
        let st = s.state.lock().unwrap();
        st.interactions
            .values()
            .filter(|i| i.component)
            .filter_map(|i| i.edited)
            .collect()
    };
    click_edits.sort();
    let p50 = click_edits[click_edits.len() / 2];
    let max = *click_edits.last().unwrap();
    let (requests, edits) = {
        let st = s.state.lock().unwrap();
        (
            st.requests.len(),
            st.requests.iter().filter(|r| r.method == "PATCH").count(),
        )
    };
    // REST calls the bot made to answer each click (its interaction callback and any webhook
    // call with its token): one call per click, a refusal included.
    let per_click: Vec<usize> = {
        let st = s.state.lock().unwrap();
        st.interactions
            .values()
            .filter(|i| i.component)
            .map(|i| {
                st.requests
                    .iter()
                    .filter(|r| {
                        r.path.contains(&format!("/{}/", i.token))
                            || r.path.ends_with(&format!("/{}", i.token))
                    })
                    .count()
            })
            .collect()
    };
    let mean_calls = per_click.iter().sum::<usize>() as f64 / per_click.len().max(1) as f64;
    eprintln!(
        "wire: ready in {ready_ms} ms; game with {human_clicks} clicks ({kinds:?}) played in {game_ms} ms; \
         {requests} requests ({edits} edits); slowest ack {slowest:?}; \
         click to board edit p50 {p50:?} max {max:?} ({} clicks); \
         REST calls per click: mean {mean_calls:.2}, max {} ({} clicks)",
        click_edits.len(),
        per_click.iter().max().unwrap_or(&0),
        per_click.len()
    );
    assert!(
        mean_calls <= 1.1,
        "calls per click {mean_calls:.2}: {per_click:?}"
    );
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
