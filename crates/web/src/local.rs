//! `yutbot play`: games in a browser, on this machine. The page sends the buttons the
//! service's boards carry; the service answers exactly as it answers Discord. Pass and play:
//! the page acts for whichever person's turn it is, so several people share one screen.

use crate::frame::Frame;
use crate::hub::Hub;
use crate::{pages, ApiError};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use yut_ai::Level;
use yut_service::{Answer, Problem, Service, Update};
use yut_table::core::{Actor, Command, Lang, Player, Table};
use yut_table::ButtonId;

/// The server all local games belong to (a server of their own: they never mix with a
/// Discord server's games, ratings or settings).
pub const LOCAL_GUILD: u64 = 1;
/// People at the screen are users 1001, 1002, ... in the order they were named.
const FIRST_PERSON: u64 = 1001;

/// Local play: the service, and the boards pages follow.
#[derive(Clone)]
pub struct LocalPlay {
    svc: Service,
    hub: Arc<Hub>,
    /// Game → its channel (each local game has a channel of its own).
    channels: Arc<Mutex<HashMap<i64, u64>>>,
    /// The bots' pace for new games.
    bot_delay_ms: u32,
    /// Finished games' replays.
    replays: crate::replay::Replays,
}

/// A new game, as the page asks for it.
#[derive(Debug, Deserialize)]
pub struct NewGame {
    /// In seat order: a person (`{"name": "Ann"}`) or a bot (`{"bot": "normal"}`).
    pub players: Vec<Seat>,
    #[serde(default)]
    pub teams: bool,
    #[serde(default)]
    pub preset: Option<String>,
    #[serde(default)]
    pub house: Option<String>,
    #[serde(default)]
    pub lang: Option<String>,
    #[serde(default)]
    pub turn_seconds: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Seat {
    Person { name: String },
    Bot { bot: String },
}

#[derive(Debug, Deserialize)]
struct Press {
    id: String,
}

#[derive(Debug, Serialize)]
struct Created {
    game: i64,
    url: String,
}

#[derive(Debug, Serialize)]
struct GameLine {
    game: i64,
    url: String,
    players: Vec<String>,
    playing: bool,
}

impl LocalPlay {
    /// Local play over a started service; `updates` is the service's stream of boards pushed
    /// by bots and timers (read here, published to the pages).
    pub fn new(
        svc: Service,
        updates: mpsc::UnboundedReceiver<Update>,
        bot_delay_ms: u32,
        replays: crate::replay::Replays,
    ) -> LocalPlay {
        let hub = Hub::new();
        let local = LocalPlay {
            svc,
            hub,
            channels: Arc::default(),
            bot_delay_ms,
            replays,
        };
        tokio::spawn(local.clone().pump(updates));
        local
    }

    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// The pages and the API.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(pages::index))
            .route("/g/:game", get(game_page))
            .route("/api/games", get(list).post(create))
            .route("/api/games/:game", get(board))
            .route("/api/games/:game/press", post(press))
            .route("/api/games/:game/events", get(events))
            .route("/api/games/:game/boards/:version", get(picture))
            .with_state(self.clone())
            .merge(pages::router())
            .merge(self.replays.router())
    }

    /// Show every board the service pushes (bots, timers): drawn once, published.
    async fn pump(self, mut updates: mpsc::UnboundedReceiver<Update>) {
        while let Some(u) = updates.recv().await {
            if u.message_id.is_none() || u.repost {
                // The board "message" of a page is the game itself: say it is shown, so the
                // service does not ask for a new one again.
                let _ = self
                    .svc
                    .message_posted(u.game, u.channel, u.game as u64)
                    .await;
            }
            let svc = self.svc.clone();
            let Ok((view, svg)) = self
                .svc
                .offload(move || {
                    let svg = u.table.as_deref().and_then(crate::frame::parts_of);
                    (svc.render(&u), svg)
                })
                .await
            else {
                continue;
            };
            self.publish(&view, svg);
        }
    }

    /// Publish a board (with its picture) to the pages; its frame.
    fn publish(
        &self,
        view: &yut_table::view::View,
        svg: Option<crate::frame::Parts>,
    ) -> Option<Frame> {
        let board = |g: i64, v: u64| format!("/api/games/{g}/boards/{v}");
        let url = view
            .png
            .as_ref()
            .and_then(|_| Some(board(view.game?, view.version?)));
        let mut frame = Frame::of_view(view, self.svc.now_ms(), url, true)?;
        // A rematch asks every person to accept in turn: on one screen the page offers
        // "play again" with the same seats instead.
        for row in &mut frame.rows {
            row.retain(|b| {
                !matches!(
                    b.id.parse(),
                    Ok(ButtonId::Game {
                        command: Command::Rematch,
                        ..
                    })
                )
            });
        }
        frame.rows.retain(|r| !r.is_empty());
        let frame = frame.with_parts(svg);
        self.hub.publish(&frame, view.png.clone());
        Some(frame)
    }

    async fn channel_of(&self, game: i64) -> Result<u64, ApiError> {
        if let Some(c) = self.channels.lock().expect("channels").get(&game) {
            return Ok(*c);
        }
        let c = self
            .svc
            .running_games()
            .into_iter()
            .find(|(g, guild, _)| *g == game && *guild == LOCAL_GUILD)
            .map(|(_, _, c)| c);
        match c {
            Some(c) => {
                self.channels.lock().expect("channels").insert(game, c);
                Ok(c)
            }
            None => match self.svc.store().load(game).await {
                Ok(l) if l.row.guild == LOCAL_GUILD => Ok(l.row.channel),
                Ok(_) | Err(yut_store::StoreError::NotFound) => Err(ApiError::not_found()),
                Err(e) => Err(ApiError::problem(Problem::Storage(e), Lang::En)),
            },
        }
    }

    /// Open, seat and start a game.
    pub async fn create_game(&self, req: NewGame) -> Result<i64, ApiError> {
        let lang = req.lang.as_deref().map_or(Lang::En, Lang::from_locale);
        let bad =
            |key: &'static str| ApiError::said(axum::http::StatusCode::BAD_REQUEST, key, lang);
        if !(2..=4).contains(&req.players.len()) {
            return Err(bad("web-error-players"));
        }
        if req.teams && req.players.len() != 4 {
            return Err(bad("web-error-teams"));
        }
        let mut people = Vec::new();
        let mut bots = Vec::new();
        for (i, s) in req.players.iter().enumerate() {
            match s {
                Seat::Person { name } => {
                    let name = name.trim();
                    if name.is_empty() || name.chars().count() > 32 {
                        return Err(bad("web-error-name"));
                    }
                    people.push(Actor::user(FIRST_PERSON + i as u64, name).speaking(lang));
                }
                Seat::Bot { bot } => {
                    let level: Level = bot.parse().map_err(|_| bad("web-error-bot"))?;
                    if !matches!(level, Level::Easy | Level::Normal | Level::Master) {
                        return Err(bad("web-error-bot"));
                    }
                    bots.push(level);
                }
            }
        }
        let Some(host) = people.first().cloned() else {
            return Err(bad("web-error-person"));
        };
        let preset = match req.preset.as_deref().filter(|p| !p.is_empty()) {
            None => None,
            Some(p) => Some(yut_game::Preset::from_word(p).ok_or_else(|| bad("web-error-preset"))?),
        };
        let request = yut_table::open::GameRequest {
            preset,
            house_rules: req.house.clone().filter(|h| !h.trim().is_empty()),
            pieces: None,
            first_to: None,
            teams: req.teams,
            seats: Some(req.players.len() as u8),
            turn_seconds: req.turn_seconds,
            lang,
            bots: 0,
            level: Level::Normal,
            default_turn_seconds: 60,
            bot_delay_ms: self.bot_delay_ms,
            can_thread: false,
        };
        let settings = yut_table::open::settings(&Default::default(), &request)
            .map_err(|e| ApiError::bad(yut_table::open::rules_error(&e, lang)))?;
        let channel = fresh_channel();
        let problem = |p: Problem| ApiError::problem(p, lang);
        let view = self
            .svc
            .create(LOCAL_GUILD, channel, &host, settings)
            .await
            .map_err(problem)?;
        let game = view.game.ok_or_else(ApiError::not_found)?;
        self.channels
            .lock()
            .expect("channels")
            .insert(game, channel);
        let settle = async {
            for p in people.iter().skip(1) {
                self.svc.command(channel, p, Command::Join).await?;
            }
            for level in bots {
                self.svc
                    .command(channel, &host, Command::AddBot { level })
                    .await?;
            }
            self.svc.command(channel, &host, Command::Start).await
        };
        match settle.await {
            Ok(v) => {
                let svg = self.svg_at(channel, v.version).await;
                self.publish(&v, svg);
                Ok(game)
            }
            Err(p) => {
                let msg = p.message(lang);
                let _ = self.svc.command(channel, &host, Command::Stop).await;
                Err(ApiError::bad(msg))
            }
        }
    }

    /// The SVG board of the channel's game at `version` (None if it has moved on already:
    /// the page shows the picture then, and the next board brings its SVG).
    async fn svg_at(&self, channel: u64, version: Option<u64>) -> Option<crate::frame::Parts> {
        let t = self.svc.table(channel).await?;
        if Some(t.version) != version {
            return None;
        }
        self.svc
            .offload(move || crate::frame::parts_of(&t))
            .await
            .ok()
            .flatten()
    }

    /// The person a press from the screen comes from: whoever's turn it is (pass and play);
    /// outside a turn (a finished game's rematch), the host.
    fn actor_at(table: &Table) -> Actor {
        let seat = table.acting().map(|s| &table.seats[s as usize].player);
        let (user, name) = match seat {
            Some(Player::Human { user, name }) => (*user, name.clone()),
            _ => {
                let name = table
                    .seats
                    .iter()
                    .find_map(|s| match &s.player {
                        Player::Human { user, name } if *user == table.host => Some(name.clone()),
                        _ => None,
                    })
                    .unwrap_or_default();
                (table.host, name)
            }
        };
        Actor::user(user, &name).speaking(table.lang())
    }
}

/// A channel number no other local game has (local games are not in Discord's channels).
fn fresh_channel() -> u64 {
    static LAST: Mutex<u64> = Mutex::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64);
    let mut last = LAST.lock().expect("channel lock");
    *last = (*last + 1).max(now);
    *last
}

async fn list(State(local): State<LocalPlay>) -> Json<Vec<GameLine>> {
    let mut lines = Vec::new();
    for (game, guild, channel) in local.svc.running_games() {
        if guild != LOCAL_GUILD {
            continue;
        }
        let Some(t) = local.svc.table(channel).await else {
            continue;
        };
        lines.push(GameLine {
            game,
            url: format!("/g/{game}"),
            players: t
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| s.name(i, t.lang()))
                .collect(),
            playing: t.status.is_active(),
        });
    }
    lines.reverse();
    Json(lines)
}

async fn create(
    State(local): State<LocalPlay>,
    req: Result<Json<NewGame>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Created>, ApiError> {
    let Json(req) = req.map_err(|e| ApiError::bad(e.body_text()))?;
    let game = local.create_game(req).await?;
    Ok(Json(Created {
        game,
        url: format!("/g/{game}"),
    }))
}

/// A game's page: 404 for a game that is not here (its page would only wait for it).
async fn game_page(
    State(local): State<LocalPlay>,
    Path(game): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    let shown = match game.parse::<i64>() {
        Ok(g) if g > 0 => current(&local, g).await,
        _ => Err(ApiError::not_found()),
    };
    match shown {
        Ok(s) => axum::response::Html(pages::game_page(
            &format!("/api/games/{}", s.game),
            "play",
            s.lang,
        ))
        .into_response(),
        Err(e) => e.page(pages::viewer_lang(&headers)),
    }
}

/// The game's board now (published to its pages too).
async fn board(
    State(local): State<LocalPlay>,
    Path(game): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(json_text(current(&local, game).await?.json.clone()))
}

async fn current(local: &LocalPlay, game: i64) -> Result<Arc<crate::hub::Shown>, ApiError> {
    if let Some(s) = local.hub.last(game) {
        return Ok(s);
    }
    let channel = local.channel_of(game).await?;
    let view = local
        .svc
        .board(channel)
        .await
        .map_err(|p| ApiError::problem(p, Lang::En))?;
    if view.game != Some(game) {
        return Err(ApiError::not_found());
    }
    let svg = local.svg_at(channel, view.version).await;
    local.publish(&view, svg);
    local.hub.last(game).ok_or_else(ApiError::not_found)
}

async fn press(
    State(local): State<LocalPlay>,
    Path(game): Path<i64>,
    req: Result<Json<Press>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = req.map_err(|e| ApiError::bad(e.body_text()))?;
    let not_ours = || {
        ApiError::said(
            axum::http::StatusCode::BAD_REQUEST,
            "web-error-button",
            Lang::En,
        )
    };
    let button: ButtonId = req.id.parse().map_err(|_| not_ours())?;
    match &button {
        ButtonId::Game { game: g, .. } if *g == game => {}
        _ => return Err(not_ours()),
    }
    let channel = local.channel_of(game).await?;
    let table = local.svc.table(channel).await;
    let lang = table.as_ref().map_or(Lang::En, |t| t.lang());
    let actor = match &table {
        Some(t) if t.id == game => LocalPlay::actor_at(t),
        // A finished game (a rematch from its last board): its host asks.
        _ => {
            let loaded = yut_table::persist::load(local.svc.store(), game)
                .await
                .map_err(|e| ApiError::problem(Problem::Storage(e), lang))?;
            LocalPlay::actor_at(&loaded.table)
        }
    };
    let answer = local
        .svc
        .press(channel, &actor, button, None)
        .await
        .map_err(|p| ApiError::problem(p, lang))?;
    let (Answer::Edit(view) | Answer::Post(view)) = answer;
    if let Some(g) = view.game {
        local.channels.lock().expect("channels").insert(g, channel);
    }
    let svg = local.svg_at(channel, view.version).await;
    let frame = local.publish(&view, svg).ok_or_else(ApiError::not_found)?;
    Ok(Json(frame).into_response())
}

async fn events(
    State(local): State<LocalPlay>,
    Path(game): Path<i64>,
    ConnectInfo(from): ConnectInfo<std::net::SocketAddr>,
) -> Result<Response, ApiError> {
    current(&local, game).await?;
    Ok(crate::live::stream(&local.hub, game, from.ip()))
}

async fn picture(
    State(local): State<LocalPlay>,
    Path((game, version)): Path<(i64, u64)>,
) -> Result<Response, ApiError> {
    let png = local
        .hub
        .picture(game, version)
        .ok_or_else(ApiError::not_found)?;
    Ok(crate::png_response(png.as_ref().clone()))
}

fn json_text(json: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], json).into_response()
}
