//! The Discord layer over the wire: the real serenity client (REST through
//! `HttpBuilder::proxy`, gateway from `GET /gateway`) against a stand-in Discord on loopback,
//! playing scripted scenarios. The stand-in checks every payload against Discord's limits.

use crate::standin;

use standin::board::{board_version, find, play_button, turn_of};

use serde_json::json;
use standin::{Msg, StandIn, StandInOptions};
use std::time::{Duration, Instant};
use yut_service::Config;
use yutbot::bot::{start, Bot};
use yutbot::discord::Options;

/// Clicks played by hand before Bob leaves and Alice lets the bot play.
const BY_HAND: u32 = 30;
pub(crate) const ALICE: (u64, &str, u64) = (111, "Alice", 0x400 | 0x800);
pub(crate) const BOB: (u64, &str, u64) = (222, "Bob", 0x400 | 0x800);
pub(crate) const CAROL: (u64, &str, u64) = (333, "Carol", 0x400 | 0x800);

pub(crate) fn db_url(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("yutbot-wire-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("yut.db").display())
}

pub(crate) async fn bot(s: &StandIn, name: &str, turn_seconds: u32) -> Bot {
    bot_paced(s, name, turn_seconds, 20).await
}

/// A bot whose bots act every `bot_delay_ms` (the default pace is 1,200 ms).
async fn bot_paced(s: &StandIn, name: &str, turn_seconds: u32, bot_delay_ms: u32) -> Bot {
    let life = Config::default().interaction_token_life;
    bot_tokens(s, name, turn_seconds, bot_delay_ms, life).await
}

/// The settings of a test bot against the stand-in (commands registered in its guild).
pub(crate) fn options(s: &StandIn, name: &str, turn_seconds: u32) -> Options {
    Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: Some(standin::GUILD),
        database_url: db_url(name),
        turn_seconds,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 7,
        config: Config {
            min_update_gap: Duration::from_millis(30),
            repost_after: Duration::from_secs(3600),
            ..Config::default()
        },
        web: None,
    }
}

/// The same, with interaction tokens that live `token_life` (Discord: 15 minutes).
pub(crate) async fn bot_tokens(
    s: &StandIn,
    name: &str,
    turn_seconds: u32,
    bot_delay_ms: u32,
    token_life: Duration,
) -> Bot {
    let mut options = self::options(s, name, turn_seconds);
    options.bot_delay_ms = bot_delay_ms;
    options.config.interaction_token_life = token_life;
    let b = start(options).await.expect("the bot starts");
    s.wait_ready().await;
    b
}

/// Wait (up to 30 s) until the latest board of the channel satisfies `f`.
async fn wait_board(s: &StandIn, ch: u64, what: &str, f: impl Fn(&Msg) -> bool) -> Msg {
    standin::board::wait_board_for(s, ch, what, Duration::from_secs(30), f).await
}

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

async fn play_until(s: &StandIn, ch: u64, limit: Duration, done: impl Fn(&Msg) -> bool) -> Msg {
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < limit,
            "timed out; violations {:?}",
            s.violations()
        );
        let m = s.latest_board(ch).unwrap();
        if done(&m) {
            return m;
        }
        if turn_of(&m).as_deref() == Some("Alice") {
            if let Some(b) = play_button(&m) {
                let tok = s.click(m.id, &b, ALICE, "en-US");
                s.wait_acked(&tok).await;
                let v = board_version(&m);
                let t = Instant::now();
                while s.latest_board(ch).is_some_and(|x| board_version(&x) == v)
                    && s.followups(&tok).is_empty()
                    && t.elapsed() < Duration::from_secs(5)
                {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The game a board's buttons belong to.
fn game_of(m: &Msg) -> Option<String> {
    m.custom_ids()
        .first()
        .map(|c| c.split(':').nth(1).unwrap().to_string())
}

/// A new game of Alice and one bot in `ch` (after any earlier game there), started.
pub(crate) async fn new_game_with_a_bot(s: &StandIn, ch: u64) -> Msg {
    let previous = s.latest_board(ch).and_then(|m| game_of(&m));
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "bots", "type": 4, "value": 1}, {"name": "pieces", "type": 4, "value": 0}]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(s, ch, "the lobby", |m| {
        m.content.contains("Alice") && find(m, ":start").is_some() && game_of(m) != previous
    })
    .await;
    let start = find(&lobby, ":start").unwrap();
    let tok = s.click(lobby.id, &start, ALICE, "en-US");
    s.wait_acked(&tok).await;
    wait_board(s, ch, "the board", |m| {
        m.custom_ids().iter().any(|c| c.ends_with(":auto"))
    })
    .await
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_work_after_a_restart() {
    let s = StandIn::start().await;
    let url = db_url("restart");
    let options = |url: &str| Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: Some(standin::GUILD),
        database_url: url.to_string(),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 9,
        config: Config::default(),
        web: None,
    };
    let first = start(options(&url)).await.unwrap();
    s.wait_ready().await;
    let ch = 7001;
    new_game_with_a_bot(&s, ch).await;
    // Wait for Alice's turn, then restart the bot.
    let board = play_until(&s, ch, Duration::from_secs(20), |m| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    first.shutdown().await;
    // Discord turns down an IDENTIFY within 5 s of the last one: the restarted bot waits for
    // its slot by itself (`a_quick_restart_waits_for_its_identify_slot`).
    let second = start(options(&url)).await.unwrap();
    s.wait_for("a second IDENTIFY", Duration::from_secs(20), |st| {
        (st.identifies == 2).then_some(())
    })
    .await;
    // The button on the message posted before the restart still works.
    let b = play_button(&board).unwrap();
    let tok = s.click(board.id, &b, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let v = board_version(&board);
    let after = wait_board(&s, ch, "the board after the restart", |m| {
        board_version(m) > v
    })
    .await;
    assert!(after.has_png());
    assert!(s.followups(&tok).is_empty(), "the click was accepted");
    second.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_games_repost_the_board() {
    let s = StandIn::start().await;
    let options = Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: None,
        database_url: db_url("repost"),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 11,
        config: Config {
            min_update_gap: Duration::from_millis(30),
            // Stands in for Discord's one hour.
            repost_after: Duration::from_millis(400),
            ..Config::default()
        },
        web: None,
    };
    let bot = start(options).await.unwrap();
    s.wait_ready().await;
    assert!(
        s.state.lock().unwrap().requests.iter().any(|r| r
            .path
            .ends_with(&format!("/applications/{}/commands", standin::APP))),
        "without DEV_GUILD_ID the commands are registered globally"
    );
    let ch = 8001;
    let first = new_game_with_a_bot(&s, ch).await;
    // Alice leaves; the bots play on, and the board moves to new messages as it ages.
    let tok = s.slash(ch, ALICE, "en-US", "leave", json!([]));
    reply(&s, tok).await;
    let end = wait_board(&s, ch, "the end", |m| m.content.contains("Final ranking")).await;
    // Clearing the old boards' buttons goes through the channel's budget (5 writes per 5 s
    // here, where the board moves every 0.4 s): wait until it is done.
    s.wait_for("old boards cleared", Duration::from_secs(30), |st| {
        let live = st
            .messages
            .values()
            .filter(|m| m.channel == ch && !m.deleted && !m.custom_ids().is_empty())
            .count();
        (live <= 1).then_some(())
    })
    .await;
    let boards: Vec<Msg> = {
        let st = s.state.lock().unwrap();
        st.order
            .iter()
            .map(|id| st.messages[id].clone())
            .filter(|m| m.has_png())
            .collect()
    };
    assert!(
        boards.len() >= 2,
        "reposted: {} board messages",
        boards.len()
    );
    for old in &boards[..boards.len() - 1] {
        assert!(old.custom_ids().is_empty(), "an old board keeps no buttons");
        assert!(old.has_png(), "an old board keeps its picture");
    }
    assert!(end.id != first.id);
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_stores_the_game_and_exits_cleanly() {
    let s = StandIn::start().await;
    let url = db_url("sigint");
    let dir = std::env::temp_dir().join(format!("yutbot-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_yutbot"))
        .arg("run")
        .current_dir(&dir)
        .env("DISCORD_TOKEN", "standin-token")
        .env("DISCORD_API_URL", &s.http_url)
        .env("DATABASE_URL", &url)
        .env("DEV_GUILD_ID", standin::GUILD.to_string())
        .env("TURN_SECONDS", "60")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    s.wait_ready().await;
    let ch = 9001;
    let board = new_game_with_a_bot(&s, ch).await;
    let shown = s
        .latest_board(ch)
        .map_or(board_version(&board), |m| board_version(&m));
    // Ctrl-C: SIGINT, sent with the shell's own `kill`.
    let killed = std::process::Command::new("sh")
        .args(["-c", &format!("kill -INT {}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    let started = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if started.elapsed() > Duration::from_secs(15) {
            let _ = child.kill();
            panic!("the bot did not stop after Ctrl-C");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let out = child.wait_with_output().unwrap();
    let log =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(0), "{log}");
    assert!(log.contains("stopped"), "{log}");
    // The game is stored, at least as far as the last board shown.
    let store = yut_store::Store::open(&url).await.unwrap();
    let active = store.active(yut_store::ShardSet::ALL).await.unwrap();
    assert_eq!(active.len(), 1);
    assert!(active[0].row.version >= shown);
    assert!(active[0].row.message_id.is_some());
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[test]
fn the_binary_needs_a_token() {
    let dir = std::env::temp_dir().join(format!("yutbot-notoken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_yutbot"))
        .arg("run")
        .current_dir(&dir)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
}

#[tokio::test]
async fn an_unreachable_api_url_is_a_clear_error() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let options = Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: None,
        database_url: db_url("unreachable"),
        turn_seconds: 25,
        api_url: Some(format!("http://127.0.0.1:{port}")),
        bot_delay_ms: 20,
        seed: 1,
        config: Config::default(),
        web: None,
    };
    match start(options).await {
        Ok(bot) => {
            bot.shutdown().await;
            panic!("started without a reachable API");
        }
        Err(e) => assert!(e.to_string().contains("GET /gateway failed"), "{e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn house_rules_on_the_new_command() {
    let s = StandIn::start().await;
    let bot = bot(&s, "house", 60).await;
    let ch = 10_301;
    // Bad house rules: a private answer that says what is wrong, and no game.
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "house_rules", "type": 3, "value": "backdo=maybe"}]),
    );
    let r = reply(&s, tok).await;
    assert!(
        r.ephemeral
            && r.content.contains("backdo")
            && r.content.contains("on | off")
            && r.content.contains("No game was opened"),
        "{}",
        r.content
    );
    let tok = s.slash(
        ch,
        BOB,
        "ko",
        "new",
        json!([{"name": "house_rules", "type": 3, "value": "colour=red"}]),
    );
    let r = reply(&s, tok).await;
    assert!(
        r.ephemeral
            // A Latin word's last sound cannot be told from its letters: both forms.
            && r.content.contains("\"colour\"(이)라는 옵션은 없어요")
            && r.content.contains("판은 열리지"),
        "{}",
        r.content
    );
    // Good ones open the game with them, shown on the lobby.
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([
            {"name": "house_rules", "type": 3, "value": "backdo=off, finish=exact"},
            {"name": "bots", "type": 4, "value": 1}
        ]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the lobby", |m| m.content.contains("Alice")).await;
    assert!(
        lobby
            .content
            .contains("standard + backdo=off, finish=exact rules"),
        "{}",
        lobby.content
    );
    // Typing house rules offers completions.
    let tok = s.autocomplete(ch, BOB, "new", "house_rules", "backdo=off fin");
    let choices = s
        .wait_for("autocomplete choices", Duration::from_secs(5), |st| {
            st.interactions.get(&tok)?.choices.clone()
        })
        .await;
    let values: Vec<&str> = choices
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(
        values,
        [
            "backdo=off finish=pass",
            "backdo=off finish=exact",
            "backdo=off finish=exact_cham",
            "backdo=off finish=on_cham"
        ]
    );
    // The list of every option, in both languages.
    for (locale, head) in [("en-US", "**House rules**"), ("ko", "**집안 규칙**")] {
        let tok = s.slash(
            ch,
            CAROL,
            locale,
            "rules",
            json!([{"name": "options", "type": 5, "value": true}]),
        );
        let r = reply(&s, tok).await;
        assert!(
            r.ephemeral
                && r.content.starts_with(head)
                && r.content.contains("`backdo_path`")
                && (r
                    .content
                    .contains("`backdo` 빽도 in play: `on | off` (**`off`**)")
                    || r.content
                        .contains("`backdo` 빽도 쓰기: `on | off` (**`off`**)")),
            "{}",
            r.content
        );
    }
    // The summary, asked in the game's channel, adds the game's house rules.
    let r = reply(&s, s.slash(ch, CAROL, "en-US", "rules", json!([]))).await;
    assert!(
        r.content.contains("**Standard rules**")
            && r.content
                .ends_with("**This channel's game also plays with:** `backdo=off finish=exact`"),
        "{}",
        r.content
    );
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_defaults_from_the_settings_command() {
    // Manage Server (0x20) on top of the usual permissions.
    const ADMIN: (u64, &str, u64) = (444, "Dana", 0x400 | 0x800 | 0x20);
    let s = StandIn::start().await;
    let bot = bot(&s, "defaults", 60).await;
    let ch = 10_401;
    let set = json!([
        {"name": "preset", "type": 4, "value": 2},
        {"name": "house_rules", "type": 3, "value": "backdo=off"},
        {"name": "seconds", "type": 4, "value": 40}
    ]);
    // Anyone may look; only Manage Server may change.
    let r = reply(&s, s.slash(ch, BOB, "en-US", "settings", json!([]))).await;
    assert!(
        r.ephemeral
            && r.content
                .contains("**standard** rules; house rules: none; 60 s"),
        "{}",
        r.content
    );
    let r = reply(&s, s.slash(ch, BOB, "en-US", "settings", set.clone())).await;
    assert!(
        r.ephemeral
            && r.content.contains("Manage Server")
            && r.content.contains("Nothing was changed"),
        "{}",
        r.content
    );
    // Bad house rules change nothing.
    let r = reply(
        &s,
        s.slash(
            ch,
            ADMIN,
            "en-US",
            "settings",
            json!([{"name": "house_rules", "type": 3, "value": "finish=never"}]),
        ),
    )
    .await;
    assert!(r.content.contains("Nothing was changed"), "{}", r.content);
    let r = reply(&s, s.slash(ch, ADMIN, "ko", "settings", set)).await;
    assert!(
        r.content.starts_with("저장했어요.") && r.content.contains("**윷놀이 (`yunnori`)** 규칙"),
        "{}",
        r.content
    );
    // /yut new with no options now opens a yunnori game without 빽도, 40 s per action.
    let tok = s.slash(ch, ALICE, "en-US", "new", json!([]));
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the lobby", |m| m.content.contains("Alice")).await;
    assert!(
        lobby
            .content
            .starts_with("**Yut Nori** · 2 players · yunnori + backdo=off rules · 40 s per action"),
        "{}",
        lobby.content
    );
    // The command's own options still win, and its house rules add to the server's.
    let tok = s.slash(ch, ALICE, "en-US", "stop", json!([]));
    s.wait_acked(&tok).await;
    wait_board(&s, ch, "the stopped lobby", |m| {
        m.content.contains("stopped")
    })
    .await;
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([
            {"name": "preset", "type": 4, "value": 0},
            {"name": "house_rules", "type": 3, "value": "finish=exact"},
            {"name": "seconds", "type": 4, "value": 20}
        ]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the second lobby", |m| {
        m.content.contains("Alice") && !m.content.contains("stopped")
    })
    .await;
    assert!(
        lobby.content.starts_with(
            "**Yut Nori** · 2 players · standard + backdo=off, finish=exact rules · 20 s per action"
        ),
        "{}",
        lobby.content
    );
    // Reset forgets them.
    let r = reply(
        &s,
        s.slash(
            ch,
            ADMIN,
            "en-US",
            "settings",
            json!([{"name": "reset", "type": 5, "value": true}]),
        ),
    )
    .await;
    assert!(
        r.content.contains(
            "Saved. New games in this server: **standard** rules; house rules: none; 60 s"
        ),
        "{}",
        r.content
    );
    // A database that fails: a clear private answer, no game, nothing changed.
    bot.service
        .store()
        .execute("DROP TABLE server_defaults")
        .await
        .unwrap();
    let other = ch + 1;
    let r = reply(&s, s.slash(other, ALICE, "en-US", "new", json!([]))).await;
    assert!(
        r.ephemeral && r.content.contains("database error") && r.content.contains("No game"),
        "{}",
        r.content
    );
    assert!(bot.service.table(other).await.is_none());
    let r = reply(&s, s.slash(other, ADMIN, "en-US", "settings", json!([]))).await;
    assert!(
        r.ephemeral && r.content.contains("nothing was changed"),
        "{}",
        r.content
    );
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// The reply to a slash command (its original response, once it has content).
pub(crate) async fn reply(s: &StandIn, tok: String) -> Msg {
    s.wait_for("a reply", Duration::from_secs(5), |st| {
        let id = st.interactions.get(&tok)?.original?;
        let m = st.messages.get(&id)?;
        (!m.content.is_empty()).then(|| m.clone())
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_restart_waits_for_its_identify_slot() {
    let window = Duration::from_secs(5);
    let s = StandIn::start_with(StandInOptions {
        shards: 1,
        max_concurrency: 1,
        identify_window: window,
        invalid_session_on_early_identify: true,
        channel_budget: None,
        ..StandInOptions::default()
    })
    .await;
    let url = db_url("op9");
    let options = |url: &str| Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: None,
        database_url: url.to_string(),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 13,
        config: Config::default(),
        web: None,
    };
    let first = start(options(&url)).await.unwrap();
    s.wait_ready().await;
    // `Client::start` identifies as shard [0, 1].
    let session = s.wait_session(0, 1, Duration::from_secs(5)).await;
    assert_eq!(s.state.lock().unwrap().live_shards(), vec![(0, 1)]);
    // A game in a server other than GUILD.
    let guild = standin::guild_on_shard(0, 1);
    assert_ne!(guild, standin::GUILD);
    let ch = 12_001;
    s.set_channel_guild(ch, guild);
    let board = new_game_with_a_bot(&s, ch).await;
    let board = play_until(&s, ch, Duration::from_secs(20), |m| {
        m.id == board.id && turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    first.shutdown().await;
    // The session is gone; an event with no session for its shard is not delivered.
    let gone = s
        .wait_for("the disconnect", Duration::from_secs(5), |st| {
            st.disconnects.last().cloned()
        })
        .await;
    assert_eq!(gone.session_id, session.session_id);
    assert_eq!(gone.close_code, Some(1000), "serenity logs off with 1000");
    assert!(s.state.lock().unwrap().sessions.is_empty());
    let lost = s.slash(ch, ALICE, "en-US", "board", json!([]));
    {
        let st = s.state.lock().unwrap();
        let u = st.undelivered.last().expect("recorded as undelivered");
        assert_eq!(
            (u.t.as_str(), u.guild, u.shard, u.shards),
            ("INTERACTION_CREATE", Some(guild), 0, 1)
        );
        assert_eq!(u.d["token"], lost.as_str());
    }
    // At once a new client on the same database: it waits for the IDENTIFY slot after the
    // one the first reserved there, so Discord (and the stand-in, which would answer op 9)
    // never sees an IDENTIFY too soon.
    let second = start(options(&url)).await.unwrap();
    let log = s
        .wait_for(
            "an IDENTIFY answered again",
            Duration::from_secs(30),
            |st| (st.identifies == 2).then(|| st.identify_log.clone()),
        )
        .await;
    let answered: Vec<bool> = log.iter().map(|i| i.session_id.is_some()).collect();
    assert_eq!(answered, vec![true, true], "no IDENTIFY refused: {log:?}");
    assert!(log.iter().all(|i| (i.shard, i.shards) == (0, 1)));
    assert!(log[1].at - log[0].at >= window);
    eprintln!(
        "the restarted bot identified {:?} after the first",
        log[1].at - log[0].at
    );
    // The button of the board from before the restart works.
    let b = play_button(&board).unwrap();
    let tok = s.click(board.id, &b, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let v = board_version(&board);
    wait_board(&s, ch, "the board after the restart", |m| {
        board_version(m) > v
    })
    .await;
    assert!(s.followups(&tok).is_empty(), "the click was accepted");
    assert!(s.state.lock().unwrap().interactions[&lost].acked.is_none());
    second.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

type RawWs =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON payload on a raw gateway connection, or None after `limit` of quiet (or when
/// it ends).
async fn next_payload(ws: &mut RawWs, limit: Duration) -> Option<serde_json::Value> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    loop {
        match tokio::time::timeout(limit, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return Some(serde_json::from_str(&t).unwrap()),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// A raw gateway connection that sent IDENTIFY (`shard` absent when None), after HELLO.
async fn raw_identify(s: &StandIn, shard: Option<[u32; 2]>) -> RawWs {
    use futures_util::SinkExt;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}/?v=10", s.ws_url))
        .await
        .unwrap();
    let hello = next_payload(&mut ws, Duration::from_secs(5)).await.unwrap();
    assert_eq!(hello["op"], 10);
    let mut d = json!({
        "token": "standin-token",
        "intents": 0,
        "properties": {"os": "linux", "browser": "raw", "device": "raw"},
    });
    if let Some(shard) = shard {
        d["shard"] = json!(shard);
    }
    let identify = json!({"op": 2, "d": d});
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        identify.to_string(),
    ))
    .await
    .unwrap();
    ws
}

/// IDENTIFY as `shard` and read READY: the connection and READY's `d`.
async fn raw_session(s: &StandIn, shard: [u32; 2]) -> (RawWs, serde_json::Value) {
    let mut ws = raw_identify(s, Some(shard)).await;
    let ready = next_payload(&mut ws, Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        (&ready["op"], &ready["t"], &ready["s"]),
        (&json!(0), &json!("READY"), &json!(1))
    );
    assert_eq!(ready["d"]["shard"], json!(shard));
    (ws, ready["d"].clone())
}

/// The INTERACTION_CREATEs a raw session receives until `limit` of quiet: (seq, token, guild).
async fn raw_interactions(ws: &mut RawWs, limit: Duration) -> Vec<(u64, String, Option<u64>)> {
    let mut out = Vec::new();
    while let Some(p) = next_payload(ws, limit).await {
        assert_eq!(p["t"], "INTERACTION_CREATE", "{p}");
        out.push((
            p["s"].as_u64().unwrap(),
            p["d"]["token"].as_str().unwrap().to_string(),
            p["d"]["guild_id"].as_str().map(|g| g.parse().unwrap()),
        ));
    }
    out
}

fn tokens(got: &[(u64, String, Option<u64>)]) -> Vec<String> {
    got.iter().map(|(_, t, _)| t.clone()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_sends_each_event_to_its_shard() {
    let window = Duration::from_millis(300);
    let s = StandIn::start_with(StandInOptions {
        shards: 2,
        max_concurrency: 1,
        identify_window: window,
        invalid_session_on_early_identify: false,
        channel_budget: None,
        ..StandInOptions::default()
    })
    .await;
    // GET /gateway/bot as serenity reads it.
    let http = serenity::http::HttpBuilder::new("standin-token")
        .proxy(s.http_url.clone())
        .ratelimiter_disabled(true)
        .build();
    let g = http.get_bot_gateway().await.unwrap();
    assert_eq!((g.shards, g.session_start_limit.max_concurrency), (2, 1));

    let (mut a, ready_a) = raw_session(&s, [0, 2]).await;
    s.wait_identify_window(1).await;
    let (mut b, ready_b) = raw_session(&s, [1, 2]).await;
    assert_ne!(ready_a["session_id"], ready_b["session_id"]);
    {
        let st = s.state.lock().unwrap();
        assert_eq!(st.live_shards(), vec![(0, 2), (1, 2)]);
        let log: Vec<(u32, u32)> = st
            .identify_log
            .iter()
            .map(|i| (i.shard, i.shards))
            .collect();
        assert_eq!(log, vec![(0, 2), (1, 2)]);
        assert!(st.identify_log[1].at - st.identify_log[0].at >= window);
    }

    // Servers on each shard, and a DM (no guild: shard 0).
    let on0: Vec<u64> = standin::guilds_on_shard(0, 2).take(2).collect();
    let on1 = standin::guild_on_shard(1, 2);
    for g in &on0 {
        assert_eq!(standin::shard_of(*g, 2), 0);
    }
    assert_eq!(standin::shard_of(on1, 2), 1);
    assert_eq!(((on1 >> 22) % 2), 1);
    let (c0, c0b, c1, dm) = (20_001, 20_002, 20_003, 20_004);
    s.set_channel_guild(c0, on0[0]);
    s.set_channel_guild(c0b, on0[1]);
    s.set_channel_guild(c1, on1);
    s.set_channel_dm(dm);
    assert_eq!(s.guild_of(c1), Some(on1));
    assert_eq!(s.guild_of(dm), None);
    assert_eq!(s.guild_of(29_999), Some(standin::GUILD));
    // A message in c1 to click on: the click comes from c1's server.
    let msg = http
        .send_message(
            serenity::all::ChannelId::new(c1),
            Vec::new(),
            &json!({"content": "a message"}),
        )
        .await
        .unwrap();
    let t0 = s.slash(c0, ALICE, "en-US", "help", json!([]));
    let t1 = s.slash(c1, BOB, "en-US", "help", json!([]));
    let t0b = s.autocomplete(c0b, ALICE, "new", "rules", "ho");
    let t1click = s.click(msg.id.get(), "x:y", BOB, "en-US");
    let tdm = s.slash(dm, CAROL, "en-US", "help", json!([]));
    let quiet = Duration::from_millis(300);
    let got_a = raw_interactions(&mut a, quiet).await;
    let got_b = raw_interactions(&mut b, quiet).await;
    assert_eq!(tokens(&got_a), vec![t0, t0b, tdm.clone()]);
    assert_eq!(tokens(&got_b), vec![t1, t1click]);
    // Each session numbers its own dispatches, READY being 1.
    assert_eq!(got_a.iter().map(|g| g.0).collect::<Vec<_>>(), vec![2, 3, 4]);
    assert_eq!(got_b.iter().map(|g| g.0).collect::<Vec<_>>(), vec![2, 3]);
    assert_eq!(
        got_a.iter().map(|g| g.2).collect::<Vec<_>>(),
        vec![Some(on0[0]), Some(on0[1]), None]
    );
    assert_eq!(
        got_b.iter().map(|g| g.2).collect::<Vec<_>>(),
        vec![Some(on1); 2]
    );

    // A second session for shard 1 (a misconfiguration): the newer one gets shard 1's events.
    s.wait_identify_window(1).await;
    let (mut c, ready_c) = raw_session(&s, [1, 2]).await;
    {
        let st = s.state.lock().unwrap();
        let dup = st.duplicate_shards.last().expect("a duplicate recorded");
        assert_eq!((dup.shard, dup.shards), (1, 2));
        assert_eq!(dup.older, ready_b["session_id"].as_str().unwrap());
        assert_eq!(dup.newer, ready_c["session_id"].as_str().unwrap());
    }
    let t = s.slash(c1, BOB, "en-US", "help", json!([]));
    assert_eq!(tokens(&raw_interactions(&mut c, quiet).await), vec![t]);
    assert!(raw_interactions(&mut b, quiet).await.is_empty());

    // The newer one dies without a close frame (a killed process): shard 1 is the older's again.
    drop(c);
    let gone = s
        .wait_for("the end of session c", Duration::from_secs(5), |st| {
            st.disconnects.last().cloned()
        })
        .await;
    assert_eq!(gone.session_id, ready_c["session_id"].as_str().unwrap());
    assert_eq!(gone.close_code, None);
    let t = s.slash(c1, BOB, "en-US", "help", json!([]));
    assert_eq!(tokens(&raw_interactions(&mut b, quiet).await), vec![t]);

    // The older one logs off with a close frame: now nobody holds shard 1.
    b.close(None).await.unwrap();
    let gone = s
        .wait_for("the end of session b", Duration::from_secs(5), |st| {
            (st.disconnects.len() == 2).then(|| st.disconnects[1].clone())
        })
        .await;
    assert_eq!(gone.session_id, ready_b["session_id"].as_str().unwrap());
    assert_eq!(gone.close_code, Some(1005), "a close frame without a code");
    assert_eq!(s.state.lock().unwrap().live_shards(), vec![(0, 2)]);
    let t = s.slash(c1, BOB, "en-US", "help", json!([]));
    let t0 = s.slash(c0, ALICE, "en-US", "help", json!([]));
    assert_eq!(tokens(&raw_interactions(&mut a, quiet).await), vec![t0]);
    {
        let st = s.state.lock().unwrap();
        assert_eq!(st.undelivered.len(), 1);
        let u = &st.undelivered[0];
        assert_eq!((u.guild, u.shard, u.shards), (Some(on1), 1, 2));
        assert_eq!(u.d["token"], t.as_str());
    }
    let _ = a.close(None).await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_checks_how_shards_identify() {
    // Discord's pacing: one IDENTIFY per 5 s and bucket.
    let s = StandIn::start_with(StandInOptions {
        shards: 2,
        ..StandInOptions::default()
    })
    .await;
    let (_a, _) = raw_session(&s, [0, 2]).await;
    let (_b, _) = raw_session(&s, [1, 2]).await;
    let v = s.violations();
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(
        v[0].contains("IDENTIFY as shard [1, 2]") && v[0].contains("bucket 0 of 1"),
        "{v:?}"
    );

    // With max_concurrency 2, shards 0 and 1 are in different buckets and may come together;
    // a second shard 0 may not.
    let s = StandIn::start_with(StandInOptions {
        shards: 2,
        max_concurrency: 2,
        ..StandInOptions::default()
    })
    .await;
    let http = serenity::http::HttpBuilder::new("standin-token")
        .proxy(s.http_url.clone())
        .ratelimiter_disabled(true)
        .build();
    let g = http.get_bot_gateway().await.unwrap();
    assert_eq!(g.session_start_limit.max_concurrency, 2);
    let (_a, _) = raw_session(&s, [0, 2]).await;
    let (_b, _) = raw_session(&s, [1, 2]).await;
    assert_eq!(s.violations(), Vec::<String>::new());
    let (_c, _) = raw_session(&s, [0, 2]).await;
    let v = s.violations();
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].contains("bucket 0 of 2"), "{v:?}");
    assert_eq!(s.state.lock().unwrap().duplicate_shards.len(), 1);

    // Turned down as Discord does: op 9, no READY, no session.
    let s = StandIn::start_with(StandInOptions {
        invalid_session_on_early_identify: true,
        ..StandInOptions::default()
    })
    .await;
    let mut first = raw_identify(&s, None).await;
    let ready = next_payload(&mut first, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!(ready["d"]["shard"], json!([0, 1]), "no shard means [0, 1]");
    let mut early = raw_identify(&s, None).await;
    let answer = next_payload(&mut early, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!((&answer["op"], &answer["d"]), (&json!(9), &json!(false)));
    {
        let st = s.state.lock().unwrap();
        assert_eq!(st.live_shards(), vec![(0, 1)]);
        assert_eq!(st.identify_log.len(), 2);
        assert!(st.identify_log[1].session_id.is_none());
        assert!(st.violations.is_empty());
    }

    // A shard id out of range is closed with 4010, and sessions must agree on the count.
    let s = StandIn::start_with(StandInOptions {
        identify_window: Duration::ZERO,
        ..StandInOptions::default()
    })
    .await;
    let mut bad = raw_identify(&s, Some([2, 2])).await;
    use futures_util::StreamExt;
    let closed = tokio::time::timeout(Duration::from_secs(5), bad.next())
        .await
        .unwrap();
    match closed {
        Some(Ok(tokio_tungstenite::tungstenite::Message::Close(Some(f)))) => {
            assert_eq!(u16::from(f.code), 4010)
        }
        other => panic!("expected close 4010, got {other:?}"),
    }
    let (_a, _) = raw_session(&s, [0, 2]).await;
    let (_b, _) = raw_session(&s, [1, 3]).await;
    let v = s.violations();
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(v[0].contains("IDENTIFY as shard [2, 2]"), "{v:?}");
    assert!(
        v[1].contains("[1, 3]") && v[1].contains("is shard [0, 2]"),
        "{v:?}"
    );
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

/// The answer to an interaction: its first message, or its latest follow-up.
pub(crate) async fn answer(s: &StandIn, tok: &str) -> Msg {
    s.wait_for("an answer", Duration::from_secs(5), |st| {
        let i = st.interactions.get(tok)?;
        i.acked?;
        let id = match i.callback_type {
            Some(4) => i.original?,
            _ => *i.followups.last()?,
        };
        let m = st.messages.get(&id)?;
        (!m.content.is_empty()).then(|| m.clone())
    })
    .await
}

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
