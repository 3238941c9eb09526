//! A community event's page on the web (issue 49): its name and stage, the standings with
//! their tie-breaks explained, each round's pairings and results (every game linked to its
//! live page while it is played, to its replay once it is over), the byes, and each
//! entrant's path round by round (a `<details>` under their name). Server-rendered HTML in
//! the event's language (`?lang=en|ko|es` shows another), no script: while a round is being
//! played the page reloads itself every [`REFRESH_SECONDS`] (`<meta http-equiv=refresh>`),
//! not a live feed as the watch pages have (an event changes once a game ends). Its
//! standings picture (the one the event's message shows, the podium once it is over) is
//! `picture.png` beside it.
//!
//! The link is `/event/<event>-<mac>`, the MAC binding the event's number, its server and
//! the server's link epoch ([`link`]): `/yut settings web_revoke` kills every event link
//! given before, and a link of one event opens no other. Which servers show it: every one
//! whose web setting is not `off` (the default, "live pages and replays", included), as the
//! event's games' own pages are; `web:off` refuses it, even through links given before. The
//! standings page is apart (it asks for `web:standings`): an event is public in its channel
//! already, a server's whole leaderboard is not.

use crate::pages::{esc, viewer_lang};
use crate::policy::{self, Policies, Policy, Shown};
use crate::sign::Signer;
use crate::ApiError;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use std::sync::{Arc, OnceLock};
use yut_event::{EventFormat, Pairing, Run, Stage};
use yut_service::{Problem, Service};
use yut_table::core::Lang;
use yut_text::{say, Arg};

pub(crate) const KIND: &str = "event";
/// The kind the watch pages' links are signed under (`watch.rs`).
const WATCH: &str = "watch";
/// Seconds between the page's reloads while a round is being played.
pub const REFRESH_SECONDS: u32 = 30;

/// The key an event's link is signed under: its server and the server's link epoch.
fn kind(guild: u64, epoch: i64) -> String {
    format!("{KIND}:{guild}:{epoch}")
}

/// The link to event `event`'s page (`base`: where the pages are reached), for server
/// `guild` in link epoch `epoch` (its `web_epoch`).
pub fn link(signer: &Signer, base: &str, event: i64, guild: u64, epoch: i64) -> String {
    let base = base.trim_end_matches('/');
    format!("{base}/event/{}", signer.token(&kind(guild, epoch), event))
}

/// The event pages.
#[derive(Clone)]
pub struct EventPages {
    signer: Signer,
    svc: Arc<OnceLock<Service>>,
    policies: Policies,
}

#[derive(Debug, Deserialize)]
struct Which {
    lang: Option<String>,
}

impl Which {
    /// The language asked for in the address, if one of ours.
    fn lang(&self) -> Option<Lang> {
        self.lang
            .as_deref()
            .filter(|l| yut_text::LANGS.contains(l))
            .map(yut_text::lang_of)
    }
}

/// An event a link opens.
struct Opened {
    run: Run,
    policy: Policy,
    svc: Service,
}

impl EventPages {
    pub fn new(signer: Signer, svc: Arc<OnceLock<Service>>, policies: Policies) -> EventPages {
        EventPages {
            signer,
            svc,
            policies,
        }
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/event/:token", get(page))
            .route("/event/:token/picture.png", get(picture))
            .with_state(self.clone())
    }

    /// The event a token opens, if genuine and its server shows pages.
    async fn open(&self, token: &str) -> Result<Opened, ApiError> {
        let id = policy::subject(token)?;
        let svc = self.svc.get().cloned().ok_or_else(ApiError::starting)?;
        let (row, run) = svc.event(id).await.map_err(|p| match p {
            Problem::NoEvent => policy::bad_link(),
            p => ApiError::problem(p, Lang::En),
        })?;
        let p = self.policies.get(row.guild).await?;
        if self.signer.check(&kind(row.guild, p.epoch), token) != Some(id) {
            return Err(policy::bad_link());
        }
        if p.shown == Shown::Off {
            return Err(policy::off());
        }
        Ok(Opened {
            run,
            policy: p,
            svc,
        })
    }

    /// The links of game `game` of an event: its live page while it is played, its replay
    /// once its result is in.
    fn game_link(&self, p: &Policy, game: i64, over: bool, lang: Lang) -> String {
        let (what, key, class) = if over {
            (crate::replay::KIND, "event-page-replay", "replay")
        } else {
            (WATCH, "event-page-watch", "watch")
        };
        format!(
            "<a class=\"game-link {class}\" href=\"/{what}/{}\">{}</a>",
            self.signer.token(&p.kind(what), game),
            esc(&say(lang, key, &[]))
        )
    }

    /// A pairing's links: a best-of's games already over (their replays, numbered), then
    /// its game being played or its last one.
    fn links(&self, p: &Policy, g: &Pairing, lang: Lang) -> String {
        let mut out = String::new();
        for (i, game) in g.earlier.iter().enumerate() {
            out.push_str(&format!(
                "<a class=\"game-link replay\" href=\"/{what}/{}\">{}</a> ",
                self.signer.token(&p.kind(crate::replay::KIND), *game),
                esc(&say(
                    lang,
                    "event-page-game",
                    &[("n", (i as u32 + 1).into())]
                )),
                what = crate::replay::KIND,
            ));
        }
        if let Some(game) = g.game {
            out.push_str(&self.game_link(p, game, g.result.is_some(), lang));
        }
        out
    }
}

async fn page(
    State(s): State<EventPages>,
    Path(token): Path<String>,
    Query(which): Query<Which>,
    headers: HeaderMap,
) -> Response {
    match s.open(&token).await {
        Ok(o) => {
            let lang = which.lang().unwrap_or(yut_text::lang_of(&o.run.lang));
            (
                [(header::CACHE_CONTROL, "no-cache")],
                Html(render(&s, &o, &token, lang)),
            )
                .into_response()
        }
        Err(e) => e.page(which.lang().unwrap_or_else(|| viewer_lang(&headers))),
    }
}

async fn picture(
    State(s): State<EventPages>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    let Opened { run, svc, .. } = s.open(&token).await?;
    let png = svc
        .offload(move || yut_service::event_picture(&run))
        .await
        .map_err(|e| ApiError::bad(e.to_string()))?;
    // The picture changes as the event goes on: asked again each time.
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        png,
    )
        .into_response())
}

/// An entrant's name (their number if the event does not know them).
fn name_of(run: &Run, id: u64) -> String {
    run.entrant(id)
        .map_or_else(|| id.to_string(), |e| e.name.clone())
}

/// Games won and lost by `id` so far.
fn won_lost(run: &Run, id: u64) -> (u32, u32) {
    let mut wl = (0, 0);
    for g in run.played.iter().flat_map(|r| &r.games) {
        if !g.everyone().contains(&id) {
            continue;
        }
        match g.result {
            Some((w, _)) if w == id => wl.0 += 1,
            Some(_) => wl.1 += 1,
            None => {}
        }
    }
    wl
}

/// The stage in words.
fn stage_text(run: &Run, lang: Lang) -> String {
    match run.stage {
        Stage::SignUp => say(lang, "event-page-stage-sign-up", &[]),
        Stage::Round(n) => say(
            lang,
            "event-page-stage-round",
            &[
                ("round", (n + 1).into()),
                ("rounds", run.rounds_planned().into()),
            ],
        ),
        Stage::Finished => say(lang, "event-page-stage-finished", &[]),
        Stage::Cancelled => say(lang, "event-page-stage-cancelled", &[]),
    }
}

fn stage_class(run: &Run) -> &'static str {
    match run.stage {
        Stage::SignUp => "sign-up",
        Stage::Round(_) => "round",
        Stage::Finished => "finished",
        Stage::Cancelled => "cancelled",
    }
}

/// Pieces home, `mine–theirs` (or the winner's first).
fn score(pieces: [u32; 2], lang: Lang) -> String {
    format!(
        "<span class=\"score\" title=\"{}\">{}–{}</span>",
        esc(&say(lang, "event-page-pieces-home", &[])),
        pieces[0],
        pieces[1]
    )
}

fn render(s: &EventPages, o: &Opened, token: &str, lang: Lang) -> String {
    let run = &o.run;
    let live = matches!(run.stage, Stage::Round(_));
    let here = format!("/event/{token}");
    let mut body = String::new();
    // The languages, each by its own name.
    body.push_str("<nav class=\"tabs langs\">");
    for (code, own) in [("en", "English"), ("ko", "한국어"), ("es", "Español")] {
        let current = if yut_text::code(lang) == code {
            " aria-current=\"page\""
        } else {
            ""
        };
        body.push_str(&format!(
            "<a href=\"{here}?lang={code}\" hreflang=\"{code}\"{current}>{own}</a>"
        ));
    }
    body.push_str("</nav>");
    body.push_str(&summary(run, lang, &here));
    if run.stage == Stage::SignUp || run.played.is_empty() {
        body.push_str(&entrants(run, lang));
    } else {
        body.push_str(&standings(s, o, lang, &here));
        body.push_str(&rounds(s, o, lang));
    }
    if live {
        body.push_str(&format!(
            "<p class=\"refresh\">{}</p>",
            esc(&say(lang, "event-page-refresh", &[]))
        ));
    }
    let refresh = if live {
        format!("<meta http-equiv=\"refresh\" content=\"{REFRESH_SECONDS}\">")
    } else {
        String::new()
    };
    format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\">{refresh}<title>{title}</title>{links}\
         <style>{STYLE}</style></head><body><header><h1>윷놀이 <span>Yut Nori</span></h1></header>\
         <main class=\"setup event\">{body}</main></body></html>",
        code = yut_text::code(lang),
        title = esc(&say(lang, "event-page-title", &[("name", run.name.as_str().into())])),
        links = crate::pages::HEAD_LINKS,
    )
}

/// The event's name, stage and format (and its champion once over).
fn summary(run: &Run, lang: Lang, here: &str) -> String {
    let active = run.entrants.iter().filter(|e| !e.dropped).count() as u32;
    let mut out = format!(
        "<section id=\"event\"><h2 id=\"name\">{}</h2><p><span id=\"stage\" class=\"stage {}\">{}</span> \
         <span class=\"muted\">{}</span></p>",
        esc(&run.name),
        stage_class(run),
        esc(&stage_text(run, lang)),
        esc(&format_text(run, active, lang)),
    );
    if run.stage == Stage::Finished {
        if let Some(top) = run.standings().first() {
            out.push_str(&format!(
                "<p id=\"champion\">{}</p><img id=\"podium\" src=\"{here}/picture.png\" alt=\"{}\">",
                esc(&say(
                    lang,
                    "event-page-champion",
                    &[("name", name_of(run, top.entrant).into())]
                )),
                esc(&say(lang, "event-page-picture", &[])),
            ));
        }
    }
    out.push_str("</section>");
    out
}

/// How the event is played, its rounds and entrants.
fn format_text(run: &Run, entrants: u32, lang: Lang) -> String {
    let key = match run.format {
        EventFormat::Swiss => "event-page-format-swiss",
        EventFormat::Single => "event-page-format-single",
        EventFormat::Double => "event-page-format-double",
        EventFormat::RoundRobin => "event-page-format-robin",
        EventFormat::Tables => "event-page-format-tables",
    };
    let mut out = say(
        lang,
        "event-page-format",
        &[
            ("format", say(lang, key, &[]).into()),
            ("rounds", run.rounds_planned().into()),
            ("count", entrants.into()),
        ],
    );
    if run.best_of > 1 && run.format != EventFormat::Tables {
        out.push_str(" · ");
        out.push_str(&say(
            lang,
            "event-page-best-of",
            &[("games", run.best_of.into())],
        ));
    }
    out
}

/// The others at `g` (one opponent, or a table's others), by name.
fn others(run: &Run, g: &Pairing, id: u64) -> String {
    let names: Vec<String> = g
        .everyone()
        .into_iter()
        .filter(|&e| e != id)
        .map(|e| name_of(run, e))
        .collect();
    names.join(", ")
}

/// Before the first round: who has signed up.
fn entrants(run: &Run, lang: Lang) -> String {
    let mut out = format!(
        "<section id=\"entrants\"><h2>{}</h2>",
        esc(&say(
            lang,
            "event-page-entrants",
            &[("count", (run.entrants.len() as u32).into())]
        ))
    );
    if run.entrants.is_empty() {
        out.push_str(&format!(
            "<p class=\"muted\">{}</p>",
            esc(&say(lang, "event-no-entrants", &[]))
        ));
    } else {
        out.push_str("<ul class=\"entrants\">");
        for e in &run.entrants {
            out.push_str(&format!("<li>{}</li>", esc(&e.name)));
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
    out
}

/// The standings table, each name opening the entrant's path, and the legend.
fn standings(s: &EventPages, o: &Opened, lang: Lang, here: &str) -> String {
    let run = &o.run;
    let w = |k: &str| esc(&say(lang, k, &[]));
    let mut out = format!(
        "<section id=\"standings\"><h2>{}</h2><table class=\"standings\"><thead><tr>\
         <th class=\"num\" scope=\"col\">{}</th><th scope=\"col\">{}</th><th class=\"num\" scope=\"col\">{}</th>\
         <th class=\"num\" scope=\"col\">{}</th><th class=\"num\" scope=\"col\">{}</th><th class=\"num\" scope=\"col\">{}</th>\
         </tr></thead><tbody>",
        w("event-page-standings"),
        w("event-page-col-rank"),
        w("event-page-col-name"),
        w("event-page-col-points"),
        w("event-page-col-record"),
        w("event-page-col-buchholz"),
        w("event-page-col-pieces"),
    );
    let over = run.stage == Stage::Finished;
    for st in run.standings() {
        let (won, lost) = won_lost(run, st.entrant);
        // The podium's places, marked once the event is over.
        let rank = match st.rank {
            r @ 1..=3 if over => format!("<span class=\"medal m{r}\">{r}</span>"),
            r => r.to_string(),
        };
        let dropped = if st.dropped {
            format!(
                " <small class=\"muted\">({})</small>",
                w("event-page-dropped")
            )
        } else {
            String::new()
        };
        out.push_str(&format!(
            "<tr data-entrant=\"{id}\"{cls}><td class=\"num\">{rank}</td><td class=\"name\"><details>\
             <summary>{name}{dropped}</summary>{path}</details></td><td class=\"num pts\">{score}</td>\
             <td class=\"num\">{won}-{lost}</td><td class=\"num\">{bh}</td><td class=\"num\">{pieces}</td></tr>",
            id = st.entrant,
            cls = if st.dropped { " class=\"dropped\"" } else { "" },
            name = esc(&name_of(run, st.entrant)),
            path = path(s, o, st.entrant, lang),
            score = st.score,
            bh = st.buchholz,
            pieces = st.pieces,
        ));
    }
    out.push_str("</tbody></table><ul class=\"legend\">");
    let points = say(
        lang,
        "event-page-legend-points",
        &[
            ("win", run.scoring.win.into()),
            ("bye", run.scoring.bye.into()),
        ],
    );
    for line in [
        esc(&points),
        w("event-page-legend-buchholz"),
        w("event-page-legend-pieces"),
        w("event-page-legend-order"),
    ] {
        out.push_str(&format!("<li>{line}</li>"));
    }
    out.push_str(&format!(
        "</ul><p><a id=\"picture\" href=\"{here}/picture.png\">{}</a></p></section>",
        w("event-page-picture")
    ));
    out
}

/// One entrant's games, round by round: the opponent, the result, the game's link.
fn path(s: &EventPages, o: &Opened, id: u64, lang: Lang) -> String {
    let run = &o.run;
    let mut out = String::from("<ol class=\"path\">");
    let mut any = false;
    for (r, round) in run.played.iter().enumerate() {
        let label = esc(&say(
            lang,
            "event-page-path-round",
            &[("round", (r as u32 + 1).into())],
        ));
        if round.bye == Some(id) {
            any = true;
            out.push_str(&format!(
                "<li><b>{label}</b> {}</li>",
                esc(&say(lang, "event-page-path-bye", &[]))
            ));
        }
        for g in round.games.iter().filter(|g| g.everyone().contains(&id)) {
            any = true;
            let mut other: Arg = others(run, g, id).into();
            let (key, extra) = match (g.result, g.game) {
                (Some((w, pieces)), _) => {
                    let mine = if g.first == id {
                        pieces
                    } else {
                        [pieces[1], pieces[0]]
                    };
                    let key = if w == id {
                        "event-page-path-won"
                    } else {
                        // Lost to the winner (at a table, of the others).
                        other = name_of(run, w).into();
                        "event-page-path-lost"
                    };
                    (key, format!(" · {}", score(mine, lang)))
                }
                (None, Some(_)) => ("event-page-path-playing", String::new()),
                (None, None) => ("event-page-path-waiting", String::new()),
            };
            let link = format!(" {}", s.links(&o.policy, g, lang));
            out.push_str(&format!(
                "<li><b>{label}</b> {}{extra}{link}</li>",
                esc(&say(lang, key, &[("name", other)]))
            ));
        }
    }
    if !any {
        out.push_str(&format!(
            "<li class=\"muted\">{}</li>",
            esc(&say(lang, "event-page-path-empty", &[]))
        ));
    }
    out.push_str("</ol>");
    out
}

/// Every round, the newest first: its games with their results and links, and its bye.
fn rounds(s: &EventPages, o: &Opened, lang: Lang) -> String {
    let run = &o.run;
    let w = |k: &str| esc(&say(lang, k, &[]));
    let mut out = format!("<section id=\"rounds\"><h2>{}</h2>", w("event-page-rounds"));
    let now = run.current().map(|(n, _)| n as usize);
    for (r, round) in run.played.iter().enumerate().rev() {
        out.push_str(&format!(
            "<div class=\"round\" id=\"round-{n}\"><h3>{}{}</h3><ol class=\"games\">",
            esc(&say(
                lang,
                "event-page-round",
                &[("round", (r as u32 + 1).into())]
            )),
            if now == Some(r) {
                format!(
                    " <small class=\"stage round\">{}</small>",
                    w("event-page-round-now")
                )
            } else {
                String::new()
            },
            n = r + 1,
        ));
        for g in &round.games {
            let who = |e: u64| {
                let won = g.result.is_some_and(|(w, _)| w == e);
                format!(
                    "<span class=\"who{}\">{}</span>",
                    if won { " won" } else { "" },
                    esc(&name_of(run, e))
                )
            };
            let state = match (g.result, g.game) {
                // The winner's pieces first.
                (Some((winner, pieces)), _) => format!(
                    "{} · {}",
                    esc(&say(
                        lang,
                        "event-page-won",
                        &[("name", name_of(run, winner).into())]
                    )),
                    score(
                        if winner == g.first {
                            pieces
                        } else {
                            [pieces[1], pieces[0]]
                        },
                        lang
                    )
                ),
                (None, Some(_)) => w("event-page-playing"),
                (None, None) => w("event-page-not-opened"),
            };
            let set_by = g.set_by.as_deref().map_or(String::new(), |why| {
                format!(
                    "<br><small class=\"muted\">{}</small>",
                    esc(&say(lang, "event-page-set-by", &[("why", why.into())]))
                )
            });
            let link = s.links(&o.policy, g, lang);
            out.push_str(&format!(
                "<li class=\"game\"><div class=\"pair\">{}</div>\
                 <div class=\"state\">{state}{set_by}</div><div class=\"links\">{link}</div></li>",
                g.everyone()
                    .into_iter()
                    .map(who)
                    .collect::<Vec<_>>()
                    .join(&format!(
                        " <span class=\"muted\">{}</span> ",
                        w("event-page-vs")
                    )),
            ));
        }
        out.push_str("</ol>");
        if let Some(b) = round.bye {
            out.push_str(&format!(
                "<p class=\"bye\">{}</p>",
                esc(&say(
                    lang,
                    "event-page-bye",
                    &[
                        ("name", name_of(run, b).into()),
                        ("points", run.scoring.bye.into())
                    ]
                ))
            ));
        }
        out.push_str("</div>");
    }
    out.push_str("</section>");
    out
}

/// The page's own look, over the pages' stylesheet (`app.css`).
const STYLE: &str = "\
main.event { grid-template-columns: minmax(0, 1fr); max-width:48rem; }\
main.event > nav.langs { margin:0; justify-content:flex-end; }\
main.event .muted { color:var(--muted); }\
main.event h3 { font-size:1rem; margin:.8rem 0 .4rem; }\
#name { font-size:1.4rem; margin:0 0 .3rem; overflow-wrap:anywhere; }\
.stage { display:inline-block; padding:.1rem .55rem; border-radius:999px; font-weight:600; font-size:.9rem; \
 background:var(--secondary); color:#fff; }\
.stage.round { background:var(--success); } .stage.finished { background:var(--primary); }\
.stage.cancelled { background:var(--danger); }\
#champion { font-size:1.15rem; font-weight:600; margin:.6rem 0; }\
.medal { display:inline-grid; place-items:center; width:1.5rem; height:1.5rem; border-radius:50%; color:#fff; \
 font-weight:700; font-size:.85rem; } .medal.m1 { background:#c9a227; } .medal.m2 { background:#8c969c; } \
.medal.m3 { background:#a8683a; }\
#podium { display:block; width:100%; max-width:36rem; height:auto; border-radius:.4rem; }\
table.standings { width:100%; border-collapse:collapse; font-variant-numeric:tabular-nums; }\
table.standings th, table.standings td { padding:.4rem .3rem; border-bottom:1px solid var(--line); \
 text-align:left; vertical-align:top; }\
table.standings th { font-size:.85rem; color:var(--muted); font-weight:600; }\
table.standings .num { text-align:right; white-space:nowrap; width:1%; }\
table.standings td.pts { font-weight:700; }\
table.standings td.name { overflow-wrap:break-word; } table.standings summary { overflow-wrap:anywhere; }\
main.event:lang(ko) { word-break:keep-all; } span.score { white-space:nowrap; }\
table.standings tr.dropped td { color:var(--muted); }\
table.standings summary { cursor:pointer; font-weight:600; }\
ol.path { list-style:none; margin:.3rem 0 .2rem; padding:0; font-size:.9rem; font-weight:400; }\
ol.path li { margin:.25rem 0; }\
ul.legend { margin:.6rem 0 0; padding-left:1.1rem; font-size:.85rem; color:var(--muted); }\
ul.entrants { columns: 2 10rem; padding-left:1.1rem; }\
ol.games { list-style:none; margin:0; padding:0; }\
li.game { display:grid; grid-template-columns: minmax(0, 1fr) auto; gap:.1rem .6rem; padding:.45rem 0; \
 border-bottom:1px solid var(--line); }\
li.game .pair { overflow-wrap:anywhere; } li.game .who.won { font-weight:700; }\
li.game .state { grid-column:1; font-size:.9rem; color:var(--muted); }\
li.game .links { grid-column:2; grid-row:1 / span 2; align-self:center; display:flex; flex-wrap:wrap; \
 gap:.25rem; justify-content:flex-end; max-width:12rem; }\
a.game-link { display:inline-block; padding:.3rem .6rem; border-radius:.4rem; text-decoration:none; \
 font-size:.85rem; color:#fff; background:var(--primary); white-space:nowrap; }\
a.game-link.watch { background:var(--success); }\
ol.path a.game-link { padding:.1rem .45rem; font-size:.8rem; }\
p.bye { margin:.4rem 0; font-size:.9rem; }\
p.refresh { font-size:.8rem; color:var(--muted); text-align:center; margin:0; }\
@media (min-width: 1000px) { main.event { max-width:76rem; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } \
 main.event > nav.langs, #event, #entrants, p.refresh { grid-column: 1 / -1; } }\
@media (max-width: 720px) { main.event { padding:.6rem; gap:.6rem; } main.event section { padding:.75rem; } \
 table.standings th, table.standings td { padding:.35rem .2rem; } }";
