//! The web pages in a real browser: `tests/browser/play.mjs` (Playwright driving Debian's
//! Chromium) plays a whole game of `yutbot play` by clicks, restarts the server in the middle,
//! sends bad requests and takes screenshots. It needs Node.js, `npm ci` in `tests/browser`
//! and Chromium at /usr/bin/chromium (or `CHROMIUM`): `.ci/run` installs them. Without them
//! the test says so and passes, unless `YUTBOT_REQUIRE_BROWSER` is set (CI), where it fails.

use std::path::Path;
use std::process::Command;

fn missing(what: &str) {
    if std::env::var_os("YUTBOT_REQUIRE_BROWSER").is_some() {
        panic!("browser tests required, but {what}");
    }
    eprintln!("skipping the browser tests: {what} (.ci/run installs it)");
}

#[test]
fn a_whole_local_game_in_chromium_with_a_restart() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return missing(&format!("no Chromium at {chromium}"));
    }
    if !here.join("node_modules/playwright-core").exists() {
        return missing("playwright-core is not installed (npm ci in tests/browser)");
    }
    let out = match Command::new("node")
        .arg(here.join("play.mjs"))
        .arg(env!("CARGO_BIN_EXE_yutbot"))
        .env("CHROMIUM", &chromium)
        .output()
    {
        Ok(o) => o,
        Err(e) => return missing(&format!("node cannot be run ({e})")),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    assert!(
        out.status.success(),
        "the browser test failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("FIGURES "), "{stdout}");
}
