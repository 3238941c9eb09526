//! For operators: `/metrics` in Prometheus' text format, `/healthz` (the process answers) and
//! `/readyz` (it holds every shard it serves, so its games are being played).

use crate::hub::Hub;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::fmt::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use yut_service::Service;

/// More lines for `/metrics` from the layer that runs the service (Discord's writes, 429s,
/// pings): appended as they are, in Prometheus' text format.
pub type Extra = Arc<dyn Fn(&mut String) + Send + Sync>;

/// What `/metrics`, `/healthz` and `/readyz` read.
#[derive(Clone)]
pub struct Ops {
    pub svc: Service,
    pub hub: Option<Arc<Hub>>,
    /// The pages' presses, here and forwarded (where pages can press).
    pub presses: Option<Arc<crate::forward::PressStats>>,
    pub extra: Option<Extra>,
}

impl Ops {
    pub fn router(self) -> Router {
        Router::new()
            .route("/metrics", get(metrics))
            .route("/healthz", get(|| async { "ok\n" }))
            .route("/readyz", get(ready))
            .with_state(self)
    }

    /// Held every shard this process serves (one process: always, once started).
    pub fn is_ready(&self) -> bool {
        self.waiting().is_empty()
    }

    /// The shards this process serves whose lease it does not hold (yet).
    pub fn waiting(&self) -> Vec<u32> {
        let held = self.svc.held_shards().borrow().clone();
        self.svc
            .shards()
            .shards()
            .filter(|s| !held.contains(s))
            .collect()
    }

    /// The metrics, in Prometheus' text format.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let mut one = |name: &str, kind: &str, help: &str, value: f64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        let svc = &self.svc;
        one(
            "yutbot_games_running",
            "gauge",
            "Games with a running actor.",
            svc.running() as f64,
        );
        let c = svc.counters();
        one(
            "yutbot_actions_total",
            "counter",
            "Actions applied and stored (people, bots and timers).",
            c.actions.load(Relaxed) as f64,
        );
        one(
            "yutbot_failed_commits_total",
            "counter",
            "Actions that could not be stored.",
            c.failed_commits.load(Relaxed) as f64,
        );
        one(
            "yutbot_leases_lost_total",
            "counter",
            "Shards let go after another process took them over.",
            c.leases_lost.load(Relaxed) as f64,
        );
        let held = svc.held_shards().borrow().len();
        one(
            "yutbot_shards_served",
            "gauge",
            "Shards this process serves.",
            svc.shards().shards().count() as f64,
        );
        one(
            "yutbot_shards_held",
            "gauge",
            "Shards whose lease this process holds.",
            held as f64,
        );
        one(
            "yutbot_shards_waiting",
            "gauge",
            "Shards this process serves whose lease another process holds (a standby waits).",
            self.waiting().len() as f64,
        );
        let w = svc.store().commit_stats();
        one(
            "yutbot_commit_transactions_total",
            "counter",
            "Transactions of the group-commit writer.",
            w.batches.load(Relaxed) as f64,
        );
        one(
            "yutbot_commit_actions_total",
            "counter",
            "Actions committed by the group-commit writer.",
            w.actions.load(Relaxed) as f64,
        );
        one(
            "yutbot_commit_split_total",
            "counter",
            "Batches that failed whole and were committed one by one.",
            w.split.load(Relaxed) as f64,
        );
        one(
            "yutbot_commit_queued",
            "gauge",
            "Bot and timer actions waiting for the writer.",
            w.queued.load(Relaxed) as f64,
        );
        let f = svc.follow_stats();
        one(
            "yutbot_games_followed_for_others",
            "gauge",
            "Games pages here follow that another process drives (kept current through the database's announcements).",
            f.following.load(Relaxed) as f64,
        );
        one(
            "yutbot_announcements_total",
            "counter",
            "Announcements of games moved on, received from the database (only for games followed here).",
            f.announcements.load(Relaxed) as f64,
        );
        one(
            "yutbot_followed_versions_total",
            "counter",
            "Versions of games driven elsewhere handed to the pages here.",
            f.versions.load(Relaxed) as f64,
        );
        one(
            "yutbot_announcements_reconnects_total",
            "counter",
            "Times the announcements' connection was lost (every followed game read again).",
            f.reconnects.load(Relaxed) as f64,
        );
        if let Some(hub) = &self.hub {
            one(
                "yutbot_web_followers",
                "gauge",
                "Pages following a game live.",
                hub.stats.followers.load(Relaxed) as f64,
            );
            one(
                "yutbot_web_boards_total",
                "counter",
                "Boards published to pages.",
                hub.stats.published.load(Relaxed) as f64,
            );
            one(
                "yutbot_web_boards_skipped_total",
                "counter",
                "Boards a slow page skipped.",
                hub.stats.skipped.load(Relaxed) as f64,
            );
        }
        if let Some(p) = &self.presses {
            one(
                "yutbot_web_press_forward_failed_total",
                "counter",
                "Forwarded presses the driving process did not answer (the person was asked to try again).",
                p.forward_failed.load(Relaxed) as f64,
            );
            one(
                "yutbot_web_press_taken_for_others_total",
                "counter",
                "Presses other processes forwarded here (this process drives their games).",
                p.taken_for_others.load(Relaxed) as f64,
            );
            p.local.write(
                &mut out,
                "yutbot_web_press_seconds",
                "Presses on pages applied by this process (it drives their games): from arrival to the drawn answer.",
            );
            p.forwarded.write(
                &mut out,
                "yutbot_web_press_forwarded_seconds",
                "Presses on pages here forwarded to the process that drives their game: from arrival to its answer.",
            );
        }
        c.clicks.write(
            &mut out,
            "yutbot_click_seconds",
            "People's clicks: from arrival at the service to the stored, drawn answer.",
        );
        if let Some(extra) = &self.extra {
            extra(&mut out);
        }
        out
    }
}

async fn metrics(State(ops): State<Ops>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        ops.text(),
    )
        .into_response()
}

async fn ready(State(ops): State<Ops>) -> Response {
    let waiting = ops.waiting();
    if waiting.is_empty() {
        (StatusCode::OK, "ready\n").into_response()
    } else {
        let list: Vec<String> = waiting.iter().map(u32::to_string).collect();
        (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "not ready: waiting for the leases of shard(s) {} of {} (held by another process)\n",
                list.join(", "),
                ops.svc.shards().count
            ),
        )
            .into_response()
    }
}
