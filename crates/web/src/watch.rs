//! Watch live: any game's board as it happens, read-only, behind an unguessable link (see
//! [`crate::sign`]). The service hands over every table it stores; only the games some page
//! follows are drawn, in order, once each however many pages follow them.

use crate::frame::Frame;
use crate::hub::Hub;
use crate::policy::{self, Policies, Shown};
use crate::replay::Replays;
use crate::sign::Signer;
use crate::{live, pages, ApiError};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::{Arc, OnceLock};
use tokio::sync::mpsc;
use yut_service::{Service, Update, WebHooks};
use yut_table::core::Table;
use yut_table::view::Link;

pub mod activity;
mod seat;

const KIND: &str = "watch";

/// A game's tables waiting to be drawn.
type Queue = std::collections::VecDeque<Arc<Table>>;

/// The live pages of a bot's games.
#[derive(Clone)]
pub struct Watch {
    hub: Arc<Hub>,
    signer: Signer,
    /// The address pages are reached at (`WEB_URL`), without a trailing slash.
    base_url: String,
    svc: Arc<OnceLock<Service>>,
    replays: Replays,
    policies: Policies,
    /// The people's ratings in the games pages follow (read when a page opens the game).
    ratings:
        Arc<std::sync::Mutex<std::collections::HashMap<i64, std::collections::HashMap<u64, u32>>>>,
    /// Presses from the seat pages, applied here or by the process that drives the game.
    presses: Arc<OnceLock<crate::forward::Presses>>,
    /// What the Activity's pages did (for `/metrics`).
    pub activity: Arc<activity::ActivityStats>,
}

impl Watch {
    /// The hooks to give the service ([`yut_service::Config::web`]), and the watch pages;
    /// call [`Watch::started`] with the service once it runs.
    pub fn new(signer: Signer, base_url: &str) -> (Watch, WebHooks) {
        let hub = Hub::new();
        let (tx, rx) = mpsc::unbounded_channel::<Arc<Table>>();
        let svc: Arc<OnceLock<Service>> = Arc::default();
        let policies = Policies::new(svc.clone());
        let watch = Watch {
            hub: hub.clone(),
            signer: signer.clone(),
            base_url: base_url.trim_end_matches('/').to_string(),
            svc: svc.clone(),
            replays: Replays::new(signer.clone(), svc, policies.clone()),
            policies: policies.clone(),
            ratings: Arc::default(),
            presses: Arc::default(),
            activity: Arc::default(),
        };
        let url = watch.base_url.clone();
        let replays = watch.replays.clone();
        let hooks = WebHooks {
            // A game being played links to its live page; a finished one to its replay;
            // nothing for a server that shows nothing on the web.
            link: Arc::new(move |t: &Table| {
                if !t.status.is_active() {
                    return replays.link(&url, t);
                }
                let p = Some(policies.for_links(t.guild)).filter(|p| p.shown != Shown::Off)?;
                Some(Link {
                    label: yut_text::say(t.lang(), "button-watch-live", &[]),
                    url: format!("{url}/watch/{}", signer.token(&p.kind(KIND), t.id)),
                })
            }),
            observe: Arc::new({
                let hub = hub.clone();
                move |t: &Arc<Table>| {
                    if hub.followed(t.id) {
                        let _ = tx.send(t.clone());
                    }
                }
            }),
            followed: Arc::new(move |game| hub.followed(game)),
            seat: Arc::new({
                let w = watch.clone();
                move |t: &Table, user| w.seat_link(t, user)
            }),
            // Set by the bot where it has an Activity.
            activity: false,
        };
        tokio::spawn(watch.clone().draw(rx));
        (watch, hooks)
    }

    /// The service is running: pages can open. The running games' servers' settings are
    /// read now, so that their boards have links at once.
    pub async fn started(&self, svc: Service) {
        let guilds: std::collections::BTreeSet<u64> =
            svc.running_games().into_iter().map(|(_, g, _)| g).collect();
        let _ = self.svc.set(svc);
        let _ = self.presses.set(crate::forward::Presses::new(
            self.svc.clone(),
            self.signer.clone(),
        ));
        self.policies.preload(guilds).await;
    }

    pub fn policies(&self) -> &Policies {
        &self.policies
    }

    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// The seat pages' presses (forwarded or taken for other processes), once started.
    pub fn presses(&self) -> Option<&crate::forward::Presses> {
        self.presses.get()
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/watch/:token", get(page))
            .route("/api/watch/:token", get(board))
            .route("/api/watch/:token/events", get(events))
            .route("/api/watch/:token/boards/:version", get(picture))
            .with_state(self.clone())
            .merge(self.seat_router())
            .merge(pages::router())
            .merge(self.replays.router())
            .merge(
                crate::standings::StandingsPages::new(
                    self.signer.clone(),
                    self.svc.clone(),
                    self.policies.clone(),
                )
                .router(),
            )
            .merge(
                crate::event_page::EventPages::new(
                    self.signer.clone(),
                    self.svc.clone(),
                    self.policies.clone(),
                )
                .router(),
            )
    }

    /// Draw the followed games' new tables: each game's in the order they were stored, one
    /// at a time; different games' side by side (the service's offload lanes keep it within
    /// the cores), so a burst of many games' actions is not one queue.
    async fn draw(self, mut rx: mpsc::UnboundedReceiver<Arc<Table>>) {
        let queues: Arc<std::sync::Mutex<std::collections::HashMap<i64, Queue>>> = Arc::default();
        while let Some(t) = rx.recv().await {
            let game = t.id;
            {
                let mut q = queues.lock().expect("draw queues");
                if let Some(waiting) = q.get_mut(&game) {
                    waiting.push_back(t);
                    continue;
                }
                q.insert(game, Queue::new());
            }
            // The game's drawer: this table, then whatever came for the game meanwhile; gone
            // once its queue is empty (checked under the lock, so nothing is left behind).
            let (w, queues) = (self.clone(), queues.clone());
            tokio::spawn(async move {
                let mut next = Some(t);
                while let Some(t) = next {
                    w.show(t).await;
                    let mut q = queues.lock().expect("draw queues");
                    next = q.get_mut(&game).and_then(Queue::pop_front);
                    if next.is_none() {
                        q.remove(&game);
                    }
                }
            });
        }
    }

    async fn show(&self, t: Arc<Table>) {
        let Some(svc) = self.svc.get().cloned() else {
            return;
        };
        // A page follows only games of servers whose policy was read (to open it).
        let Some(p) = self.policies.cached(t.guild) else {
            return;
        };
        let update = Update {
            game: t.id,
            channel: t.channel,
            message_id: None,
            repost: false,
            view: yut_table::view::table_summary(&t),
            table: Some(t),
        };
        let token = self.signer.token(&p.kind(KIND), update.game);
        let now = svc.now_ms();
        let ratings = self
            .ratings
            .lock()
            .expect("ratings")
            .get(&update.game)
            .cloned()
            .unwrap_or_default();
        let Ok((view, svg)) = svc
            .clone()
            .offload(move || {
                let mut svg = update.table.as_deref().and_then(crate::frame::parts_of);
                if let Some(p) = &mut svg {
                    for s in &mut p.seats {
                        s.rating = s.user.and_then(|u| ratings.get(&u).copied());
                    }
                }
                (svc.render(&update), svg)
            })
            .await
        else {
            return;
        };
        let board = view
            .png
            .as_ref()
            .and_then(|_| Some(format!("/api/watch/{token}/boards/{}", view.version?)));
        // With the buttons: the seat pages show them (the watch pages do not).
        if let Some(frame) = Frame::of_view(&view, now, board, true) {
            let frame = frame.with_parts(svg);
            self.hub.publish(&frame, view.png);
        }
    }

    /// The ratings of a game's people in its mode family (none for an unrated mode).
    async fn read_ratings(&self, svc: &Service, t: &Table) {
        let Some(family) = yut_rating::ModeFamily::of(t.seats.len() as u8, t.settings.teams) else {
            return;
        };
        let users: Vec<u64> = t.seats.iter().filter_map(|s| s.player.user()).collect();
        if let Ok(r) = svc
            .store()
            .ratings_now(t.guild, family, users, svc.now_ms())
            .await
        {
            let shown = r.into_iter().map(|(u, r)| (u, r.display())).collect();
            self.ratings.lock().expect("ratings").insert(t.id, shown);
        }
    }

    /// The game a token opens, with its newest board published.
    async fn open(&self, token: &str) -> Result<i64, ApiError> {
        self.open_as(token, KIND).await
    }

    /// The game a token of kind `kind` opens, with its newest board published.
    async fn open_as(&self, token: &str, kind: &str) -> Result<i64, ApiError> {
        Ok(self.open_table(token, kind).await?.id)
    }

    /// [`Watch::open_as`], with the game's table as read (as stored, or running here).
    async fn open_table(&self, token: &str, kind: &str) -> Result<Arc<Table>, ApiError> {
        let game = policy::subject(token)?;
        let svc = self.svc.get().cloned().ok_or_else(ApiError::starting)?;
        let t = svc
            .page_table(game)
            .await
            .map_err(|e| ApiError::problem(e, yut_table::core::Lang::En))?
            .ok_or_else(policy::bad_link)?;
        let p = self.policies.get(t.guild).await?;
        if p.shown == Shown::Off {
            return Err(policy::off());
        }
        if self.signer.check(&p.kind(kind), token) != Some(game) {
            return Err(policy::bad_link());
        }
        self.published(&svc, t).await
    }

    /// The table of `game` (as stored, or running here), its newest board published, for a
    /// page that may see it (the Activity: its people are checked by Discord, not by a link).
    async fn open_game(&self, game: i64) -> Result<Arc<Table>, ApiError> {
        let svc = self.svc.get().cloned().ok_or_else(ApiError::starting)?;
        let t = svc
            .page_table(game)
            .await
            .map_err(|e| ApiError::problem(e, yut_table::core::Lang::En))?
            .ok_or_else(ApiError::not_found)?;
        // The server's settings are read (and kept) for its boards to be drawn.
        self.policies.get(t.guild).await?;
        self.published(&svc, t).await
    }

    /// Follow a game opened by a page: driven by another process, it is kept current here
    /// through the database; its newest board is published if none was.
    async fn published(&self, svc: &Service, t: Arc<Table>) -> Result<Arc<Table>, ApiError> {
        svc.keep_current(t.id);
        if self.hub.last(t.id).is_none() {
            self.read_ratings(svc, &t).await;
            self.show(t.clone()).await;
        }
        Ok(t)
    }
}

async fn page(
    State(w): State<Watch>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    match w.open(&token).await {
        Ok(game) => {
            let lang = w.hub.last(game).map_or("en", |s| s.lang);
            Html(pages::game_page(
                &format!("/api/watch/{token}"),
                "watch",
                lang,
            ))
            .into_response()
        }
        Err(e) => e.page(pages::viewer_lang(&headers)),
    }
}

async fn board(State(w): State<Watch>, Path(token): Path<String>) -> Result<Response, ApiError> {
    let game = w.open(&token).await?;
    let shown = w.hub.last(game).ok_or_else(ApiError::not_found)?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        shown.json.clone(),
    )
        .into_response())
}

async fn events(
    State(w): State<Watch>,
    Path(token): Path<String>,
    ConnectInfo(from): ConnectInfo<std::net::SocketAddr>,
) -> Result<Response, ApiError> {
    let game = w.open(&token).await?;
    Ok(live::stream(&w.hub, game, from.ip()))
}

async fn picture(
    State(w): State<Watch>,
    Path((token, version)): Path<(String, u64)>,
) -> Result<Response, ApiError> {
    let game = w.open(&token).await?;
    let png = w
        .hub
        .picture(game, version)
        .ok_or_else(ApiError::not_found)?;
    Ok(crate::png_response(png.as_ref().clone()))
}
