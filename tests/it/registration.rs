//! What the bot registers with Discord: the slash commands' payload (names, descriptions,
//! options, choices and every localization) equals the fixture `fixtures/registration.json`,
//! taken before the commands' texts moved to the catalog (issue 28). After a deliberate change
//! of the commands, `YUTBOT_UPDATE_FIXTURES=1 cargo test --test it registration::` rewrites it
//! (then read its diff).

use std::path::Path;

/// The payload of `PUT /applications/{id}/commands` as the framework builds it, as pretty JSON
/// (its objects' keys sorted, so the text is the same from one run to the next).
fn registration() -> String {
    let commands = yutbot::discord::registered_commands();
    let payload = yutbot::discord::registration(&commands);
    serde_json::to_string_pretty(&serde_json::to_value(payload).unwrap()).unwrap() + "\n"
}

#[test]
fn the_registration_is_the_fixtures() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/registration.json");
    if std::env::var_os("YUTBOT_UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, registration()).unwrap();
    }
    let fixture = std::fs::read_to_string(&path).unwrap();
    // Line by line first, for a readable failure.
    for (i, (now, then)) in registration().lines().zip(fixture.lines()).enumerate() {
        assert_eq!(now, then, "registration.json line {}", i + 1);
    }
    assert_eq!(registration(), fixture);
}

/// Issue 46: a guild's registration (`DEV_GUILD_ID`) leaves out `integration_types` and
/// `contexts`, which Discord documents for global commands only; the global one keeps them.
#[test]
fn a_guild_registration_has_no_integration_types_nor_contexts() {
    let keys = |payload: Vec<serenity::all::CreateCommand>| -> Vec<(String, bool, bool)> {
        serde_json::to_value(payload)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap().to_string(),
                    c.get("integration_types").is_some(),
                    c.get("contexts").is_some(),
                )
            })
            .collect()
    };
    let global = keys(yutbot::discord::registration(
        &yutbot::discord::registered_commands(),
    ));
    let guild = keys(yutbot::discord::guild_registration());
    assert_eq!(global.len(), guild.len(), "the same commands");
    // Globally, `/yut` and the challenge menu say where they may be installed and used.
    assert!(
        global.iter().any(|(n, i, c)| n == "yut" && *i && *c),
        "{global:?}"
    );
    assert!(
        global.iter().filter(|(_, i, c)| *i && *c).count() >= 2,
        "{global:?}"
    );
    for (name, integration_types, contexts) in &guild {
        assert!(
            !integration_types && !contexts,
            "the guild's {name} has integration_types or contexts"
        );
    }
}
