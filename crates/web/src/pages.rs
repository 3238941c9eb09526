//! The pages' files, built into the binary (no build step, nothing to install), and their
//! words: every `web-` key of the catalog (`assets/locales/<lang>/web.ftl`) with the level and
//! preset names, served to the pages as one JSON dictionary per language.

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::sync::OnceLock;
use yut_table::core::Lang;

const INDEX: &str = include_str!("../../../assets/web/index.html");
const GAME: &str = include_str!("../../../assets/web/game.html");
const REPLAY: &str = include_str!("../../../assets/web/replay.html");
const FAVICON: &str = include_str!("../../../assets/web/favicon.svg");
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../../../assets/web/app.css"),
    ),
    (
        "words.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../assets/web/words.js"),
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

/// The catalog's keys a page shows besides its own (`web-...`): the bots' levels and the
/// presets, named as the game names them.
pub const SHARED_KEYS: &[&str] = &[
    "table-level-easy",
    "table-level-normal",
    "table-level-master",
    "view-preset-standard",
    "view-preset-boardgame",
    "view-preset-yunnori",
    "view-preset-nyout",
];

/// What every site of pages serves: the files, the words, the icon.
pub fn router() -> Router {
    Router::new()
        .route("/assets/words/:lang", get(words))
        .route("/assets/:file", get(asset))
        .route("/favicon.svg", get(favicon))
        .route(
            "/favicon.ico",
            get(|| async { Redirect::permanent("/favicon.svg") }),
        )
}

pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// A game's page: playable (`play`, a local game) or read-only (`watch`), its data served
/// under `api`, in `lang` (`en`, `ko`, `es`).
pub fn game_page(api: &str, mode: &str, lang: &str) -> String {
    GAME.replace("{{API}}", api)
        .replace("{{MODE}}", mode)
        .replace("{{LANG}}", lang)
}

/// A finished game's replay page, its data served under `api`, in `lang` (`en`, `ko`, `es`).
pub fn replay_page(api: &str, lang: &str) -> String {
    REPLAY.replace("{{API}}", api).replace("{{LANG}}", lang)
}

/// Text for HTML (and attribute values).
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A page that only says what went wrong, in `lang`.
pub fn error_page(message: &str, lang: Lang) -> String {
    format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>{title}</title>{HEAD_LINKS}</head>\
         <body><main class=\"setup\"><section><h1>윷놀이 Yut Nori</h1>\
         <p id=\"error\" role=\"alert\">{message}</p></section></main></body></html>",
        code = yut_text::code(lang),
        title = esc(&yut_text::say(lang, "web-page-title", &[])),
        message = esc(message),
    )
}

/// The stylesheet and the icon, for pages written here.
pub const HEAD_LINKS: &str = "<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\
     <link rel=\"stylesheet\" href=\"/assets/app.css\">";

/// The viewer's language, from their browser's `Accept-Language` (English if none of ours).
pub fn viewer_lang(headers: &HeaderMap) -> Lang {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("en");
    accept
        .split(',')
        .map(|t| {
            t.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .find(|t| t.starts_with("ko") || t.starts_with("es") || t.starts_with("en"))
        .map_or(Lang::En, |t| Lang::from_locale(&t))
}

/// A language's words for the pages, as a JSON object: key → text, each variable written
/// `{name}` for the page to fill in.
pub fn words_json(code: &str) -> &'static str {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    let all = WORDS.get_or_init(|| {
        yut_text::LANGS
            .iter()
            .map(|code| {
                let mut map = serde_json::Map::new();
                let keys = yut_text::keys(code);
                let page_keys = keys
                    .iter()
                    .map(String::as_str)
                    .filter(|k| k.starts_with("web-"))
                    .chain(SHARED_KEYS.iter().copied());
                for key in page_keys {
                    let vars = yut_text::variables(code, key);
                    let args: Vec<(&str, yut_text::Arg)> = vars
                        .iter()
                        .map(|v| (v.as_str(), yut_text::Arg::Str(format!("{{{v}}}"))))
                        .collect();
                    let text = yut_text::say_in(code, key, &args);
                    map.insert(key.to_string(), serde_json::Value::String(text));
                }
                serde_json::Value::Object(map).to_string()
            })
            .collect()
    });
    let at = yut_text::LANGS.iter().position(|l| *l == code).unwrap_or(0);
    &all[at]
}

async fn words(Path(lang): Path<String>) -> Response {
    if !yut_text::LANGS.contains(&lang.as_str()) {
        return (StatusCode::NOT_FOUND, "no such language").into_response();
    }
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        words_json(&lang),
    )
        .into_response()
}

pub async fn favicon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        FAVICON,
    )
        .into_response()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_viewer_language_comes_from_the_browser() {
        let mut h = HeaderMap::new();
        assert_eq!(viewer_lang(&h), Lang::En);
        h.insert(
            "accept-language",
            "fr-FR,ko;q=0.8,en;q=0.5".parse().unwrap(),
        );
        assert_eq!(viewer_lang(&h), Lang::Ko);
        h.insert("accept-language", "es-419".parse().unwrap());
        assert_eq!(viewer_lang(&h), Lang::Es);
    }

    #[test]
    fn every_language_has_the_same_words_with_their_variables_marked() {
        let dict = |code: &str| -> serde_json::Map<String, serde_json::Value> {
            serde_json::from_str(words_json(code)).unwrap()
        };
        let en = dict("en");
        assert_eq!(en["web-seat"], "Seat {n}");
        assert_eq!(en["table-level-master"], "Master");
        for code in ["ko", "es"] {
            let other = dict(code);
            assert_eq!(
                other.keys().collect::<Vec<_>>(),
                en.keys().collect::<Vec<_>>(),
                "{code}"
            );
        }
        assert_eq!(dict("ko")["table-level-master"], "어려움");
    }
}
