//! The built binary with a database it cannot open: a clear message and exit code 2, and
//! nothing created on the way.

use std::process::Command;

fn run_with(database_url: &str) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("yutbot-startup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_yutbot"))
        .arg("run")
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env("DATABASE_URL", database_url)
        // Nowhere to connect to, should it ever get that far.
        .env("DISCORD_API_URL", "http://127.0.0.1:1")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn a_database_that_cannot_be_opened_is_a_clear_error() {
    let missing_dir = std::env::temp_dir()
        .join(format!("yutbot-startup-missing-{}", std::process::id()))
        .join("nested");
    let file = missing_dir.join("yut.db");
    let cases = [
        (
            "postgres://postgres@127.0.0.1:1/test".to_string(),
            "Connection refused",
        ),
        (
            "mysql://root@127.0.0.1/test".to_string(),
            "use sqlite://FILE or postgres://USER@HOST/DB",
        ),
        (
            format!("sqlite://{}", file.display()),
            "unable to open database file",
        ),
        (
            "postgres://someone:secret@127.0.0.1:1/test".to_string(),
            "someone:***@",
        ),
    ];
    for (url, says) in cases {
        let (code, err) = run_with(&url);
        assert_eq!(code, Some(2), "{url}: {err}");
        assert!(
            err.contains("cannot open the database at DATABASE_URL") && err.contains(says),
            "{url}: {err}"
        );
        assert!(
            !err.contains("secret"),
            "the password is never printed: {err}"
        );
    }
    assert!(
        !missing_dir.exists(),
        "nothing was created for the SQLite URL"
    );
}

#[test]
fn a_postgres_database_that_does_not_exist_is_refused_and_not_created() {
    let server = std::env::var("YUTBOT_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let base = server.rsplit_once('/').unwrap().0.to_string();
    let name = format!("yut_no_such_db_{}", std::process::id());
    let (code, err) = run_with(&format!("{base}/{name}"));
    if err.contains("Connection refused") {
        assert!(
            std::env::var("YUTBOT_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "YUTBOT_REQUIRE_POSTGRES=1 but no PostgreSQL at {server}: {err}"
        );
        eprintln!("SKIPPED on PostgreSQL: no server at {server}");
        return;
    }
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!("database \"{name}\" does not exist")),
        "{err}"
    );
}
