//! The pages' files, built into the binary (no build step, nothing to install).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

const INDEX: &str = include_str!("../../../assets/web/index.html");
const GAME: &str = include_str!("../../../assets/web/game.html");
const REPLAY: &str = include_str!("../../../assets/web/replay.html");
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
        "replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../assets/web/replay.js"),
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

/// A local game's page (playable).
pub async fn game_page(Path(game): Path<i64>) -> Html<String> {
    Html(
        GAME.replace("{{API}}", &format!("/api/games/{game}"))
            .replace("{{MODE}}", "play"),
    )
}

/// A watched game's page (read-only), its data served under `api`.
pub fn watch_page(api: &str) -> String {
    GAME.replace("{{API}}", api).replace("{{MODE}}", "watch")
}

/// A finished game's replay page, its data served under `api`, in `lang` (`en`, `ko`, `es`).
pub fn replay_page(api: &str, lang: &str) -> String {
    REPLAY.replace("{{API}}", api).replace("{{LANG}}", lang)
}

/// A page that only says what went wrong.
pub fn error_page(message: &str) -> String {
    let escaped: String = message
        .chars()
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            c => c.to_string(),
        })
        .collect();
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>Yut Nori</title><link rel=\"stylesheet\" \
         href=\"/assets/app.css\"></head><body><main class=\"setup\"><section><h1>윷놀이 Yut Nori</h1>\
         <p id=\"error\" role=\"alert\">{escaped}</p></section></main></body></html>"
    )
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
