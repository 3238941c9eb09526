//! Databases for tests, on both backends. SQLite: a file in a fresh temporary directory.
//! PostgreSQL: a database of its own on the server at `YUTBOT_TEST_POSTGRES` (default
//! `postgres://postgres@127.0.0.1:5432/test`), created for the test and dropped after it.
//! Where no PostgreSQL answers, PostgreSQL tests print that they were skipped and why, unless
//! `YUTBOT_REQUIRE_POSTGRES=1` (set by `.ci/run`), which makes them fail instead.
#![allow(dead_code)]

use yut_store::{Backend, Store};

pub const DEFAULT_PG: &str = "postgres://postgres@127.0.0.1:5432/test";

pub fn pg_admin_url() -> String {
    std::env::var("YUTBOT_TEST_POSTGRES").unwrap_or_else(|_| DEFAULT_PG.to_string())
}

pub fn postgres_required() -> bool {
    std::env::var("YUTBOT_REQUIRE_POSTGRES").is_ok_and(|v| v == "1")
}

/// A database for one test.
pub struct TestDb {
    pub url: String,
    pub backend: Backend,
    /// PostgreSQL: the database's name, dropped by [`TestDb::cleanup`].
    pg_name: Option<String>,
}

impl TestDb {
    /// A fresh, empty database named after the test; None when the backend is PostgreSQL and
    /// no server answers (the test is then skipped, with a note on stderr).
    pub async fn new(backend: Backend, name: &str) -> Option<TestDb> {
        match backend {
            Backend::Sqlite => {
                let dir =
                    std::env::temp_dir().join(format!("yutbot-test-{}-{name}", std::process::id()));
                let _ = std::fs::remove_dir_all(&dir);
                std::fs::create_dir_all(&dir).unwrap();
                Some(TestDb {
                    url: format!("sqlite://{}", dir.join("yut.db").display()),
                    backend,
                    pg_name: None,
                })
            }
            Backend::Postgres => {
                let admin = pg_admin_url();
                let bin = std::env::args()
                    .next()
                    .and_then(|a| a.rsplit('/').next().map(str::to_string))
                    .unwrap_or_default();
                let bin = bin.split('-').next().unwrap_or_default().to_string();
                let mut name = format!("yut_{bin}_{name}")
                    .to_lowercase()
                    .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
                name.truncate(63);
                let (a, n) = (admin.clone(), name.clone());
                // The blocking thread keeps a paused test clock from jumping past the
                // connection's timeouts while the server answers.
                let made = off_clock(async move { yut_store::create_scratch(&a, &n).await }).await;
                let made_url = match made {
                    Ok(url) => url,
                    Err(e) if postgres_required() => {
                        panic!("YUTBOT_REQUIRE_POSTGRES=1 but PostgreSQL at {admin} failed: {e}")
                    }
                    Err(e) => {
                        eprintln!(
                            "SKIPPED on PostgreSQL: no server at {admin} ({e}); set \
                             YUTBOT_TEST_POSTGRES to a server's URL to run it"
                        );
                        return None;
                    }
                };
                Some(TestDb {
                    url: made_url,
                    backend,
                    pg_name: Some(name),
                })
            }
        }
    }

    /// Open the store, holding a paused test clock while it works.
    pub async fn store(&self) -> Store {
        let url = self.url.clone();
        off_clock(async move { Store::open(&url).await })
            .await
            .unwrap()
            .holding_paused_clock()
    }

    /// Drop the PostgreSQL database (SQLite's directory is left to the temporary folder).
    pub async fn cleanup(self) {
        if let Some(name) = self.pg_name {
            let admin = pg_admin_url();
            let _ = off_clock(async move { yut_store::drop_scratch(&admin, &name).await }).await;
        }
    }
}

/// Run a future on a blocking thread, so a paused clock holds still meanwhile.
pub async fn off_clock<T: Send + 'static>(
    f: impl std::future::Future<Output = T> + Send + 'static,
) -> T {
    let handle = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || handle.block_on(f))
        .await
        .unwrap()
}

/// Each `async fn name(backend: Backend)` listed becomes two tests, `sqlite::name` and
/// `postgres::name`; `paused` ones run on tokio's paused clock.
#[macro_export]
macro_rules! on_both_backends {
    (paused: $($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(start_paused = true)]
            async fn $name() { super::$name(yut_store::Backend::Sqlite).await })*
        }
        mod postgres {
            $(#[tokio::test(start_paused = true)]
            async fn $name() { super::$name(yut_store::Backend::Postgres).await })*
        }
    };
    (real: $($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(yut_store::Backend::Sqlite).await })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(yut_store::Backend::Postgres).await })*
        }
    };
}
