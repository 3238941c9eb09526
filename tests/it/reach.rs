//! Beyond a server that added the bot (issue 29), through the stand-in: the app installed to a
//! person's account registers for DMs and group DMs; there `/yut rules`, `help` and `fortune`
//! answer, ratings say privately that they need Yutbot in the server (in a DM, a group DM, or
//! a server where only the person installed it), and `/yut new` opens a lobby; the member
//! context menu "Challenge to Yut Nori" opens the same challenge as `/yut challenge`.

use crate::discord_wire::{answer, bot, new_game_with_a_bot, reply, ALICE, BOB};
use crate::standin::{self, board::find, StandIn};
use serde_json::json;
use std::time::{Duration, Instant};

/// The registration as Discord got it: `/yut` for server and user installs, in servers, the
/// bot's DM and private channels; the context menu for server installs in servers, its name in
/// three languages. (The stand-in checks Discord's rules for both; no violation.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_registers_for_user_installs_and_a_member_menu() {
    let s = StandIn::start().await;
    // Globally (no DEV_GUILD_ID): a guild's registration carries neither field.
    let mut options = crate::discord_wire::options(&s, "reach-registration", 25);
    options.dev_guild = None;
    let _b = yutbot::bot::start(options).await.expect("the bot starts");
    s.wait_ready().await;
    let commands = s
        .wait_for("the commands registered", Duration::from_secs(5), |st| {
            (!st.commands.is_empty()).then(|| st.commands.clone())
        })
        .await;
    let yut = commands.iter().find(|c| c["name"] == "yut").unwrap();
    assert_eq!(yut["integration_types"], json!([0, 1]));
    assert_eq!(yut["contexts"], json!([0, 1, 2]));
    let menu = commands
        .iter()
        .find(|c| c["type"] == 2)
        .expect("a user command");
    assert_eq!(menu["name"], "Challenge to Yut Nori");
    assert_eq!(menu["name_localizations"]["ko"], "윷놀이 도전하기");
    assert_eq!(menu["name_localizations"]["es-ES"], "Desafiar a Yut Nori");
    assert_eq!(menu["integration_types"], json!([0]));
    assert_eq!(menu["contexts"], json!([0]));
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// In a group DM, the bot's DM and a server that has not added the bot: what works anywhere
/// answers; what needs the server (ratings) is refused privately, in the person's language;
/// `/yut new` opens a lobby there as the command's own answer (a game through interaction
/// tokens where the bot may not post: `hosted::`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outside_a_server_with_the_bot_info_answers_and_games_open() {
    let s = StandIn::start().await;
    let _b = bot(&s, "reach-outside", 25).await;
    let (group_dm, dm, other_server) = (31_001, 31_002, 31_003);
    s.set_channel_dm(group_dm);
    s.set_user_installed(group_dm);
    s.set_channel_dm(dm);
    s.set_channel_guild(other_server, 123_456_789);
    s.set_user_installed(other_server);
    for ch in [group_dm, dm, other_server] {
        let tok = s.slash(ch, ALICE, "en-US", "rules", json!([]));
        let m = answer(&s, &tok).await;
        assert!(m.content.contains("Yut"), "{ch}: {}", m.content);
        let tok = s.slash(ch, ALICE, "en-US", "fortune", json!([]));
        let m = answer(&s, &tok).await;
        assert!(m.content.contains("Alice"), "{ch}: {}", m.content);
        let tok = s.slash(ch, ALICE, "en-US", "help", json!([]));
        answer(&s, &tok).await;
        let tok = s.slash(ch, ALICE, "en-US", "stats", json!([]));
        let m = answer(&s, &tok).await;
        assert!(m.ephemeral, "{ch} stats");
        assert!(
            m.content.starts_with("A game needs Yutbot in the server"),
            "{ch} stats: {}",
            m.content
        );
        let tok = s.slash(ch, ALICE, "ko", "stats", json!([]));
        let m = answer(&s, &tok).await;
        assert!(m.content.contains("서버 관리자"), "{}", m.content);
        let tok = s.slash(ch, ALICE, "en-US", "new", json!([]));
        let lobby = answer(&s, &tok).await;
        assert!(!lobby.ephemeral, "{ch}: the lobby is public");
        assert!(find(&lobby, ":join").is_some(), "{ch}: {}", lobby.content);
    }
    let refused = s.state.lock().unwrap().failed.clone();
    assert!(refused.is_empty(), "{refused:?}");
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// "Challenge to Yut Nori" on Bob: the challenge lobby that `/yut challenge opponent:@Bob`
/// opens (Bob mentioned, Accept and Decline), and Bob's acceptance starts the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_member_menu_opens_a_challenge() {
    let s = StandIn::start().await;
    let _b = bot(&s, "reach-menu", 25).await;
    let ch = 31_010;
    // On a bot account: refused privately, as the slash command refuses it.
    let tok = s.user_command(
        ch,
        ALICE,
        "en-US",
        "Challenge to Yut Nori",
        standin::OTHER_BOT,
    );
    let m = answer(&s, &tok).await;
    assert!(
        m.ephemeral && m.content.contains("is a bot account"),
        "{}",
        m.content
    );
    let tok = s.user_command(ch, ALICE, "en-US", "Challenge to Yut Nori", BOB.0);
    let lobby = reply(&s, tok).await;
    assert!(!lobby.ephemeral);
    assert!(
        lobby.content.starts_with(&format!("<@{}>", BOB.0))
            && lobby.content.contains("challenges User222"),
        "{}",
        lobby.content
    );
    assert_eq!(lobby.allowed_mentions["users"], json!([BOB.0.to_string()]));
    let accept = find(&lobby, ":accept").unwrap();
    let tok = s.click(lobby.id, &accept, BOB, "en-US");
    s.wait_acked(&tok).await;
    let board = s
        .wait_for("the game to start", Duration::from_secs(10), |st| {
            st.messages
                .values()
                .find(|m| m.channel == ch && m.custom_ids().iter().any(|c| c.ends_with(":throw")))
                .cloned()
        })
        .await;
    assert!(board.has_png());
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// `/yut games` with 30 games in the server: private, in the asker's language, 10 a page with
/// a link to each board, the players, whose turn and the pieces home; the next page said;
/// every page within Discord's 2,000 characters; a page past the end shows the last.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_games_a_page_at_a_time() {
    let s = StandIn::start().await;
    let _b = bot(&s, "reach-games", 300).await;
    let tok = s.slash(32_000, ALICE, "en-US", "games", json!([]));
    let m = answer(&s, &tok).await;
    assert!(
        m.ephemeral && m.content.contains("No game is running"),
        "{}",
        m.content
    );
    let mut lobbies = Vec::new();
    for i in 0..30u64 {
        let ch = 32_001 + i;
        let opts = if i < 3 {
            json!([{"name": "bots", "type": 4, "value": 1}])
        } else {
            json!([])
        };
        let tok = s.slash(ch, ALICE, "en-US", "new", opts);
        lobbies.push((ch, reply(&s, tok).await));
    }
    // Three games start (Alice against a bot).
    for (ch, lobby) in &lobbies[..3] {
        let start = find(lobby, ":start").unwrap();
        let tok = s.click(lobby.id, &start, ALICE, "en-US");
        s.wait_acked(&tok).await;
        s.wait_for("the game started", Duration::from_secs(5), |st| {
            st.messages
                .values()
                .any(|m| m.channel == *ch && m.content.contains("▶️"))
                .then_some(())
        })
        .await;
    }
    let tok = s.slash(32_000, BOB, "en-US", "games", json!([]));
    let m = answer(&s, &tok).await;
    assert!(m.ephemeral);
    let lines: Vec<&str> = m.content.lines().collect();
    assert_eq!(
        lines[0], "30 games in this server (page 1 of 3):",
        "{}",
        m.content
    );
    assert_eq!(lines.len(), 12, "{}", m.content);
    assert_eq!(lines[11], "More: `/yut games page:2`");
    // The first three are playing: a link to the board, the players, whose turn, home.
    let (ch, lobby) = &lobbies[0];
    let first = lines[1];
    assert!(
        first.contains(&format!(
            "(https://discord.com/channels/{}/{ch}/{})",
            standin::GUILD,
            lobby.id
        )) && first.contains("Alice")
            && first.contains("🤖")
            && first.contains("▶️")
            && first.contains("of 8 pieces home"),
        "{first}"
    );
    assert!(
        lines[4].contains("lobby, 1 of 2 seats taken"),
        "{}",
        lines[4]
    );
    for page in [2, 3, 9] {
        let tok = s.slash(
            32_000,
            BOB,
            "ko",
            "games",
            json!([{"name": "page", "type": 4, "value": page}]),
        );
        let m = answer(&s, &tok).await;
        assert!(m.content.chars().count() <= 2000);
        let want = if page == 2 {
            "(3쪽 중 2쪽)"
        } else {
            "(3쪽 중 3쪽)"
        };
        assert!(m.content.contains(want), "{}", m.content);
        assert!(m.content.contains("대기실"), "{}", m.content);
    }
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// Plays Alice's turns in `ch` (each click at once, or after `wait` when it is set) until she
/// has had `turns` turns; returns how many she had (turn starts seen on the board).
async fn alice_turns(s: &StandIn, ch: u64, turns: u32, wait: Option<Duration>) -> u32 {
    use crate::standin::board::{board_version, play_button, turn_of};
    let started = Instant::now();
    let mut seen = 0;
    let mut was_hers = false;
    let mut turn_began = Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "timed out after {seen} turns; violations {:?}",
            s.violations()
        );
        let m = s.latest_board(ch).unwrap();
        let hers = turn_of(&m).as_deref() == Some("Alice");
        if hers && !was_hers {
            seen += 1;
            turn_began = Instant::now();
        }
        was_hers = hers;
        if !hers && seen >= turns {
            return seen;
        }
        if hers && wait.is_none_or(|w| turn_began.elapsed() >= w) {
            if let Some(b) = play_button(&m) {
                let tok = s.click(m.id, &b, ALICE, "en-US");
                s.wait_acked(&tok).await;
                let v = board_version(&m);
                let t = Instant::now();
                while s.latest_board(ch).is_some_and(|x| board_version(&x) == v)
                    && t.elapsed() < Duration::from_secs(5)
                {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                continue;
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Alice's reminders as she chooses them (`/yut notify`), in games against a bot: by DM (a
/// link to the board, no ping in the channel, one DM per turn); DMs closed (403, 50007): the
/// channel ping instead, and the DM tried once only; none: nothing; a ping only once half of
/// the action's time has gone, and none when she acts at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_reminders_as_each_person_chose() {
    let s = StandIn::start().await;
    let _b = bot(&s, "reach-notify", 6).await;
    let notify = |opts: serde_json::Value| {
        let s = &s;
        async move {
            let tok = s.slash(33_000, ALICE, "en-US", "notify", opts);
            let m = answer(s, &tok).await;
            assert!(m.ephemeral);
            m.content
        }
    };
    let now = notify(json!([])).await;
    assert_eq!(
        now,
        "Your turn reminders: **a ping in the game's channel**."
    );
    let saved = notify(json!([{"name": "mode", "type": 4, "value": 1}])).await;
    assert!(
        saved.starts_with("Saved. Your turn reminders: **a direct message"),
        "{saved}"
    );

    // By DM: one per turn, with a link to the board; no ping in the channel.
    let ch = 33_001;
    let board = new_game_with_a_bot(&s, ch).await;
    let turns = alice_turns(&s, ch, 3, None).await;
    let t = Instant::now();
    while (s.dms_to(ALICE.0).len() as u32) < turns && t.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let got = s.dms_to(ALICE.0);
    assert_eq!(got.len() as u32, turns, "one DM per turn");
    for m in &got {
        assert!(
            m.content.starts_with("🎲 Your turn at Yut Nori <t:")
                && m.content.contains(&format!(
                    "https://discord.com/channels/{}/{ch}/{}",
                    standin::GUILD,
                    board.id
                )),
            "{}",
            m.content
        );
        assert_eq!(
            m.allowed_mentions["parse"],
            json!([]),
            "a DM mentions nobody"
        );
    }
    assert!(s.pings(ch).is_empty(), "no channel ping: {:?}", s.pings(ch));

    // DMs closed: the channel ping instead, the DM tried once (not for an hour again).
    s.set_dms_closed(ALICE.0);
    let ch = 33_002;
    new_game_with_a_bot(&s, ch).await;
    let turns = alice_turns(&s, ch, 3, None).await;
    let t = Instant::now();
    while (s.pings(ch).len() as u32) < turns && t.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // (A ping still waiting for its slot when her next turn starts is moot and dropped.)
    let pings = s.pings(ch).len() as u32;
    assert!(
        pings >= 1 && pings <= turns,
        "{pings} pings for {turns} turns"
    );
    let refused = s
        .state
        .lock()
        .unwrap()
        .failed
        .iter()
        .filter(|(_, code)| *code == 50007)
        .count();
    assert_eq!(refused, 1, "a closed DM is not tried again");
    assert_eq!(s.dms_to(ALICE.0).len(), got.len(), "no DM delivered");

    // None: nothing at all.
    notify(json!([{"name": "mode", "type": 4, "value": 3}])).await;
    let ch = 33_003;
    new_game_with_a_bot(&s, ch).await;
    alice_turns(&s, ch, 2, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(s.pings(ch).is_empty());

    // In the channel, only once half of the time has gone (6 s per action: after 3 s).
    let saved = notify(json!([
        {"name": "mode", "type": 4, "value": 0},
        {"name": "half_time", "type": 5, "value": true}
    ]))
    .await;
    assert!(
        saved.ends_with("only once half of your time for the action has gone."),
        "{saved}"
    );
    let ch = 33_004;
    new_game_with_a_bot(&s, ch).await;
    alice_turns(&s, ch, 2, None).await;
    tokio::time::sleep(Duration::from_millis(3500)).await;
    assert!(s.pings(ch).is_empty(), "she acted at once: no reminder");
    let turns = alice_turns(&s, ch, 2, Some(Duration::from_millis(4000))).await;
    assert!(turns >= 2);
    let pings = s.pings(ch);
    assert!(
        !pings.is_empty() && pings.len() as u32 <= turns,
        "one ping per slow turn at most: {} for {turns}",
        pings.len()
    );
    assert_eq!(s.violations(), Vec::<String>::new());
}

const CAROL: (u64, &str, u64) = (333, "Carol", 0x400 | 0x800);

/// Bob follows Alice (`/yut follow player:`) and Carol presses Follow on her game's board:
/// Bob's DM when the game starts; both DMs when it ends, with who won, the link and the
/// Replay button, which answers in the DM; Carol's follow of the game is then gone, Bob's of
/// Alice stays until he removes it. Bots and oneself cannot be followed; a player's Follow
/// says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn following_a_player_and_a_game() {
    use crate::standin::board::{board_version, play_button, turn_of};
    let s = StandIn::start().await;
    let _b = bot(&s, "reach-follow", 60).await;
    let follow = |who: (u64, &'static str, u64), opts: serde_json::Value| {
        let s = &s;
        async move {
            let tok = s.slash(34_000, who, "en-US", "follow", opts);
            let m = answer(s, &tok).await;
            assert!(m.ephemeral);
            m.content
        }
    };
    let alice = json!([{"name": "player", "type": 6, "value": ALICE.0.to_string()}]);
    assert!(follow(BOB, json!([]))
        .await
        .starts_with("You follow nothing yet."));
    let on = follow(BOB, alice.clone()).await;
    assert_eq!(
        on,
        "You follow <@111>: I'll send you a direct message when each of their games starts and ends."
    );
    let bot_user = json!([{"name": "player", "type": 6, "value": standin::OTHER_BOT.to_string()}]);
    assert!(follow(BOB, bot_user)
        .await
        .starts_with("A bot has no games"));
    let me = json!([{"name": "player", "type": 6, "value": BOB.0.to_string()}]);
    assert!(follow(BOB, me).await.contains("your own games"));

    let ch = 34_001;
    let board = new_game_with_a_bot(&s, ch).await;
    let started = s
        .wait_for(
            "Bob's DM: the game started",
            Duration::from_secs(10),
            |st| {
                let dm = st.dm_channels.get(&BOB.0)?;
                st.messages.values().find(|m| m.channel == *dm).cloned()
            },
        )
        .await;
    let link = format!(
        "https://discord.com/channels/{}/{ch}/{}",
        standin::GUILD,
        board.id
    );
    assert!(
        started
            .content
            .starts_with("▶️ Alice started a game of Yut Nori: Alice vs ")
            && started.content.contains(&link)
            && started
                .content
                .contains("(You follow Alice: `/yut follow` to stop.)"),
        "{}",
        started.content
    );

    // Carol presses Follow (twice: off, then on again); Alice, who plays, is told she needn't.
    let follow_id = find(&board, ":follow").expect("a Follow button on the board");
    let press = |who: (u64, &'static str, u64)| {
        let s = &s;
        let follow_id = follow_id.clone();
        async move {
            let m = s.latest_board(ch).unwrap();
            let tok = s.click(m.id, &follow_id, who, "en-US");
            let i = s.wait_acked(&tok).await;
            assert_eq!(i.callback_type, Some(4));
            let m = s.followups(&tok).pop().expect("the answer");
            assert!(m.ephemeral);
            m.content
        }
    };
    assert!(press(CAROL).await.starts_with("You follow this game"));
    assert_eq!(press(CAROL).await, "You no longer follow this game.");
    assert!(press(CAROL).await.starts_with("You follow this game"));
    assert!(press(ALICE).await.contains("your own games"));

    // Alice plays until the game ends.
    let t0 = Instant::now();
    let mut clicked = 0;
    loop {
        assert!(
            t0.elapsed() < Duration::from_secs(120),
            "the game did not end"
        );
        let m = s.latest_board(ch).unwrap();
        if m.custom_ids().iter().any(|c| c.ends_with(":replay")) {
            break;
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
    }
    let t = Instant::now();
    while (s.dms_to(BOB.0).len() < 2 || s.dms_to(CAROL.0).is_empty())
        && t.elapsed() < Duration::from_secs(10)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let bob = s.dms_to(BOB.0);
    assert_eq!(bob.len(), 2, "started and ended: {bob:?}");
    let carol = s.dms_to(CAROL.0);
    assert_eq!(carol.len(), 1);
    for (m, why) in [
        (&bob[1], "(You follow Alice: `/yut follow` to stop.)"),
        (&carol[0], "(You follow this game; it's off your list now.)"),
    ] {
        assert!(
            m.content.starts_with("🏁 Game over: Alice vs ")
                && m.content.contains(" won. ")
                && m.content.contains(&link)
                && m.content.ends_with(why),
            "{}",
            m.content
        );
        assert!(
            m.custom_ids().iter().any(|c| c.ends_with(":replay")),
            "{:?}",
            m.custom_ids()
        );
    }
    // The Replay button in Bob's DM: the animated replay, answered there.
    let replay = find(&bob[1], ":replay").unwrap();
    let tok = s.click(bob[1].id, &replay, BOB, "en-US");
    s.wait_acked(&tok).await;
    let m = s.followups(&tok).pop().expect("the replay");
    assert!(
        m.files.iter().any(|(n, _)| n.ends_with(".gif")),
        "{}",
        m.content
    );

    assert!(follow(CAROL, json!([]))
        .await
        .starts_with("You follow nothing yet."));
    let list = follow(BOB, json!([])).await;
    assert_eq!(
        list,
        "You follow (remove one with `/yut follow remove:` and its number):\n1. <@111>"
    );
    let removed = follow(BOB, json!([{"name": "remove", "type": 4, "value": 1}])).await;
    assert_eq!(removed, "You no longer follow <@111>.");
    let none = follow(BOB, json!([{"name": "remove", "type": 4, "value": 1}])).await;
    assert!(none.starts_with("Your list has no number 1."), "{none}");
    assert_eq!(s.violations(), Vec::<String>::new());
}
