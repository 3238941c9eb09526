//! The commands that need no Discord: `yutbot demo` (a whole bot game through the game
//! service, every board written to a folder) and `yutbot verify` (a game record checked).

use std::path::Path;
use std::process::ExitCode;

/// `yutbot demo`: play a 4-seat bot game and write what it shows into `out`.
pub fn demo(out: &Path, lang: &str, preset: &str, house: Option<&str>) -> ExitCode {
    let lang = yut_text::Lang::from_locale(lang);
    let rules = match yut_game::Rules::from_command_line(preset, house) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // Cannot fail on a working machine: the runtime only needs threads and a timer.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match runtime.block_on(yut_service::demo::demo(out, lang, preset, rules)) {
        Ok(n) => {
            println!("wrote {} frames to {}", n.frames, out.display());
            for p in &n.files {
                println!("wrote {}", p.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `yutbot verify`: the seed of a record against its commitment, then every throw.
pub fn verify(file: &Path) -> ExitCode {
    let max = yut_replay::record::MAX_BYTES as u64;
    if let Ok(m) = std::fs::metadata(file) {
        if m.len() > max {
            println!(
                "not verified: {} is too large for a record ({} bytes)",
                file.display(),
                m.len()
            );
            return ExitCode::FAILURE;
        }
    }
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            println!("not verified: cannot read {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    match yut_replay::record::verify(&bytes) {
        Ok(n) => {
            println!("verified: {n} throws");
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("not verified: {e}");
            ExitCode::FAILURE
        }
    }
}
