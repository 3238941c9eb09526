//! `yutbot demo`: a whole bot game through the service, written as PNG frames and message
//! texts.

use crate::{Clock, Config, Service};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use yut_ai::Level;
use yut_game::Rules;
use yut_store::Store;
use yut_table::core::{Actor, Command, Lang, Settings};
use yut_table::paint::RenderPainter;

pub fn temp_db(tag: &str) -> std::io::Result<(PathBuf, String)> {
    let dir = std::env::temp_dir().join(format!(
        "yutbot-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}", dir.join("yutbot.db").display());
    Ok((dir, url))
}

pub fn settings(seats: u8, bot_delay_ms: u32, lang: Lang) -> Settings {
    Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats,
        turn_seconds: 25,
        lang,
        bot_delay_ms,
    }
}

/// What the demo wrote.
#[derive(Debug, Clone)]
pub struct DemoFiles {
    /// Boards written (`NNN.png`, `NNN.txt`).
    pub frames: usize,
    /// The game's number.
    pub game: i64,
    /// After the game: `replay.gif`, `chart.png`, `record.json`, `analysis.txt`.
    pub files: Vec<PathBuf>,
}

/// Play a 4-seat bot game through the service under `rules` (from `preset`) and write every
/// board it shows (`NNN.png`, `NNN.txt`), then its replay GIF, win-chance chart and record.
pub async fn demo(out: &Path, lang: Lang, preset: &str, rules: Rules) -> anyhow::Result<DemoFiles> {
    std::fs::create_dir_all(out)?;
    let (dir, url) = temp_db("demo")?;
    let store = Store::open(&url).await?;
    let config = Config {
        min_update_gap: Duration::ZERO,
        ..Config::default()
    };
    let (svc, mut updates) =
        Service::start(store, Arc::new(RenderPainter), Clock::system(), config, 7).await?;
    let host = Actor::user(1, "Demo host");
    let ch = 1;
    let problem = |p: crate::Problem| anyhow::anyhow!(p.message(Lang::En));
    let mut frames = 0usize;
    let mut write = |text: &str, png: Option<&[u8]>| -> std::io::Result<()> {
        frames += 1;
        std::fs::write(out.join(format!("{frames:03}.txt")), text)?;
        if let Some(png) = png {
            std::fs::write(out.join(format!("{frames:03}.png")), png)?;
        }
        Ok(())
    };
    let v = svc
        .create(
            1,
            ch,
            &host,
            Settings {
                rules,
                preset: preset.to_string(),
                ..settings(4, 30, lang)
            },
        )
        .await
        .map_err(problem)?;
    let game = v
        .game
        .ok_or_else(|| anyhow::anyhow!("the new game has no number"))?;
    write(&v.text, v.png.as_deref())?;
    for level in [Level::Easy, Level::Master, Level::Normal] {
        let v = svc
            .command(ch, &host, Command::AddBot { level })
            .await
            .map_err(problem)?;
        write(&v.text, v.png.as_deref())?;
    }
    let v = svc
        .command(ch, &host, Command::Start)
        .await
        .map_err(problem)?;
    write(&v.text, v.png.as_deref())?;
    // The host hands the seat to a bot: four bots play.
    let v = svc
        .command(ch, &host, Command::Resign)
        .await
        .map_err(problem)?;
    write(&v.text, v.png.as_deref())?;
    let started = Instant::now();
    loop {
        match tokio::time::timeout(Duration::from_secs(2), updates.recv()).await {
            Ok(Some(u)) => {
                let v = svc.render(&u);
                write(&v.text, v.png.as_deref())?
            }
            Ok(None) => break,
            Err(_) => {
                if svc.table(ch).await.is_none() {
                    break;
                }
            }
        }
        if started.elapsed() > Duration::from_secs(600) {
            anyhow::bail!("the demo game did not finish in 10 minutes");
        }
    }
    let files = after_files(&svc, game, out).await;
    svc.shutdown().await;
    let _ = std::fs::remove_dir_all(dir);
    Ok(DemoFiles {
        frames,
        game,
        files: files?,
    })
}

/// The replay, the chart and the record of a finished game, written into `out`.
async fn after_files(svc: &Service, game: i64, out: &Path) -> anyhow::Result<Vec<PathBuf>> {
    use super::after;
    let lang_problem = |p: after::AfterProblem| anyhow::anyhow!(p.message(Lang::En));
    let played = after::load(svc, game, 1).await.map_err(lang_problem)?;
    let (files, png, summary) = svc
        .offload(move || {
            let files = after::replay_files(&played, yut_replay::anim::DEFAULT_LIMIT);
            let c = yut_replay::chart::chances(&played);
            let png = yut_replay::chart::chart_png(&played, &c, played.lang());
            let summary = yut_replay::chart::chart_summary(&played, &c, played.lang());
            (files, png, summary)
        })
        .await?;
    let mut written = vec![];
    let mut put = |name: &str, bytes: &[u8]| -> std::io::Result<()> {
        let p = out.join(name);
        std::fs::write(&p, bytes)?;
        written.push(p);
        Ok(())
    };
    put("replay.gif", &files.replay.gif)?;
    put("chart.png", &png)?;
    put("record.json", files.record.as_bytes())?;
    put(
        "analysis.txt",
        format!("{}\n{summary}\n", files.text).as_bytes(),
    )?;
    Ok(written)
}

/// Play the games in `channels` to their end, each person letting the bot play every one of
/// their turns as it comes ("Bot plays my turn"), looking every `poll`: for benchmarks and
/// tests that need whole games between people. Returns the presses sent.
pub async fn autoplay(svc: &Service, channels: &[u64], poll: Duration) -> usize {
    use yut_table::core::Player;
    let mut left: Vec<u64> = channels.to_vec();
    let mut sent = 0;
    while !left.is_empty() {
        let mut still = Vec::with_capacity(left.len());
        for ch in left {
            let Some(t) = svc.table(ch).await else {
                continue;
            };
            if !t.status.is_active() {
                continue;
            }
            if let Some(seat) = t.acting() {
                let s = &t.seats[seat as usize];
                if let (Player::Human { user, name }, false, false) =
                    (&s.player, s.autoplay, s.away)
                {
                    let me = Actor::user(*user, name);
                    if svc.command(ch, &me, Command::AutoPlay).await.is_ok() {
                        sent += 1;
                    }
                }
            }
            still.push(ch);
        }
        left = still;
        tokio::time::sleep(poll).await;
    }
    sent
}
