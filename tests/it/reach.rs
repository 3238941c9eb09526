//! Beyond a server that added the bot (issue 29), through the stand-in: the app installed to a
//! person's account registers for DMs and group DMs; there `/yut rules`, `help` and `fortune`
//! answer, and a game's commands say privately that a game needs Yutbot in the server (in a
//! DM, a group DM, or a server where only the person installed it); the member context menu
//! "Challenge to Yut Nori" opens the same challenge as `/yut challenge`.

use crate::discord_wire::{answer, bot, reply, ALICE, BOB};
use crate::standin::{self, board::find, StandIn};
use serde_json::json;
use std::time::Duration;

/// The registration as Discord got it: `/yut` for server and user installs, in servers, the
/// bot's DM and private channels; the context menu for server installs in servers, its name in
/// three languages. (The stand-in checks Discord's rules for both; no violation.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_registers_for_user_installs_and_a_member_menu() {
    let s = StandIn::start().await;
    let _b = bot(&s, "reach-registration", 25).await;
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
/// answers; a game's command is refused privately, in the person's language, and nothing is
/// posted to the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outside_a_server_with_the_bot_info_answers_and_games_say_why_not() {
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
        for (sub, opts) in [
            ("new", json!([])),
            ("stats", json!([])),
            (
                "challenge",
                json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()}]),
            ),
        ] {
            let tok = s.slash(ch, ALICE, "en-US", sub, opts);
            let m = answer(&s, &tok).await;
            assert!(m.ephemeral, "{ch} {sub}");
            assert!(
                m.content.starts_with("A game needs Yutbot in the server"),
                "{ch} {sub}: {}",
                m.content
            );
        }
        let tok = s.slash(ch, ALICE, "ko", "new", json!([]));
        let m = answer(&s, &tok).await;
        assert!(m.content.contains("서버 관리자"), "{}", m.content);
        assert!(s.latest_board(ch).is_none(), "{ch}: no game opened");
    }
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
