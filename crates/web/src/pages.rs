//! The pages' files, built into the binary (no build step, nothing to install).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

const INDEX: &str = include_str!("../../../assets/web/index.html");
const GAME: &str = include_str!("../../../assets/web/game.html");
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../../../assets/web/app.css"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../assets/web/play.js"),
    ),
    (
        "new.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../assets/web/new.js"),
    ),
];

pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

pub async fn game_page(Path(_game): Path<String>) -> Html<&'static str> {
    Html(GAME)
}

pub async fn asset(Path(file): Path<String>) -> Response {
    match FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, mime, body)) => (
            [
                (header::CONTENT_TYPE, *mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
