//! House rules on `/yut new` and the server's defaults from `/yut settings`.

use super::*;

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
