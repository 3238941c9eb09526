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
