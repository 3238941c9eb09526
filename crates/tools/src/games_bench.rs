//! `yut-tools bench games`: the answer of `/yut games` (the server's games, a page of the list)
//! with many games running in one server: half of them lobbies, half playing (a person against
//! a bot, the person to act, so nothing moves while it is measured).

use anyhow::anyhow;
use std::sync::Arc;
use std::time::Instant;
use yut_service::{Clock, Config, Service};
use yut_store::Store;
use yut_table::core::{Actor, Command, Lang};
use yut_table::view::{games_page, Listed, NoPainter};

/// The figures: games listed, answers timed, and the answer's time (ms).
#[derive(Debug)]
pub struct GamesBench {
    pub games: usize,
    pub runs: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub chars: usize,
}

pub async fn bench_games(games: usize, runs: usize) -> anyhow::Result<GamesBench> {
    let (_dir, url) = yut_service::demo::temp_db("bench-games")?;
    let store = Store::open(&url).await?;
    let (svc, mut updates) = Service::start(
        store,
        Arc::new(NoPainter),
        Clock::system(),
        Config::default(),
        1,
    )
    .await?;
    tokio::spawn(async move { while updates.recv().await.is_some() {} });
    let guild = 1;
    for g in 0..games {
        let ch = 10_000 + g as u64;
        let host = Actor::user(1_000 + g as u64, &format!("Player {g}"));
        let mut settings = yut_service::demo::settings(2, 60_000, Lang::En);
        settings.turn_seconds = 300;
        let problem = |p: yut_service::Problem| anyhow!(p.message(Lang::En));
        svc.create(guild, ch, &host, settings)
            .await
            .map_err(problem)?;
        if g % 2 == 1 {
            let level = yut_ai::Level::Normal;
            svc.command(ch, &host, Command::AddBot { level })
                .await
                .map_err(problem)?;
            svc.command(ch, &host, Command::Start)
                .await
                .map_err(problem)?;
        }
    }
    let mut times = Vec::with_capacity(runs);
    let mut chars = 0;
    for run in 0..runs {
        let t = Instant::now();
        let listed = svc.games_in(guild).await;
        if listed.len() != games {
            return Err(anyhow!("{} games listed of {games}", listed.len()));
        }
        let rows: Vec<Listed<'_>> = listed
            .iter()
            .map(|(t, m)| Listed {
                table: t,
                link: format!(
                    "https://discord.com/channels/{guild}/{}/{}",
                    t.channel,
                    m.unwrap_or(0)
                ),
            })
            .collect();
        let text = games_page(Lang::En, &rows, 1 + run % 10);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        chars = chars.max(text.chars().count());
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    Ok(GamesBench {
        games,
        runs,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        max_ms: at(1.0),
        chars,
    })
}
