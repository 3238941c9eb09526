//! Scratch databases for benchmarks and tests.

use super::*;

/// A scratch database beside the one at `url` (PostgreSQL: a new database named `name` on
/// the same server, dropped first if it exists), for benchmarks and tests. Returns its URL.
pub async fn create_scratch(url: &str, name: &str) -> Result<String, StoreError> {
    if Backend::of_url(url) != Some(Backend::Postgres) {
        return Err(StoreError::BadUrl(url.to_string()));
    }
    let mut c = sqlx::PgConnection::connect(url).await?;
    c.execute(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)").as_str())
        .await?;
    c.execute(format!("CREATE DATABASE \"{name}\"").as_str())
        .await?;
    c.close().await?;
    let (base, _) = url.rsplit_once('/').unwrap_or((url, ""));
    Ok(format!("{base}/{name}"))
}

/// Drop a scratch database made by [`create_scratch`] (`url` is the server's other database).
pub async fn drop_scratch(url: &str, name: &str) -> Result<(), StoreError> {
    let mut c = sqlx::PgConnection::connect(url).await?;
    c.execute(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)").as_str())
        .await?;
    c.close().await?;
    Ok(())
}
