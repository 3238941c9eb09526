//! The Activity's script: Discord's Embedded App SDK and the page's start
//! (`assets/activity/src/`), bundled into one file with esbuild. Both come from npm with
//! their lock file (`assets/activity/package-lock.json`), installed here in the build's own
//! folder (never in the source tree), once per lock file.
//!
//! Without Node.js and npm (or without the registry) the bot is built without the Activity:
//! a warning says so, and the Activity's page says it is not available. Set
//! `YUTBOT_REQUIRE_ACTIVITY=1` (CI does) to make that an error instead.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let src = here.join("../../assets/activity");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    for f in ["package.json", "package-lock.json", "build.mjs", "src"] {
        println!("cargo:rerun-if-changed={}", src.join(f).display());
    }
    println!("cargo:rerun-if-env-changed=YUTBOT_REQUIRE_ACTIVITY");
    let script = out.join("activity.js");
    if let Err(why) = bundle(&src, &out) {
        if std::env::var_os("YUTBOT_REQUIRE_ACTIVITY").is_some_and(|v| !v.is_empty()) {
            panic!("the Activity's script could not be built: {why}");
        }
        println!("cargo:warning=building without the Discord Activity's page: {why}");
        std::fs::write(&script, "").unwrap();
    }
}

fn bundle(src: &Path, out: &Path) -> Result<(), String> {
    let lock = std::fs::read(src.join("package-lock.json"))
        .map_err(|e| format!("assets/activity/package-lock.json: {e}"))?;
    let work = out.join("npm");
    std::fs::create_dir_all(work.join("src")).map_err(|e| e.to_string())?;
    for f in ["package.json", "package-lock.json", "build.mjs"] {
        std::fs::copy(src.join(f), work.join(f)).map_err(|e| format!("{f}: {e}"))?;
    }
    copy_dir(&src.join("src"), &work.join("src"))?;
    // npm ci once per lock file (it empties node_modules first).
    let stamp = work.join("node_modules/.yutbot-installed-lock.json");
    if std::fs::read(&stamp).ok().as_deref() != Some(&lock[..]) {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
                .current_dir(&work),
            "npm ci",
        )?;
        std::fs::write(&stamp, &lock).map_err(|e| e.to_string())?;
    }
    run(
        Command::new("node")
            .arg("build.mjs")
            .arg(out)
            .current_dir(&work),
        "node build.mjs",
    )?;
    match std::fs::metadata(out.join("activity.js")) {
        Ok(m) if m.len() > 0 => Ok(()),
        _ => Err("build.mjs wrote no activity.js".into()),
    }
}

fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    let o = cmd
        .output()
        .map_err(|e| format!("{what} cannot be run ({e}); install Node.js 18 or later"))?;
    if o.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ))
    }
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for e in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let e = e.map_err(|e| e.to_string())?;
        let target = to.join(e.file_name());
        if e.file_type().map_err(|e| e.to_string())?.is_dir() {
            copy_dir(&e.path(), &target)?;
        } else {
            std::fs::copy(e.path(), &target).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}
