//! After a game: what `/yut replay`, `/yut history` and the buttons on a finished board ask
//! for, over the store. Loading is async; drawing and Master's analysis are CPU work and run
//! off the async runtime in the service's places for such work ([`Service::offload`]).

use crate::Service;
use yut_replay::anim::{self, Options, Replay};
use yut_replay::record::Record;
use yut_replay::words::words;
use yut_replay::{chart, review, walk, Played};
use yut_store::{PastGame, Store, StoreError};
pub use yut_table::after::{buttons, commitment_line, seed_line};
use yut_table::core::{Lang, Status, Table};
pub use yut_table::custom_id::{decode_after, encode_after, AfterButton};
use yut_table::persist;
use yut_text::say;

/// Why a replay, an analysis or a review is refused (shown privately).
#[derive(Debug)]
pub enum AfterProblem {
    /// No game with that number.
    NoSuchGame,
    /// The channel has no finished game.
    NoFinishedGame,
    /// The game belongs to another server.
    OtherServer,
    /// The game is in its lobby or being played.
    Running,
    /// The game was stopped before it began.
    NotStarted,
    /// The person asking for a review did not play in the game.
    NotPlaying,
    /// The stored log does not replay (a bug or a damaged database).
    Broken(String),
    Storage(StoreError),
}

impl AfterProblem {
    /// What is broken, if the problem is damaged data (worth an operator's look) rather than
    /// a refusal.
    pub fn broken(&self) -> Option<&str> {
        match self {
            AfterProblem::Broken(why) | AfterProblem::Storage(StoreError::Corrupt(why)) => {
                Some(why)
            }
            _ => None,
        }
    }
}

impl AfterProblem {
    pub fn message(&self, lang: Lang) -> String {
        use AfterProblem::*;
        let key = match self {
            NoSuchGame => "after-no-such-game",
            NoFinishedGame => "after-no-finished-game",
            OtherServer => "after-other-server",
            Running => "after-running",
            NotStarted => "after-not-started",
            NotPlaying => return words(lang).not_playing.into(),
            Broken(_) => "after-broken",
            Storage(_) => "after-storage",
        };
        say(lang, key, &[])
    }
}

impl From<StoreError> for AfterProblem {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => AfterProblem::NoSuchGame,
            e => AfterProblem::Storage(e),
        }
    }
}

/// The game to show: `game` if given, else the channel's last finished game.
pub async fn pick(store: &Store, channel: u64, game: Option<i64>) -> Result<i64, AfterProblem> {
    match game {
        Some(g) => Ok(g),
        None => store
            .last_finished_in_channel(channel)
            .await?
            .ok_or(AfterProblem::NoFinishedGame),
    }
}

/// A finished game of this server, replayed from its genesis and whole log.
pub async fn load(svc: &Service, game: i64, guild: u64) -> Result<Played, AfterProblem> {
    let now = persist::load(svc.store(), game).await?;
    if now.table.guild != guild {
        return Err(AfterProblem::OtherServer);
    }
    match now.table.status {
        Status::Lobby | Status::Playing => return Err(AfterProblem::Running),
        Status::Stopped if now.table.game.is_none() => return Err(AfterProblem::NotStarted),
        _ => {}
    }
    let genesis: Table = persist::parse_state(&svc.store().genesis(game).await?)?;
    let log = persist::log(svc.store(), game).await?;
    let played = svc
        .offload(move || walk(&genesis, &log))
        .await
        .map_err(|e| AfterProblem::Broken(e.to_string()))?
        .map_err(|e| AfterProblem::Broken(e.to_string()))?;
    if played.last.version != now.table.version {
        return Err(AfterProblem::Broken(format!(
            "game {game}: the log replays to version {}, the game is at {}",
            played.last.version, now.table.version
        )));
    }
    Ok(played)
}

/// "Fair throws": the commitment of `game` (any game of this server, running or over) and,
/// once it is over, its seed.
pub async fn fair(
    store: &Store,
    guild: u64,
    game: i64,
    lang: Lang,
) -> Result<String, AfterProblem> {
    let now = persist::load(store, game).await?;
    if now.table.guild != guild {
        return Err(AfterProblem::OtherServer);
    }
    Ok(yut_table::after::fair_text(&now.table, lang))
}

/// `/yut verify game:N`: the record of a finished game of this server checked as anyone would
/// check it (the seed against its commitment, every throw played again).
pub async fn verify_game(
    svc: &Service,
    guild: u64,
    game: i64,
) -> Result<Result<usize, yut_replay::record::Rejected>, AfterProblem> {
    let played = load(svc, game, guild).await?;
    svc.offload(move || yut_replay::record::verify_record(&Record::of(&played)))
        .await
        .map_err(|e| AfterProblem::Broken(e.to_string()))
}

/// A picture to attach, with its alt text (what it shows, for screen readers).
#[derive(Debug, Clone)]
pub struct Picture {
    pub png: Vec<u8>,
    pub alt: String,
}

/// The files `/yut replay` and the Replay button post.
#[derive(Debug, Clone)]
pub struct ReplayFiles {
    pub game: i64,
    pub replay: Replay,
    /// The record (JSON) to check with `yutbot verify`.
    pub record: String,
    /// The message that goes with them.
    pub text: String,
    /// The GIF's alt text: the game, its players, the winner.
    pub alt: String,
}

/// Replay files of a replayed game (CPU work: call off the runtime).
pub fn replay_files(played: &Played, limit: usize) -> ReplayFiles {
    let lang = played.lang();
    let w = words(lang);
    let replay = anim::replay_gif(
        played,
        Options {
            limit,
            ..Options::default()
        },
    );
    let record = Record::of(played);
    let mut text = say(
        lang,
        "replay-caption",
        &[
            ("game", played.last.id.to_string().into()),
            ("actions", (replay.shown as u32).into()),
            ("seconds", replay.seconds.into()),
        ],
    );
    if replay.thinned {
        text.push_str(&format!(" ({})", w.thinned));
    }
    if let (Some(c), Some(s)) = (&record.commitment, &record.seed) {
        text.push('\n');
        text.push_str(&say(
            lang,
            "after-replay-seed",
            &[("seed", s.into()), ("commitment", c.into())],
        ));
    }
    let t = &played.last;
    let sides = played.steps[0].game().sides();
    let players: Vec<String> = (0..sides)
        .map(|s| yut_table::view::side_name(t, s))
        .collect();
    let winner = played
        .winner()
        .map(|w| yut_table::view::side_name(t, w))
        .unwrap_or_default();
    let alt = say(
        lang,
        "replay-gif-alt",
        &[
            ("game", t.id.to_string().into()),
            ("players", players.join(", ").into()),
            ("winner", winner.into()),
            ("actions", (played.actions() as u32).into()),
        ],
    );
    ReplayFiles {
        alt,
        game: played.last.id,
        replay,
        record: record.to_json(),
        text,
    }
}

/// `/yut replay`: the replay of `game` (default: the channel's last finished game).
pub async fn replay(
    svc: &Service,
    guild: u64,
    channel: u64,
    game: Option<i64>,
    limit: usize,
) -> Result<ReplayFiles, AfterProblem> {
    let id = pick(svc.store(), channel, game).await?;
    let played = load(svc, id, guild).await?;
    svc.offload(move || replay_files(&played, limit))
        .await
        .map_err(|e| AfterProblem::Broken(e.to_string()))
}

/// The win-chance chart of a game: the PNG and a line about its turning point.
pub async fn analysis(
    svc: &Service,
    guild: u64,
    game: i64,
) -> Result<(Picture, String), AfterProblem> {
    let played = load(svc, game, guild).await?;
    svc.offload(move || {
        let lang = played.lang();
        let c = chart::chances(&played);
        let picture = Picture {
            png: chart::chart_png(&played, &c, lang),
            alt: chart::chart_alt(&played, &c, lang),
        };
        (picture, chart::chart_summary(&played, &c, lang))
    })
    .await
    .map_err(|e| AfterProblem::Broken(e.to_string()))
}

/// One person's review of a game: the text and a small board for each decision.
pub async fn my_review(
    svc: &Service,
    guild: u64,
    game: i64,
    user: u64,
    lang: Lang,
) -> Result<(String, Vec<Picture>), AfterProblem> {
    let played = load(svc, game, guild).await?;
    if !played
        .steps
        .iter()
        .any(|s| s.table.seats.iter().any(|x| x.player.user() == Some(user)))
    {
        return Err(AfterProblem::NotPlaying);
    }
    svc.offload(move || review_of(&played, user, lang))
        .await
        .map_err(|e| AfterProblem::Broken(e.to_string()))?
}

/// `my_review` of a replayed game (CPU work).
pub fn review_of(
    played: &Played,
    user: u64,
    lang: Lang,
) -> Result<(String, Vec<Picture>), AfterProblem> {
    let all = review::reviews(played);
    let mine: Vec<_> = all.iter().filter(|r| r.user == user).collect();
    if mine.is_empty() {
        // Seated, but every move was the bot's (auto-play, away, a seat handed over).
        let name = played
            .last
            .seats
            .iter()
            .enumerate()
            .find(|(_, s)| s.player.user() == Some(user))
            .map(|(i, s)| s.name(i, lang))
            .unwrap_or_default();
        let empty = review::Review {
            seat: 0,
            user,
            name,
            examined: 0,
            worst: vec![],
        };
        return Ok((review::review_text(&empty, played.last.id, lang), vec![]));
    }
    let mut text = String::new();
    let mut pngs = vec![];
    for r in mine {
        text.push_str(&review::review_text(r, played.last.id, lang));
        for d in &r.worst {
            if let Some(png) = review::decision_png(played, d) {
                let alt = say(
                    lang,
                    "replay-review-alt",
                    &[
                        ("n", (pngs.len() as u32 + 1).into()),
                        ("action", (d.step as u32).into()),
                        ("lost", ((d.lost() * 100.0).round() as u32).into()),
                    ],
                );
                pngs.push(Picture { png, alt });
            }
        }
    }
    Ok((text, pngs))
}

/// `/yut history`: the last finished games of a server (only `user`'s, if given).
pub async fn history(
    store: &Store,
    guild: u64,
    user: Option<u64>,
    limit: u32,
) -> Result<Vec<PastGame>, AfterProblem> {
    Ok(store.history(guild, user, limit).await?)
}

/// The history as text, one line per game: number, date, players (winners in bold).
pub fn history_text(games: &[PastGame], lang: Lang) -> String {
    if games.is_empty() {
        return say(lang, "after-history-empty", &[]);
    }
    let mut s = say(lang, "after-history-title", &[]);
    s.push('\n');
    for g in games {
        let players: Vec<String> = g
            .seats
            .iter()
            .map(|p| {
                if p.team == g.winner_side {
                    format!("**{}** 🏆", p.name)
                } else {
                    p.name.clone()
                }
            })
            .collect();
        let mode = if g.teams { " · 2v2" } else { "" };
        s.push_str(&format!(
            "`#{}` <t:{}:d>{mode} · {}\n",
            g.game,
            g.finished_ms / 1000,
            players.join(", ")
        ));
    }
    s
}
