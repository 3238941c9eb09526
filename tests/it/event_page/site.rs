//! The web side of a bot without Discord (the watch, replay and event pages on a free port,
//! over a service on the test's database), and an event to show on it: shared by the event
//! page's HTTP test (`tests/it/event_page.rs`) and its Chromium test (`tests/browser/`).

use crate::common::TestDb;
use std::sync::Arc;
use std::time::Duration;
use yut_service::{demo, Clock, Config, EventNews, Service};
use yut_table::core::Lang;
use yut_table::view::NoPainter;
use yut_web::sign::Signer;
use yut_web::watch::Watch;

pub const GUILD: u64 = 7;
pub const SECRET: &[u8] = b"a test secret of enough length";

/// The pages served on a free port.
pub struct Site {
    pub base: String,
    pub svc: Service,
    pub watch: Watch,
    pub signer: Signer,
    stop: tokio::sync::oneshot::Sender<()>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Site {
    pub async fn start(db: &TestDb) -> Site {
        let signer = Signer::new(SECRET);
        let (watch, hooks) = Watch::new(signer.clone(), "http://pages.invalid");
        let config = Config {
            web: Some(hooks),
            ..Config::default()
        };
        let (svc, mut updates) = Service::start(
            db.store().await,
            Arc::new(NoPainter),
            Clock::system(),
            config,
            42,
        )
        .await
        .unwrap();
        tokio::spawn(async move { while updates.recv().await.is_some() {} });
        watch.started(svc.clone()).await;
        let (stop, rx) = tokio::sync::oneshot::channel::<()>();
        let (addr_tx, addr_rx) = tokio::sync::oneshot::channel();
        let served = tokio::spawn(yut_web::serve(
            watch.router(),
            "127.0.0.1:0".parse().unwrap(),
            move |a| {
                let _ = addr_tx.send(a);
            },
            async move {
                let _ = rx.await;
            },
        ));
        let addr = addr_rx.await.expect("the pages listen");
        Site {
            base: format!("http://{addr}"),
            svc,
            watch,
            signer,
            stop,
            served,
        }
    }

    /// The link the Discord edge gives to event `event` of [`GUILD`] in link epoch `epoch`.
    pub fn link(&self, event: i64, epoch: i64) -> String {
        yut_web::event_page::link(&self.signer, &self.base, event, GUILD, epoch)
    }

    /// Change the server's web setting (`None`: the default), seen by the pages at once.
    pub async fn set_web(&self, web: Option<&str>, epoch: i64) {
        let mut d = self.svc.server_defaults(GUILD).await.unwrap();
        d.web = web.map(str::to_string);
        d.web_epoch = epoch;
        self.svc.set_server_defaults(GUILD, &d).await.unwrap();
        self.watch.policies().forget(GUILD);
    }

    pub async fn shutdown(self) {
        let _ = self.stop.send(());
        let _ = self.served.await;
        self.svc.shutdown().await;
    }
}

/// The entrants' names (one to check that names are escaped).
pub const NAMES: [&str; 5] = ["Ahn Jiwoo", "Bea", "Carlos <b>", "Dana", "Eun-ji"];

/// The channel of the first game [`event_in_round_two`] opens (one more for each next game).
const FIRST_CHANNEL: u64 = 20_001;

/// A Swiss event of five (a bye each round) in [`GUILD`], in `lang`: round 1 played to the
/// end (people letting the bot play their turns), round 2 paired, its first game played to
/// the end and its second opened and not played (see [`finish`]). Its number.
pub async fn event_in_round_two(svc: &Service, lang: Lang) -> i64 {
    let event = svc
        .create_event(GUILD, 500, "Seollal Open", 3, 0, lang)
        .await
        .unwrap();
    for (i, name) in NAMES.iter().enumerate() {
        let u = i as u64 + 1;
        svc.event_join(event, u, name, 1500.0 - u as f64)
            .await
            .unwrap();
    }
    for round in 0..2u32 {
        let channels = open_round(svc, event, round, lang).await;
        // Round 2: only its first game is played; the second goes on.
        let played = if round == 0 {
            &channels[..]
        } else {
            &channels[..1]
        };
        play(svc, event, played).await;
    }
    event
}

/// Play [`event_in_round_two`]'s event to its end: round 2's last game, then round 3.
pub async fn finish(svc: &Service, event: i64, lang: Lang) {
    play(svc, event, &[FIRST_CHANNEL + 3]).await;
    let channels = open_round(svc, event, 2, lang).await;
    play(svc, event, &channels).await;
}

/// Pair round `round` (of five entrants: two games and a bye) and open its games, each in a
/// channel of its own: their channels.
async fn open_round(svc: &Service, event: i64, round: u32, lang: Lang) -> Vec<u64> {
    let (n, pairings) = svc.event_start_round(event).await.unwrap();
    assert_eq!((n, pairings.len()), (round, 2), "five entrants: two games");
    let mut channels = Vec::new();
    for (i, p) in pairings.iter().enumerate() {
        let channel = FIRST_CHANNEL + 2 * round as u64 + i as u64;
        let mut s = demo::settings(2, 1, lang);
        s.rules.pieces = yut_game::rules::Pieces::Fixed(2);
        svc.event_open_game(event, round, p.index, channel, s)
            .await
            .unwrap();
        channels.push(channel);
    }
    channels
}

/// Play the games in `channels` to their end (people letting the bot play their turns), their
/// results counted for `event`.
async fn play(svc: &Service, event: i64, channels: &[u64]) {
    let mut news = svc.event_news();
    demo::autoplay(svc, channels, Duration::from_millis(10)).await;
    let mut counted = 0;
    while counted < channels.len() {
        let n = tokio::time::timeout(Duration::from_secs(60), news.recv())
            .await
            .expect("the game's result")
            .unwrap();
        let EventNews::Reported { event: e, .. } = n;
        if e == event {
            counted += 1;
        }
    }
}
