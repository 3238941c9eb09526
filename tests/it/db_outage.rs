//! A PostgreSQL server that goes away mid-game (the bot reaches it through a TCP proxy that
//! the test cuts): actions are refused with a clear message and change nothing, timers wait,
//! and everything resumes when the server is back, with nothing lost.

use crate::common;

use common::TestDb;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use yut_game::{Phase, Rules};
use yut_service::{Clock, Config, LeaseConfig, Problem, Service};
use yut_store::{Backend, ShardSet, Store};
use yut_table::core::{Actor, Command, Lang, Settings};
use yut_table::persist;
use yut_table::view::{encode, NoPainter};

/// A TCP proxy to the database that can be cut (every connection dropped, new ones closed
/// at once) and restored.
struct Proxy {
    port: u16,
    down: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Proxy {
    async fn start(target: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let down = Arc::new(AtomicBool::new(false));
        let live: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
        let (d, l) = (down.clone(), live.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if d.load(Ordering::SeqCst) {
                    continue; // dropped: the client sees the connection close
                }
                let target = target.clone();
                let task = tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                l.lock().unwrap().push(task);
            }
        });
        Proxy { port, down, live }
    }

    fn cut(&self) {
        self.down.store(true, Ordering::SeqCst);
        for t in self.live.lock().unwrap().drain(..) {
            t.abort();
        }
    }

    fn restore(&self) {
        self.down.store(false, Ordering::SeqCst);
    }
}

fn two_people() -> Settings {
    Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats: 2,
        turn_seconds: 25,
        lang: Lang::En,
        bot_delay_ms: 1200,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_goes_away_refuses_actions_and_resumes() {
    let Some(db) = TestDb::new(Backend::Postgres, "outage").await else {
        return;
    };
    // The test's URL with the proxy's port in place of the server's.
    let (scheme_host, name) = db.url.rsplit_once('/').unwrap();
    let (before_port, port) = scheme_host.rsplit_once(':').unwrap();
    let target = format!("127.0.0.1:{port}");
    let proxy = Proxy::start(target).await;
    let url = format!("{before_port}:{}/{name}", proxy.port);
    let store = Store::open(&url).await.unwrap();
    let (svc, _updates) = Service::start_leased(
        store,
        Arc::new(NoPainter),
        Clock::system(),
        Config::default(),
        3,
        LeaseConfig {
            ttl: Duration::from_secs(2),
            renew: Duration::from_millis(200),
            ..LeaseConfig::new(ShardSet::ALL, "outage-test".into())
        },
    );
    assert!(svc.wait_for_shards(Duration::from_secs(5)).await);
    let (alice, bob) = (Actor::user(1, "Alice"), Actor::user(2, "Bob"));
    let ch = 77;
    svc.create(5 << 22, ch, &alice, two_people()).await.unwrap();
    svc.command(ch, &bob, Command::Join).await.unwrap();
    svc.command(ch, &alice, Command::Start).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.game.as_ref().unwrap().phase(), Phase::Throw);
    let who = if t.acting() == Some(0) { &alice } else { &bob };
    let throw = encode(t.id, t.version, &Command::Throw);

    // The server goes away.
    proxy.cut();
    let t0 = Instant::now();
    let e = svc.click(ch, who, &throw).await.unwrap_err();
    let refused_in = t0.elapsed();
    assert!(matches!(e, Problem::Storage(_)), "{e:?}");
    assert!(
        e.message(Lang::En).contains("nothing changed"),
        "{}",
        e.message(Lang::En)
    );
    assert!(refused_in < Duration::from_secs(5), "{refused_in:?}");
    assert_eq!(svc.table(ch).await.unwrap(), t, "the game is as it was");
    // Longer than the lease: nobody else took over, so the lease is renewed when it is back.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let e = svc.click(ch, who, &throw).await.unwrap_err();
    assert!(matches!(e, Problem::Storage(_)), "{e:?}");

    // It comes back: the same button works, once.
    proxy.restore();
    let start = Instant::now();
    loop {
        match svc.click(ch, who, &throw).await {
            Ok(_) => break,
            Err(Problem::Storage(_)) if start.elapsed() < Duration::from_secs(10) => {
                tokio::time::sleep(Duration::from_millis(200)).await
            }
            Err(e) => panic!("after the outage: {e:?}"),
        }
    }
    assert_eq!(svc.table(ch).await.unwrap().version, t.version + 1);
    assert!(matches!(
        svc.click(ch, who, &throw).await,
        Err(Problem::Stale)
    ));
    // Still this process's game (the lease was kept), stored and replayable.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(svc.running(), 1);
    let direct = Store::open(&db.url).await.unwrap();
    let stored = persist::load(&direct, t.id).await.unwrap().table;
    assert_eq!(stored, *svc.table(ch).await.unwrap());
    let log = persist::log(&direct, t.id).await.unwrap();
    let versions: Vec<u64> = log.iter().map(|e| e.version).collect();
    assert_eq!(versions, (0..=t.version + 1).collect::<Vec<_>>());
    svc.shutdown().await;
    direct.close().await;
    db.cleanup().await;
}
