//! A server's standings on the web: the leaderboard per mode family and season, and each
//! player's card, in the viewer's language (their browser's), for servers whose admins
//! turned it on (`/yut settings web:standings`). Read-only; its link is signed with the
//! server's link epoch, so `web_revoke` ends it.

use crate::pages::{esc, viewer_lang};
use crate::policy::{self, Policies, Shown};
use crate::sign::Signer;
use crate::ApiError;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use std::sync::{Arc, OnceLock};
use yut_rating::ModeFamily;
use yut_service::Service;
use yut_table::core::Lang;

pub(crate) const KIND: &str = "standings";

/// The link to a server's standings page (`base`: where the pages are reached).
pub fn link(signer: &Signer, base: &str, guild: u64, epoch: i64) -> String {
    let base = base.trim_end_matches('/');
    format!(
        "{base}/standings/{}",
        signer.token(&format!("{KIND}:{epoch}"), guild as i64)
    )
}

/// The standings pages.
#[derive(Clone)]
pub struct StandingsPages {
    signer: Signer,
    svc: Arc<OnceLock<Service>>,
    policies: Policies,
}

#[derive(Debug, Deserialize)]
struct Which {
    family: Option<String>,
    season: Option<String>,
}

impl StandingsPages {
    pub fn new(signer: Signer, svc: Arc<OnceLock<Service>>, policies: Policies) -> StandingsPages {
        StandingsPages {
            signer,
            svc,
            policies,
        }
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/standings/:token", get(board))
            .route("/standings/:token/player/:user", get(card))
            .with_state(self.clone())
    }

    /// The server a token opens, if it shows its standings.
    async fn open(&self, token: &str) -> Result<(u64, Service), ApiError> {
        let guild = policy::subject(token)? as u64;
        let svc = self.svc.get().cloned().ok_or_else(ApiError::starting)?;
        let p = self.policies.get(guild).await?;
        if self.signer.check(&p.kind(KIND), token) != Some(guild as i64) {
            return Err(policy::bad_link());
        }
        if p.shown != Shown::Standings {
            return Err(ApiError::said(
                StatusCode::NOT_FOUND,
                "web-error-no-standings",
                Lang::En,
            ));
        }
        Ok((guild, svc))
    }
}

fn storage(e: yut_store::StoreError) -> ApiError {
    ApiError::problem(yut_service::Problem::Storage(e), Lang::En)
}

async fn board(
    State(s): State<StandingsPages>,
    Path(token): Path<String>,
    Query(which): Query<Which>,
    headers: HeaderMap,
) -> Response {
    let lang = viewer_lang(&headers);
    match board_page(&s, &token, which, lang).await {
        Ok(html) => Html(html).into_response(),
        Err(e) => e.page(lang),
    }
}

async fn board_page(
    s: &StandingsPages,
    token: &str,
    which: Which,
    lang: Lang,
) -> Result<String, ApiError> {
    let (guild, svc) = s.open(token).await?;
    let family = match which.family.as_deref() {
        None | Some("") => None,
        Some(f) => Some(
            f.parse::<ModeFamily>()
                .map_err(|_| ApiError::bad("family is 1v1, 2v2 or ffa".into()))?,
        ),
    };
    let store = svc.store();
    let seasons = store.seasons(guild).await.map_err(storage)?;
    let season = match which.season.filter(|w| !w.is_empty()) {
        Some(w) if seasons.contains(&w) || w == yut_rating::season::ALL_TIME => Some(w),
        Some(_) => return Err(ApiError::bad("no such season".into())),
        None => None,
    };
    let now = svc.now_ms();
    let mut boards = Vec::new();
    for f in family.map_or(ModeFamily::ALL.to_vec(), |f| vec![f]) {
        boards.push(
            store
                .standings(guild, f, season.clone(), now)
                .await
                .map_err(storage)?,
        );
    }
    let text = yut_table::standings::leaderboard_text(&boards, &seasons, lang);
    let here = format!("/standings/{token}");
    let shown_season = boards.first().map(|b| b.season.clone()).unwrap_or_default();
    let mut nav = String::from("<nav class=\"tabs\">");
    let all = yut_text::say(lang, "standings-all-families", &[]);
    nav.push_str(&format!(
        "<a href=\"{here}?season={}\"{}>{}</a>",
        attr(&shown_season),
        if family.is_none() {
            " aria-current=\"page\""
        } else {
            ""
        },
        esc(&all)
    ));
    for f in ModeFamily::ALL {
        let key = match f {
            ModeFamily::OneVsOne => "standings-family-1v1",
            ModeFamily::Teams => "standings-family-teams",
            ModeFamily::FreeForAll => "standings-family-ffa",
        };
        nav.push_str(&format!(
            "<a href=\"{here}?family={}&season={}\"{}>{}</a>",
            f.name(),
            attr(&shown_season),
            if family == Some(f) {
                " aria-current=\"page\""
            } else {
                ""
            },
            esc(&yut_text::say(lang, key, &[]))
        ));
    }
    nav.push_str("</nav>");
    let mut seasons_nav = String::new();
    if !seasons.is_empty() {
        seasons_nav.push_str("<nav class=\"tabs seasons\">");
        for w in &seasons {
            seasons_nav.push_str(&format!(
                "<a href=\"{here}?season={}{}\"{}>{}</a>",
                attr(w),
                family.map_or(String::new(), |f| format!("&family={}", f.name())),
                if *w == shown_season {
                    " aria-current=\"page\""
                } else {
                    ""
                },
                esc(w)
            ));
        }
        seasons_nav.push_str("</nav>");
    }
    // Everyone on the boards, each linked to their card.
    let mut people: Vec<(u64, String)> = Vec::new();
    for b in &boards {
        for r in b.ranked().chain(b.provisional()) {
            if !people.iter().any(|(u, _)| *u == r.user) {
                people.push((r.user, r.name.clone()));
            }
        }
    }
    let mut cards = String::new();
    if !people.is_empty() {
        cards.push_str("<ul class=\"people\">");
        for (u, n) in &people {
            cards.push_str(&format!(
                "<li><a href=\"{here}/player/{u}\">{}</a></li>",
                esc(n)
            ));
        }
        cards.push_str("</ul>");
    }
    Ok(shell(
        lang,
        &format!(
            "{nav}{seasons_nav}<article id=\"standings\">{}</article>{cards}",
            markdown(&text)
        ),
    ))
}

async fn card(
    State(s): State<StandingsPages>,
    Path((token, user)): Path<(String, u64)>,
    headers: HeaderMap,
) -> Response {
    let lang = viewer_lang(&headers);
    let page = async {
        let (guild, svc) = s.open(&token).await?;
        let card = svc
            .store()
            .card(guild, user, svc.now_ms())
            .await
            .map_err(storage)?
            .ok_or_else(|| {
                ApiError::said(StatusCode::NOT_FOUND, "web-error-no-player", Lang::En)
            })?;
        let text = yut_table::standings::card_text(&card, guild, lang);
        Ok::<_, ApiError>(shell(
            lang,
            &format!(
                "<nav class=\"tabs\"><a href=\"/standings/{token}\">←</a></nav><article id=\"card\">{}</article>",
                markdown(&text)
            ),
        ))
    };
    match page.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => e.page(lang),
    }
}

fn shell(lang: Lang, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>{}</title>{}</head><body><header>\
         <h1>윷놀이 <span>Yut Nori</span></h1></header><main class=\"setup standings\"><section>{body}\
         </section></main></body></html>",
        yut_text::code(lang),
        esc(&yut_text::say(lang, "web-standings-title", &[])),
        crate::pages::HEAD_LINKS,
    )
}

fn attr(s: &str) -> String {
    esc(s).replace(' ', "%20")
}

/// Discord's light markdown as the catalog writes it, to HTML: `**bold**`, `__underline__`,
/// `<https://...>` links, lines.
fn markdown(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut h = esc(line);
        for (mark, open, close) in [
            ("**", "<strong>", "</strong>"),
            ("__", "<u>", "</u>"),
            ("*", "<em>", "</em>"),
        ] {
            let n = mark.len();
            while let Some(a) = h.find(mark) {
                let Some(b) = h[a + n..].find(mark) else {
                    break;
                };
                let inner = h[a + n..a + n + b].to_string();
                h = format!("{}{open}{inner}{close}{}", &h[..a], &h[a + n + b + n..]);
            }
        }
        while let Some(a) = h.find("&lt;https://") {
            let Some(b) = h[a..].find("&gt;") else { break };
            let url = h[a + 4..a + b].to_string();
            h = format!("{}<a href=\"{url}\">{url}</a>{}", &h[..a], &h[a + b + 4..]);
        }
        out.push_str(&h);
        out.push_str("<br>\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_escaped_then_marked_up() {
        assert_eq!(
            markdown("**Top** <b>x</b> __1v1__ *new:* <https://discord.com/x>"),
            "<strong>Top</strong> &lt;b&gt;x&lt;/b&gt; <u>1v1</u> <em>new:</em> <a href=\"https://discord.com/x\">https://discord.com/x</a><br>\n"
        );
    }
}
