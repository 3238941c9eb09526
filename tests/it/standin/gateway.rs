//! The WebSocket gateway: sessions, IDENTIFY (shards, the identify window), dispatches.

use super::*;

/// How the stand-in answers an IDENTIFY.
pub(super) enum Answer {
    Ready,
    InvalidSession,
    Close(u16, &'static str),
}

impl Session {
    /// Send dispatch `t` with the session's next sequence number; false if it is gone.
    pub(super) fn send(&mut self, t: &str, d: &Value) -> bool {
        self.seq += 1;
        let payload = json!({"op": 0, "t": t, "s": self.seq, "d": d});
        self.tx.send(payload.to_string()).is_ok()
    }
}

impl StandIn {
    pub(super) async fn gateway_session(&self, tcp: tokio::net::TcpStream) {
        let ws = match tokio_tungstenite::accept_async(tcp).await {
            Ok(ws) => ws,
            Err(e) => {
                self.violation(format!("gateway handshake failed: {e}"));
                return;
            }
        };
        let conn = {
            let mut st = self.state.lock().unwrap();
            st.next_conn += 1;
            st.next_conn
        };
        let (mut sink, mut stream) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<String>();
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
        if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
            return;
        }
        let mut identified = false;
        let mut close_code = None;
        loop {
            tokio::select! {
                out = rx.recv() => match out {
                    Some(text) => { if sink.send(WsMessage::Text(text)).await.is_err() { break; } }
                    None => break,
                },
                msg = stream.next() => {
                    // The end of the stream or an error: the peer went away without a close
                    // frame (a killed process).
                    let Some(Ok(msg)) = msg else { break };
                    let text = match msg {
                        WsMessage::Text(t) => t,
                        WsMessage::Close(frame) => {
                            // 1005: a close frame without a code.
                            close_code = Some(frame.map_or(1005, |f| u16::from(f.code)));
                            // Send the closing handshake's answer, which tungstenite queued.
                            let _ = sink.flush().await;
                            break;
                        }
                        _ => continue,
                    };
                    let v: Value = match serde_json::from_str(&text) {
                        Ok(v) => v,
                        Err(e) => { self.violation(format!("gateway: bad JSON {e}")); continue; }
                    };
                    match v["op"].as_u64() {
                        Some(1) => {
                            self.state.lock().unwrap().heartbeats += 1;
                            let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                            if sink.send(WsMessage::Text(ack.to_string())).await.is_err() { break; }
                        }
                        Some(2) => {
                            if identified {
                                self.violation(format!("gateway connection {conn}: a second IDENTIFY"));
                                continue;
                            }
                            match self.identify(conn, &v["d"], &tx) {
                                Answer::Ready => identified = true,
                                Answer::InvalidSession => {
                                    let op9 = json!({"op": 9, "d": false, "s": null, "t": null});
                                    if sink.send(WsMessage::Text(op9.to_string())).await.is_err() { break; }
                                }
                                Answer::Close(code, reason) => {
                                    let frame = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                        code: code.into(),
                                        reason: reason.into(),
                                    };
                                    let _ = sink.send(WsMessage::Close(Some(frame))).await;
                                    break;
                                }
                            }
                        }
                        Some(6) => {
                            // The stand-in keeps no session history: not resumable.
                            self.state.lock().unwrap().resumes += 1;
                            let op9 = json!({"op": 9, "d": false, "s": null, "t": null});
                            if sink.send(WsMessage::Text(op9.to_string())).await.is_err() { break; }
                        }
                        Some(op) => {
                            // Presence updates and the like: accepted, ignored.
                            let _ = op;
                        }
                        None => self.violation(format!("gateway: payload without op: {text}")),
                    }
                }
            }
        }
        let mut st = self.state.lock().unwrap();
        if let Some(i) = st.sessions.iter().position(|s| s.conn == conn) {
            let s = st.sessions.remove(i);
            st.disconnects.push(Disconnect {
                at: Instant::now(),
                session_id: s.session_id,
                shard: s.shard,
                shards: s.shards,
                close_code,
            });
        }
    }

    /// An IDENTIFY on connection `conn`: check it, and answer READY on `tx` unless it is
    /// turned down.
    pub(super) fn identify(
        &self,
        conn: u64,
        d: &Value,
        tx: &mpsc::UnboundedSender<String>,
    ) -> Answer {
        let mut st = self.state.lock().unwrap();
        let st = &mut *st;
        if d["token"].as_str().is_none() {
            violation_in(st, "IDENTIFY without a token".into());
        }
        let intents = d["intents"].as_u64().unwrap_or(0);
        // GUILD_MEMBERS (1<<1), GUILD_PRESENCES (1<<8), MESSAGE_CONTENT (1<<15)
        if intents & ((1 << 1) | (1 << 8) | (1 << 15)) != 0 {
            violation_in(st, format!("privileged intents requested: {intents}"));
        }
        let now = Instant::now();
        let pair = match d.get("shard") {
            None | Some(Value::Null) => Some((0, 1)),
            Some(v) => match v.as_array().map(Vec::as_slice) {
                Some([a, b]) => a
                    .as_u64()
                    .zip(b.as_u64())
                    .and_then(|(a, b)| Some((u32::try_from(a).ok()?, u32::try_from(b).ok()?))),
                _ => None,
            },
        };
        let Some((shard, shards)) = pair else {
            violation_in(st, format!("IDENTIFY with shard {}", d["shard"]));
            return Answer::Close(4010, "Invalid shard.");
        };
        let log = |st: &mut State_, session_id: Option<String>| {
            st.identify_log.push(Identify {
                at: now,
                shard,
                shards,
                session_id,
            })
        };
        if shard >= shards {
            violation_in(st, format!("IDENTIFY as shard [{shard}, {shards}]"));
            log(st, None);
            return Answer::Close(4010, "Invalid shard.");
        }
        let disagree: Vec<String> = st
            .sessions
            .iter()
            .filter(|s| s.shards != shards)
            .map(|s| format!("{} is shard [{}, {}]", s.session_id, s.shard, s.shards))
            .collect();
        if !disagree.is_empty() {
            violation_in(
                st,
                format!("IDENTIFY as shard [{shard}, {shards}] while {disagree:?}"),
            );
        }
        let mc = self.options.max_concurrency;
        let last = st
            .identify_log
            .iter()
            .rev()
            .find(|i| i.session_id.is_some() && i.shard % mc == shard % mc);
        if let Some(last) = last {
            let gap = now - last.at;
            if gap < self.options.identify_window {
                if self.options.invalid_session_on_early_identify {
                    log(st, None);
                    return Answer::InvalidSession;
                }
                let (l, n) = (last.shard, last.shards);
                violation_in(
                    st,
                    format!(
                        "IDENTIFY as shard [{shard}, {shards}] {gap:?} after shard [{l}, {n}]'s, \
                         in rate limit bucket {} of {mc} (< {:?})",
                        shard % mc,
                        self.options.identify_window
                    ),
                );
            }
        }
        let session_id = format!("standin-session-{conn}");
        if let Some(old) = st.session(shard, shards) {
            let older = old.session_id.clone();
            st.duplicate_shards.push(DuplicateShard {
                at: now,
                shard,
                shards,
                older,
                newer: session_id.clone(),
            });
        }
        let ready = json!({
            "v": 10,
            "user": {
                "id": BOT.to_string(), "username": "yutbot", "discriminator": "0",
                "global_name": "Yutbot", "avatar": null, "bot": true,
                "verified": true, "mfa_enabled": false, "flags": 0,
            },
            "guilds": [],
            "session_id": session_id,
            "resume_gateway_url": self.ws_url,
            "shard": [shard, shards],
            "application": {"id": APP.to_string(), "flags": 0},
        });
        match serde_json::from_value::<serenity::model::gateway::Ready>(ready.clone()) {
            Ok(r) => {
                let got = r.shard.map(|s| (s.id.0, s.total));
                if got != Some((shard, shards)) {
                    violation_in(st, format!("stand-in READY's shard reads as {got:?}"));
                }
            }
            Err(e) => violation_in(st, format!("stand-in READY does not parse: {e}")),
        }
        check_dispatch(st, "READY", &ready);
        log(st, Some(session_id.clone()));
        st.identified = true;
        st.identifies += 1;
        st.seq += 1;
        let mut session = Session {
            conn,
            session_id,
            shard,
            shards,
            identified: now,
            seq: 0,
            tx: tx.clone(),
        };
        session.send("READY", &ready);
        st.sessions.push(session);
        Answer::Ready
    }

    /// Send a dispatch to the session Discord would send it to: the newest live session whose
    /// shard is `(guild_id >> 22) % shards`, or shard 0 for an event without a guild. With no
    /// such session it is recorded in `undelivered`.
    pub(super) fn dispatch(&self, t: &str, d: Value) {
        let mut st = self.state.lock().unwrap();
        st.seq += 1;
        check_dispatch(&mut st, t, &d);
        if st.identifies == 0 {
            violation_in(&mut st, format!("dispatch {t} before the bot identified"));
            return;
        }
        let guild = d
            .get("guild_id")
            .and_then(|g| g.as_str())
            .and_then(|g| g.parse::<u64>().ok());
        let target = |shards: u32| guild.map_or(0, |g| shard_of(g, shards));
        let to = st
            .sessions
            .iter_mut()
            .rev()
            .find(|s| s.shard == target(s.shards));
        if let Some(session) = to {
            if session.send(t, &d) {
                return;
            }
        }
        let shards = st
            .sessions
            .last()
            .map(|s| s.shards)
            .or_else(|| {
                st.identify_log
                    .iter()
                    .rev()
                    .find(|i| i.session_id.is_some())
                    .map(|i| i.shards)
            })
            .unwrap_or(self.options.shards);
        st.undelivered.push(Undelivered {
            at: Instant::now(),
            t: t.to_string(),
            guild,
            shard: target(shards),
            shards,
            d,
        });
    }

    /// Wait until a live session holds `shard` of `shards`; the newest such.
    pub async fn wait_session(&self, shard: u32, shards: u32, limit: Duration) -> Session {
        self.wait_for(
            &format!("a session of shard [{shard}, {shards}]"),
            limit,
            |st| st.session(shard, shards).cloned(),
        )
        .await
    }

    /// Sleep until an IDENTIFY of `shard` would come after the identify window of its bucket.
    pub async fn wait_identify_window(&self, shard: u32) {
        let mc = self.options.max_concurrency;
        let last = {
            let st = self.state.lock().unwrap();
            st.identify_log
                .iter()
                .rev()
                .find(|i| i.session_id.is_some() && i.shard % mc == shard % mc)
                .map(|i| i.at)
        };
        if let Some(at) = last {
            let until = at + self.options.identify_window + Duration::from_millis(20);
            tokio::time::sleep_until(until.into()).await;
        }
    }

    pub async fn wait_ready(&self) {
        self.wait_for(
            "READY and command registration",
            Duration::from_secs(20),
            |s| (s.identified && !s.commands.is_empty()).then_some(()),
        )
        .await;
    }
}
