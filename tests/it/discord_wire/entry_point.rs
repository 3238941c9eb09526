//! Activities enabled in the developer portal give the application an Entry Point command,
//! and Discord then refuses a global bulk overwrite that leaves it out (400, code 50240,
//! issue 48): the bot reads it back and sends it along, its handler the bot's own (it answers
//! the command with LAUNCH_ACTIVITY), so its registration still succeeds and the Entry Point
//! command keeps its name, id and contexts.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_registration_keeps_the_entry_point_command() {
    let s = StandIn::start().await;
    s.enable_activities();
    // The stand-in holds Discord's rule: a bulk overwrite without the Entry Point fails.
    let refused = reqwest::Client::new()
        .put(format!(
            "{}/api/v10/applications/{}/commands",
            s.http_url,
            standin::APP
        ))
        .header("authorization", "Bot standin-token")
        .header("content-type", "application/json")
        .body(r#"[{"name": "yut", "description": "Yut Nori", "type": 1}]"#)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status().as_u16(), 400);
    let body: serde_json::Value = serde_json::from_str(&refused.text().await.unwrap()).unwrap();
    assert_eq!(body["code"], 50240, "{body}");
    assert_eq!(s.state.lock().unwrap().entry_point_refusals, 1);

    // The bot registers globally (no DEV_GUILD_ID).
    let mut o = options(&s, "entry-point", 60);
    o.dev_guild = None;
    let bot = start(o).await.expect("the bot starts");
    s.wait_ready().await;
    let (commands, entry, refusals) = {
        let st = s.state.lock().unwrap();
        (
            st.commands.clone(),
            st.entry_point.clone(),
            st.entry_point_refusals,
        )
    };
    assert_eq!(refusals, 1, "the bot's own overwrite was not refused");
    assert!(commands.iter().any(|c| c["name"] == "yut"), "{commands:?}");
    let entry = entry.expect("the Entry Point command is still there");
    assert_eq!(entry["id"], (standin::CMD_ID + 1).to_string(), "{entry}");
    assert_eq!(entry["name"], "launch");
    assert_eq!(
        entry["handler"], 1,
        "handled by the bot now (APP_HANDLER: it answers with LAUNCH_ACTIVITY): {entry}"
    );
    let registered = s
        .state
        .lock()
        .unwrap()
        .requests
        .iter()
        .filter(|r| {
            r.method.as_str() == "PUT" && r.path.ends_with(&format!("{}/commands", standin::APP))
        })
        .count();
    assert_eq!(registered, 2, "the test's PUT and the bot's one");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
