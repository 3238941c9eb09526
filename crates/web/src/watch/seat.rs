//! A player's seat on the web: a Discord game played from a browser, behind a link signed
//! for one person and one game (`/seat/<user>/<game>-<mac>`, given to that person alone).
//! The page shows the live board as the watch page does, with the buttons; a press goes
//! through [`crate::forward::Presses`], so it is applied by whichever process drives the
//! game, with the same checks as a click on the game's message.

use super::*;
use crate::forward::PressIn;
use axum::routing::post;

#[derive(Debug, serde::Deserialize)]
struct Press {
    id: String,
}

/// The kind of a seat link of `user` (signed with the server's links' epoch).
fn kind(user: u64) -> String {
    format!("seat{user}")
}

impl Watch {
    /// The seat page's link of `user` in a game being played (None where the server shows
    /// nothing on the web, or the game is over).
    pub fn seat_link(&self, t: &Table, user: u64) -> Option<String> {
        if !t.status.is_active() || t.seat_of(user).is_none() {
            return None;
        }
        let p = Some(self.policies.for_links(t.guild)).filter(|p| p.shown != Shown::Off)?;
        Some(format!(
            "{}/seat/{user}/{}",
            self.base_url,
            self.signer.token(&p.kind(&kind(user)), t.id)
        ))
    }

    pub(super) fn seat_router(&self) -> Router {
        Router::new()
            .route("/seat/:user/:token", get(seat_page))
            .route("/api/seat/:user/:token", get(seat_board))
            .route("/api/seat/:user/:token/events", get(seat_events))
            .route("/api/seat/:user/:token/boards/:version", get(seat_picture))
            .route("/api/seat/:user/:token/press", post(seat_press))
            .with_state(self.clone())
    }
}

async fn seat_page(
    State(w): State<Watch>,
    Path((user, token)): Path<(u64, String)>,
    headers: axum::http::HeaderMap,
) -> Response {
    match w.open_as(&token, &kind(user)).await {
        Ok(game) => {
            let lang = w.hub.last(game).map_or("en", |s| s.lang);
            Html(pages::game_page(
                &format!("/api/seat/{user}/{token}"),
                "seat",
                lang,
            ))
            .into_response()
        }
        Err(e) => e.page(pages::viewer_lang(&headers)),
    }
}

async fn seat_board(
    State(w): State<Watch>,
    Path((user, token)): Path<(u64, String)>,
) -> Result<Response, ApiError> {
    let game = w.open_as(&token, &kind(user)).await?;
    let shown = w.hub.last(game).ok_or_else(ApiError::not_found)?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        shown.json.clone(),
    )
        .into_response())
}

async fn seat_events(
    State(w): State<Watch>,
    Path((user, token)): Path<(u64, String)>,
    ConnectInfo(from): ConnectInfo<std::net::SocketAddr>,
) -> Result<Response, ApiError> {
    let game = w.open_as(&token, &kind(user)).await?;
    Ok(live::stream(&w.hub, game, from.ip()))
}

async fn seat_picture(
    State(w): State<Watch>,
    Path((user, token, version)): Path<(u64, String, u64)>,
) -> Result<Response, ApiError> {
    let game = w.open_as(&token, &kind(user)).await?;
    let png = w
        .hub
        .picture(game, version)
        .ok_or_else(ApiError::not_found)?;
    Ok(crate::png_response(png.as_ref().clone()))
}

async fn seat_press(
    State(w): State<Watch>,
    Path((user, token)): Path<(u64, String)>,
    req: Result<axum::Json<Press>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, ApiError> {
    let axum::Json(req) = req.map_err(|e| ApiError::bad(e.body_text()))?;
    let t = w.open_table(&token, &kind(user)).await?;
    let game = t.id;
    let presses = w.presses.get().cloned().ok_or_else(ApiError::starting)?;
    let shown = w.hub.last(game);
    let seat = t.seat_of(user).and_then(|i| t.seats.get(i));
    let name = match seat.map(|s| &s.player) {
        Some(yut_table::core::Player::Human { name, .. }) => name.clone(),
        _ => user.to_string(),
    };
    let lang = seat
        .and_then(|s| s.lang)
        .map(yut_text::code)
        .or(shown.map(|s| s.lang))
        .map(str::to_string);
    let press = PressIn {
        game,
        user,
        name,
        id: req.id,
        lang,
        sent_ms: 0,
    };
    Ok(presses.press(press, Some(&t)).await)
}
