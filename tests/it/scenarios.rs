//! Every rule case in tests/scenarios/ must pass.

use std::path::PathBuf;

#[test]
fn all_scenarios_pass() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scenarios exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 60, "only {} scenario files", files.len());
    let (passed, failed) = yut_tools::scenario::check_files(&files);
    for (path, msg) in &failed {
        eprintln!("FAIL {path}: {msg}");
    }
    assert!(
        failed.is_empty(),
        "{passed} passed, {} failed",
        failed.len()
    );
}

#[test]
fn a_wrong_expectation_fails() {
    let text = r#"
name = "geol then mo does not reach the centre"
[setup]
seats = 2
pool = ["mo", "geol"]
[[steps]]
chip = "geol"
piece = "new"
[[steps]]
chip = "mo"
piece = 3
[expect]
pieces = [{ side = 0, at = 22 }]
"#;
    let sc = yut_tools::scenario::Scenario::parse(text).unwrap();
    let err = sc.run().unwrap_err();
    assert!(err.contains("pieces"), "{err}");
}

#[test]
fn refused_step_must_leave_the_game_unchanged() {
    // A chip that is not in the pool is refused; error = true accepts that.
    let text = r#"
name = "mo is not in the pool"
[setup]
seats = 2
pool = ["geol"]
[[steps]]
chip = "mo"
piece = "new"
[expect]
error = true
pool = ["geol"]
phase = "spend"
"#;
    let sc = yut_tools::scenario::Scenario::parse(text).unwrap();
    sc.run().unwrap();
}
