//! Replays on the web: any finished game, step by step, behind a signed link. The page gets
//! the steps in words with each side's chance to win, and asks for each step's board as it
//! shows it (drawn on demand, the same picture as in Discord); the chart and the record
//! (to check with `yutbot verify`) are served beside them.

use crate::policy::{self, Policies, Shown};
use crate::sign::Signer;
use crate::{pages, png_response, ApiError};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};
use yut_replay::{chart, record::Record, Played};
use yut_service::after::AfterProblem;
use yut_service::Service;
use yut_table::core::Lang;
use yut_table::view::Painter;

pub(crate) const KIND: &str = "replay";
/// Replayed games kept in memory (a page asks for many boards of one game).
const KEPT: usize = 8;

/// Replayed games kept, newest last.
type Kept = Arc<Mutex<VecDeque<(i64, Arc<Played>)>>>;

/// The replay pages.
#[derive(Clone)]
pub struct Replays {
    signer: Signer,
    svc: Arc<OnceLock<Service>>,
    kept: Kept,
    policies: Policies,
}

/// A replay as the page gets it.
#[derive(Debug, Serialize)]
struct ReplayJson {
    game: i64,
    lang: &'static str,
    /// The sides' names, in side order (the chances follow it).
    sides: Vec<String>,
    steps: Vec<StepJson>,
    /// The turning point (the chart's): the action in the turn after which the winner led.
    turning_point: Option<usize>,
    summary: String,
    commitment: Option<String>,
    seed: Option<String>,
    /// The record checked here, in words: all N throws come from the seed, or why not.
    verified: String,
    /// How many throws the check played again (None when it failed).
    throws: Option<usize>,
}

#[derive(Debug, Serialize)]
struct StepJson {
    text: String,
    capture: bool,
    computer: bool,
    /// Each side's chance to win after this step, in percent.
    chances: Vec<u8>,
}

impl Replays {
    pub fn new(signer: Signer, svc: Arc<OnceLock<Service>>, policies: Policies) -> Replays {
        Replays {
            signer,
            svc,
            kept: Arc::default(),
            policies,
        }
    }

    /// The link to a finished game's replay page (None while it is played, or if it never
    /// started); `base` is where the pages are reached ("" for the same server).
    pub fn link(&self, base: &str, t: &yut_table::core::Table) -> Option<yut_table::view::Link> {
        if t.status.is_active() || t.game.is_none() {
            return None;
        }
        let p = Some(self.policies.for_links(t.guild)).filter(|p| p.shown != Shown::Off)?;
        Some(yut_table::view::Link {
            label: yut_text::say(t.lang(), "button-replay-web", &[]),
            url: format!("{base}/replay/{}", self.signer.token(&p.kind(KIND), t.id)),
        })
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/replay/:token", get(page))
            .route("/api/replay/:token", get(steps))
            .route("/api/replay/:token/steps/:i", get(board))
            .route("/api/replay/:token/chart", get(chart_png))
            .route("/api/replay/:token/decisions", get(decisions))
            .route("/api/replay/:token/record", get(record))
            .with_state(self.clone())
    }

    fn service(&self) -> Result<Service, ApiError> {
        self.svc.get().cloned().ok_or_else(ApiError::starting)
    }

    /// A replay's picture or review, drawn or computed in its turn with the boards (see
    /// [`Service::offload`]): pages asked for at once wait rather than take every core.
    async fn offload<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.service()?
            .offload(f)
            .await
            .map_err(|e| ApiError::bad(e.to_string()))
    }

    /// The replayed game a token opens.
    async fn played(&self, token: &str) -> Result<Arc<Played>, ApiError> {
        let game = policy::subject(token)?;
        let svc = self.service()?;
        let row = svc.store().load(game).await.map_err(|e| match e {
            yut_store::StoreError::NotFound => policy::bad_link(),
            e => ApiError::problem(yut_service::Problem::Storage(e), Lang::En),
        })?;
        let p = self.policies.get(row.row.guild).await?;
        if p.shown == Shown::Off {
            return Err(policy::off());
        }
        if self.signer.check(&p.kind(KIND), token) != Some(game) {
            return Err(policy::bad_link());
        }
        if let Some((_, p)) = self
            .kept
            .lock()
            .expect("kept")
            .iter()
            .find(|(g, _)| *g == game)
        {
            return Ok(p.clone());
        }
        let played = yut_service::after::load(&svc, game, row.row.guild)
            .await
            .map_err(|p| {
                let status = match p {
                    AfterProblem::NoSuchGame => StatusCode::NOT_FOUND,
                    AfterProblem::Running | AfterProblem::NotStarted => StatusCode::CONFLICT,
                    _ => StatusCode::SERVICE_UNAVAILABLE,
                };
                let mut e = ApiError::bad(p.message(Lang::En));
                e.status = status;
                e
            })?;
        let played = Arc::new(played);
        let mut kept = self.kept.lock().expect("kept");
        kept.push_back((game, played.clone()));
        while kept.len() > KEPT {
            kept.pop_front();
        }
        Ok(played)
    }
}

async fn page(
    State(r): State<Replays>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    match r.played(&token).await {
        Ok(p) => Html(pages::replay_page(
            &format!("/api/replay/{token}"),
            yut_text::code(p.lang()),
        ))
        .into_response(),
        Err(e) => e.page(pages::viewer_lang(&headers)),
    }
}

async fn steps(
    State(r): State<Replays>,
    Path(token): Path<String>,
) -> Result<Json<ReplayJson>, ApiError> {
    let played = r.played(&token).await?;
    let json = r.offload(move || replay_json(&played)).await?;
    Ok(Json(json))
}

fn replay_json(played: &Played) -> ReplayJson {
    let lang = played.lang();
    let chances = chart::chances(played);
    let t = &played.last;
    let game = played.steps[0].game();
    let mut sides: Vec<String> = Vec::new();
    for (i, s) in t.seats.iter().enumerate() {
        let side = game.side_of(i as u8) as usize;
        if sides.len() <= side {
            sides.resize(side + 1, String::new());
        }
        if sides[side].is_empty() {
            sides[side] = s.name(i, lang);
        } else {
            sides[side] = format!("{} + {}", sides[side], s.name(i, lang));
        }
    }
    let steps = played
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| StepJson {
            text: chart::describe(played, i, lang),
            capture: chart::marks(step)
                .iter()
                .any(|(m, _)| *m == chart::Mark::Capture),
            computer: step.computer,
            chances: chances
                .get(i)
                .map(|c| {
                    c.iter()
                        .map(|p| (p * 100.0).round().clamp(0.0, 100.0) as u8)
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect();
    let record = Record::of(played);
    let checked = yut_replay::record::verify_record(&record);
    let verified = match &checked {
        Ok(n) => yut_text::say(lang, "web-verified", &[("throws", (*n as u32).into())]),
        Err(e) => yut_text::say(lang, "web-not-verified", &[("why", e.to_string().into())]),
    };
    ReplayJson {
        game: t.id,
        lang: yut_text::code(lang),
        sides,
        steps,
        turning_point: chart::turning(played, &chances).map(|t| t.step),
        summary: chart::chart_summary(played, &chances, lang),
        commitment: record.commitment.clone(),
        seed: record.seed.clone(),
        verified,
        throws: checked.ok(),
    }
}

async fn board(
    State(r): State<Replays>,
    Path((token, i)): Path<(String, usize)>,
) -> Result<Response, ApiError> {
    let played = r.played(&token).await?;
    if i >= played.steps.len() {
        return Err(ApiError::not_found());
    }
    let png = r
        .offload(move || yut_table::paint::RenderPainter.paint(&played.steps[i].table, &[]))
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(png_response(png))
}

async fn chart_png(
    State(r): State<Replays>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    let played = r.played(&token).await?;
    let png = r
        .offload(move || {
            let c = chart::chances(&played);
            chart::chart_png(&played, &c, played.lang())
        })
        .await?;
    Ok(png_response(png))
}

async fn record(State(r): State<Replays>, Path(token): Path<String>) -> Result<Response, ApiError> {
    let played = r.played(&token).await?;
    let json = Record::of(&played).to_json();
    let name = format!("attachment; filename=\"yut-game-{}.json\"", played.last.id);
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, name),
        ],
        json,
    )
        .into_response())
}

/// One of a person's costliest decisions, at its step.
#[derive(Debug, Serialize)]
struct DecisionJson {
    name: String,
    step: usize,
    /// Win chance given away, in points.
    lost: f32,
    /// The decision in words: what was played, what Master would have played.
    text: String,
}

/// Each person's costliest decisions (Master looks at every choice they had: slower, so
/// asked apart from the steps).
async fn decisions(
    State(r): State<Replays>,
    Path(token): Path<String>,
) -> Result<Json<Vec<DecisionJson>>, ApiError> {
    let played = r.played(&token).await?;
    let out = r
        .offload(move || {
            let lang = played.lang();
            let mut out = Vec::new();
            for review in yut_replay::review::reviews(&played) {
                let text = yut_replay::review::review_text(&review, played.last.id, lang);
                for (d, line) in review.worst.iter().zip(text.lines().skip(1)) {
                    out.push(DecisionJson {
                        name: review.name.clone(),
                        step: d.step,
                        lost: (d.lost() * 1000.0).round() / 10.0,
                        text: line.replace("**", ""),
                    });
                }
            }
            out
        })
        .await?;
    Ok(Json(out))
}
