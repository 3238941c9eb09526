//! Messages as the REST routes keep them: request bodies, answers (errors, 429s), injected
//! failures and the per-channel write budget.

use super::*;

/// The descriptions of the attachments a payload lists.
fn alts(v: &Value) -> Vec<String> {
    v.get("attachments")
        .and_then(|a| a.as_array())
        .into_iter()
        .flatten()
        .filter_map(|a| a.get("description").and_then(|d| d.as_str()))
        .map(str::to_string)
        .collect()
}

pub(super) fn message_json(m: &Msg) -> Value {
    let attachments: Vec<Value> = m
        .files
        .iter()
        .enumerate()
        .map(|(i, (name, bytes))| {
            json!({
                "id": (m.id * 10 + i as u64).to_string(),
                "filename": name,
                "size": bytes.len(),
                "url": format!("https://cdn.invalid/{name}"),
                "proxy_url": format!("https://cdn.invalid/{name}"),
                "content_type": "image/png",
            })
        })
        .collect();
    json!({
        "id": m.id.to_string(),
        "channel_id": m.channel.to_string(),
        "author": user(BOT, "Yutbot", true),
        "content": m.content,
        "timestamp": "2026-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": [],
        "pinned": false,
        "type": 0,
        "components": m.components,
        "flags": if m.ephemeral { 64 } else { 0 },
    })
}

pub(super) struct Body_ {
    pub(super) json: Value,
    pub(super) files: Vec<(String, Vec<u8>)>,
}

pub(super) async fn read_body(req: Request) -> Result<Body_, String> {
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if multipart {
        let mut mp = Multipart::from_request(req, &())
            .await
            .map_err(|e| e.to_string())?;
        let mut json = Value::Null;
        let mut files = Vec::new();
        while let Some(field) = mp.next_field().await.map_err(|e| e.to_string())? {
            let name = field.name().unwrap_or("").to_string();
            let filename = field.file_name().map(|s| s.to_string());
            let bytes = field.bytes().await.map_err(|e| e.to_string())?;
            if name == "payload_json" {
                json = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
            } else if name.starts_with("files[") {
                files.push((filename.unwrap_or_default(), bytes.to_vec()));
            } else {
                return Err(format!("unexpected multipart field {name}"));
            }
        }
        Ok(Body_ { json, files })
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 8 << 20)
            .await
            .map_err(|e| e.to_string())?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).map_err(|e| e.to_string())?
        };
        Ok(Body_ {
            json,
            files: Vec::new(),
        })
    }
}

pub(super) fn json_response(status: StatusCode, v: Value) -> Response {
    (
        status,
        [("content-type", "application/json")],
        v.to_string(),
    )
        .into_response()
}

/// A 429 as Discord sends it: `retry_after` in the body (seconds, with decimals) and
/// `Retry-After` (whole seconds, rounded up) in the headers.
fn limited_response(retry_after: f64, bucket: &str) -> Response {
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": (retry_after * 1000.0).ceil() / 1000.0,
        "global": false,
    });
    let mut r = json_response(StatusCode::TOO_MANY_REQUESTS, body);
    let h = r.headers_mut();
    h.insert(
        "retry-after",
        (retry_after.ceil() as u64).to_string().parse().unwrap(),
    );
    h.insert("x-ratelimit-limit", "5".parse().unwrap());
    h.insert("x-ratelimit-remaining", "0".parse().unwrap());
    h.insert(
        "x-ratelimit-reset-after",
        format!("{retry_after:.3}").parse().unwrap(),
    );
    h.insert("x-ratelimit-bucket", bucket.parse().unwrap());
    h.insert("x-ratelimit-scope", "user".parse().unwrap());
    r
}

/// Discord's refusal with its own error code.
pub(super) fn coded_response(status: u16, code: u64, message: &str) -> Response {
    json_response(
        StatusCode::from_u16(status).unwrap(),
        json!({"code": code, "message": message}),
    )
}

pub(super) fn error_response(status: u16) -> Response {
    let (code, message) = match status {
        429 => (0, "You are being rate limited."),
        404 => (10008, "Unknown Message"),
        403 => (50013, "Missing Permissions"),
        _ => (0, "500: Internal Server Error"),
    };
    let mut body = json!({"code": code, "message": message});
    if status == 429 {
        body["retry_after"] = json!(0.3);
        body["global"] = json!(false);
    }
    let mut r = json_response(StatusCode::from_u16(status).unwrap(), body);
    if status == 429 {
        r.headers_mut().insert("retry-after", "1".parse().unwrap());
    }
    r
}

impl StandIn {
    pub fn fail_next_edits(&self, statuses: &[u16]) {
        self.state.lock().unwrap().fail_edits.extend(statuses);
    }

    /// Answer the next message deletions with these statuses (then normal service).
    pub fn fail_next_deletes(&self, statuses: &[u16]) {
        self.state.lock().unwrap().fail_deletes.extend(statuses);
    }

    pub(super) fn new_message(&self, channel: u64, body: &Body_, ephemeral: bool) -> Msg {
        let id = self.next_id();
        let flags = body.json["flags"].as_u64().unwrap_or(0);
        let m = Msg {
            id,
            channel,
            content: body.json["content"].as_str().unwrap_or("").to_string(),
            components: body.json.get("components").cloned().unwrap_or(json!([])),
            files: body.files.clone(),
            ephemeral: ephemeral || flags & 64 != 0,
            edits: 0,
            deleted: false,
            allowed_mentions: body
                .json
                .get("allowed_mentions")
                .cloned()
                .unwrap_or(Value::Null),
            alts: alts(&body.json),
        };
        let mut st = self.state.lock().unwrap();
        st.messages.insert(id, m.clone());
        st.order.push(id);
        // Turn pings in view in this channel (a mention alone, no buttons), at most.
        let live = st
            .messages
            .values()
            .filter(|x| {
                x.channel == channel
                    && !x.deleted
                    && x.content.starts_with("<@")
                    && x.custom_ids().is_empty()
            })
            .count();
        let most = st.most_pings_in_view.entry(channel).or_insert(0);
        *most = (*most).max(live);
        m
    }

    pub(super) fn edit_message(&self, id: u64, body: &Body_) -> Option<Msg> {
        let mut st = self.state.lock().unwrap();
        let m = st.messages.get_mut(&id)?;
        if m.deleted {
            return None;
        }
        if let Some(c) = body.json.get("content").and_then(|c| c.as_str()) {
            m.content = c.to_string();
        }
        if let Some(c) = body.json.get("components") {
            m.components = c.clone();
        }
        // An edit replaces attachments with the ones it lists (new uploads); no list keeps them.
        if let Some(list) = body.json.get("attachments").and_then(|a| a.as_array()) {
            if list.is_empty() || !body.files.is_empty() {
                m.files = body.files.clone();
                m.alts = alts(&body.json);
            }
        }
        m.edits += 1;
        Some(m.clone())
    }
}

impl StandIn {
    /// A write to a channel's messages: injected failures, then the budget (if enforced).
    /// `Ok(headers)` to answer it (with these rate-limit headers), `Err(answer)` to refuse.
    pub(super) fn channel_write(
        &self,
        method: &Method,
        path: &str,
        at: Instant,
    ) -> Result<Option<axum::http::HeaderMap>, Box<Response>> {
        let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let channel = match (method.clone(), parts.as_slice()) {
            (Method::POST, ["channels", ch, "messages"])
            | (Method::PATCH, ["channels", ch, "messages", _])
            | (Method::DELETE, ["channels", ch, "messages", _]) => ch.parse::<u64>().unwrap_or(0),
            _ => return Ok(None),
        };
        let what = format!("{method} {path}");
        let bucket = format!("channel-{channel}");
        let mut st = self.state.lock().unwrap();
        st.writes.push((channel, at, what.clone()));
        if let Some((status, retry_after)) = st.fail_writes.pop_front() {
            st.failed.push((what, status));
            return Err(Box::new(if status == 429 {
                limited_response(retry_after, &bucket)
            } else {
                error_response(status)
            }));
        }
        let Some((limit, per)) = self.options.channel_budget else {
            return Ok(None);
        };
        let window = st.budget.entry(channel).or_insert((at, 0));
        if at >= window.0 + per {
            *window = (at, 0);
        }
        let reset_after = (window.0 + per - at).as_secs_f64();
        if window.1 >= limit {
            st.limited.push((what.clone(), at));
            st.failed.push((what, 429));
            return Err(Box::new(limited_response(reset_after, &bucket)));
        }
        window.1 += 1;
        let mut h = axum::http::HeaderMap::new();
        h.insert("x-ratelimit-limit", limit.to_string().parse().unwrap());
        h.insert(
            "x-ratelimit-remaining",
            (limit - window.1).to_string().parse().unwrap(),
        );
        h.insert(
            "x-ratelimit-reset-after",
            format!("{reset_after:.3}").parse().unwrap(),
        );
        h.insert("x-ratelimit-bucket", bucket.parse().unwrap());
        Ok(Some(h))
    }

    /// Answer the next `n` channel writes with 429, `retry_after` seconds.
    pub fn limit_next_writes(&self, n: usize, retry_after: f64) {
        let mut st = self.state.lock().unwrap();
        for _ in 0..n {
            st.fail_writes.push_back((429, retry_after));
        }
    }

    /// The most writes to `channel` that arrived within any `window`.
    pub fn max_writes_within(&self, channel: u64, window: Duration) -> usize {
        let st = self.state.lock().unwrap();
        let times: Vec<Instant> = st
            .writes
            .iter()
            .filter(|w| w.0 == channel)
            .map(|w| w.1)
            .collect();
        let mut best = 0;
        let mut j = 0;
        for i in 0..times.len() {
            while times[i].duration_since(times[j]) >= window {
                j += 1;
            }
            best = best.max(i - j + 1);
        }
        best
    }
}
