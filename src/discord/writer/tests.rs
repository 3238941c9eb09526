use super::*;
use reqwest::header::{HeaderMap, HeaderValue};

#[test]
fn limits_come_from_headers_and_the_body_wins_for_retry_after() {
    let mut h = HeaderMap::new();
    h.insert("x-ratelimit-limit", HeaderValue::from_static("5"));
    h.insert("x-ratelimit-remaining", HeaderValue::from_static("0"));
    h.insert("x-ratelimit-reset-after", HeaderValue::from_static("1.250"));
    h.insert("x-ratelimit-bucket", HeaderValue::from_static("abc"));
    h.insert("retry-after", HeaderValue::from_static("3"));
    let l = read_limits(&h, None);
    assert_eq!(l.limit, Some(5));
    assert_eq!(l.remaining, Some(0));
    assert_eq!(l.reset_after, Some(Duration::from_millis(1250)));
    assert_eq!(l.bucket.as_deref(), Some("abc"));
    assert_eq!(l.retry_after, Some(Duration::from_secs(3)));
    assert!(!l.global);
    let body = serde_json::json!({"retry_after": 2.5, "global": true});
    let l = read_limits(&h, Some(&body));
    assert_eq!(l.retry_after, Some(Duration::from_millis(2500)));
    assert!(l.global);
    let mut g = HeaderMap::new();
    g.insert("x-ratelimit-global", HeaderValue::from_static("true"));
    g.insert("retry-after", HeaderValue::from_static("-1"));
    let l = read_limits(&g, None);
    assert!(l.global);
    assert_eq!(l.retry_after, None);
}

#[test]
fn failures_are_classified() {
    assert_eq!(failure(None, 0), Failure::Retry);
    assert_eq!(failure(Some(502), 0), Failure::Retry);
    assert_eq!(failure(Some(404), 10008), Failure::Gone);
    assert_eq!(failure(Some(400), 30046), Failure::Gone);
    assert_eq!(failure(Some(403), 50013), Failure::Forbidden);
    assert_eq!(failure(Some(400), 50035), Failure::Other);
}

#[test]
fn the_window_counts_five_writes_and_chores_leave_a_slot() {
    let t0 = Instant::now();
    let mut ch = Channel::new(1);
    for k in 0..4 {
        ch.sent.push_back(t0 + Duration::from_millis(100 * k));
    }
    // Four in the window: a board may go now, a chore waits for the oldest to leave.
    assert_eq!(ch.free_at(CHANNEL_WRITES - 1, t0), t0);
    assert_eq!(
        ch.free_at(CHANNEL_WRITES - 2, t0),
        t0 + CHANNEL_WINDOW + MARGIN
    );
    ch.sent.push_back(t0 + Duration::from_millis(400));
    assert_eq!(
        ch.free_at(CHANNEL_WRITES - 1, t0),
        t0 + CHANNEL_WINDOW + MARGIN
    );
    ch.until = Some(t0 + Duration::from_secs(9));
    assert_eq!(
        ch.free_at(CHANNEL_WRITES - 1, t0),
        t0 + Duration::from_secs(9)
    );
    ch.prune(t0 + Duration::from_millis(5_200));
    assert_eq!(ch.sent.len(), 3);
}

#[test]
fn boards_coalesce_and_newer_turns_make_old_pings_moot() {
    let stats = WriteStats::default();
    let mut ch = Channel::new(1);
    let view = |v: u64| View {
        version: Some(v),
        ..View::default()
    };
    for v in [3, 5, 4] {
        ch.add(
            Job::Board {
                game: 7,
                view: view(v),
                message_id: Some(10),
                repost: v == 3,
                done: None,
            },
            &stats,
        );
    }
    assert_eq!(ch.boards.len(), 1);
    assert_eq!(ch.boards[0].view.version, Some(5));
    assert!(ch.boards[0].repost, "a repost is kept through coalescing");
    for v in [3, 6] {
        ch.add(
            Job::Ping {
                game: 7,
                version: v,
                user: 1,
                text: "hi".into(),
                due: None,
            },
            &stats,
        );
    }
    assert_eq!(ch.pings.len(), 1);
    assert_eq!(ch.pings[0].version, 6);
    assert_eq!(stats.pings_moot.load(Ordering::Relaxed), 1);
}

#[test]
fn the_stored_pings_in_view_and_a_game_over_decide_what_is_deleted() {
    let stats = WriteStats::default();
    let mut ch = Channel::new(1);
    let row = |message: u64, game: i64, version: u64, token: bool| yut_service::PingRow {
        message,
        game,
        channel: 1,
        version,
        user: 9,
        token: token.then(|| ("t".to_string(), 0)),
    };
    // What a stopped process left: the newest stays in view, older ones go; a hosted
    // game's follow-up is not the channel's to delete.
    ch.in_view(vec![
        row(30, 7, 12, false),
        row(10, 6, 40, false),
        row(20, 7, 9, false),
        row(40, 8, 1, true),
    ]);
    assert_eq!(
        ch.last_ping,
        Some(InView {
            game: 7,
            version: 12,
            message: 30
        })
    );
    let deletes = |ch: &Channel| -> Vec<u64> {
        ch.chores
            .iter()
            .filter_map(|c| match c {
                Chore::Delete(m) => Some(*m),
                _ => None,
            })
            .collect()
    };
    assert_eq!(deletes(&ch), vec![10, 20]);
    // A queued ping of another game stays; the game that ended loses its queued ping and
    // its ping in view, whose deletion is queued once.
    for game in [7, 8] {
        ch.add(
            Job::Ping {
                game,
                version: 13,
                user: 1,
                text: "hi".into(),
                due: None,
            },
            &stats,
        );
    }
    ch.add(Job::Forget { game: 7 }, &stats);
    ch.add(Job::Forget { game: 7 }, &stats);
    assert_eq!(ch.last_ping, None);
    assert_eq!(ch.pings.iter().map(|p| p.game).collect::<Vec<_>>(), [8]);
    assert_eq!(deletes(&ch), vec![10, 20, 30]);
    ch.add(Job::DeletePing { message: 20 }, &stats);
    ch.add(Job::DeletePing { message: 50 }, &stats);
    assert_eq!(deletes(&ch), vec![10, 20, 30, 50]);
}
