//! The REST routes the bot calls.

use super::*;

pub(super) async fn handle(State(s): State<StandIn>, req: Request) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let auth = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let at = Instant::now();
    let resp = match s.channel_write(&method, &path, at) {
        Ok(headers) => {
            let mut resp = route(&s, method.clone(), &path, auth, req).await;
            if let Some(h) = headers {
                resp.headers_mut().extend(h);
            }
            resp
        }
        Err(refused) => *refused,
    };
    s.state.lock().unwrap().requests.push(Req {
        method,
        path,
        status: resp.status().as_u16(),
        at,
    });
    resp
}

pub(super) async fn route(
    s: &StandIn,
    method: Method,
    path: &str,
    auth: String,
    req: Request,
) -> Response {
    // Discord's CDN: an attached file, fetched without a token.
    if let (true, Some(file)) = (
        method == Method::GET,
        path.strip_prefix("/cdn/attachments/"),
    ) {
        let id: Option<u64> = file.split('/').next().and_then(|i| i.parse().ok());
        let bytes = id.and_then(|i| s.state.lock().unwrap().attachments.get(&i).cloned());
        return match bytes {
            Some(b) => (StatusCode::OK, b).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        };
    }
    let Some(rest) = path.strip_prefix("/api/v10/") else {
        s.violation(format!("{method} {path}: not under /api/v10"));
        return StatusCode::NOT_FOUND.into_response();
    };
    // An Activity's sign-in: the token endpoint (the client's credentials), /users/@me (a
    // person's bearer token), the instance (the bot's token).
    let req = match super::activity::route(s, &method, rest, &auth, req).await {
        Ok(r) => return r,
        Err(req) => req,
    };
    let parts: Vec<&str> = rest.split('/').collect();
    let webhook = parts.first() == Some(&"webhooks") || parts.first() == Some(&"interactions");
    if !webhook && !auth.starts_with("Bot ") {
        s.violation(format!(
            "{method} {path}: no bot token (authorization {auth:?})"
        ));
    }
    let body = match read_body(req).await {
        Ok(b) => b,
        Err(e) => {
            s.violation(format!("{method} {path}: unreadable body: {e}"));
            return StatusCode::BAD_REQUEST.into_response();
        }
    };
    let what = format!("{method} /{rest}");
    // A channel the bot is not in (a group DM, a server without the bot): every channel
    // route is refused; only interactions reach it.
    if let ["channels", ch, ..] = parts.as_slice() {
        let outside = ch
            .parse::<u64>()
            .is_ok_and(|c| s.state.lock().unwrap().user_installed.contains(&c));
        if outside {
            s.state.lock().unwrap().failed.push((what.clone(), 403));
            return coded_response(403, 50001, "Missing Access");
        }
    }
    // A webhook route with a token past its life.
    if let ["webhooks", _, token, ..] = parts.as_slice() {
        let lapsed = s
            .state
            .lock()
            .unwrap()
            .interactions
            .get(*token)
            .is_some_and(|i| i.dispatched.elapsed() > s.options.token_life);
        if lapsed {
            s.state.lock().unwrap().failed.push((what.clone(), 401));
            return coded_response(401, 50027, "Invalid Webhook Token");
        }
    }
    let broken = s.state.lock().unwrap().broken_channel;
    if let (Some(b), ["channels", ch, ..]) = (broken, parts.as_slice()) {
        if *ch == b.to_string() {
            s.state.lock().unwrap().failed.push((what.clone(), 500));
            return error_response(500);
        }
    }
    // An edit: a PATCH, or a click answered with UPDATE_MESSAGE (callback type 7).
    let is_edit = method == Method::PATCH
        || (method == Method::POST
            && parts.first() == Some(&"interactions")
            && parts.last() == Some(&"callback")
            && body.json["type"].as_u64() == Some(7));
    if is_edit {
        let fail = s.state.lock().unwrap().fail_edits.pop_front();
        if let Some(status) = fail {
            s.state.lock().unwrap().failed.push((what.clone(), status));
            return error_response(status);
        }
    }
    match (method.clone(), parts.as_slice()) {
        (Method::GET, ["gateway"]) => json_response(StatusCode::OK, json!({"url": s.ws_url})),
        (Method::GET, ["gateway", "bot"]) => {
            let started = s.state.lock().unwrap().identify_log.len() as u64;
            let v = json!({
                "url": s.ws_url,
                "shards": s.options.shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000u64.saturating_sub(started),
                    "reset_after": 86_400_000,
                    "max_concurrency": s.options.max_concurrency,
                },
            });
            if let Err(e) =
                serde_json::from_value::<serenity::model::gateway::BotGateway>(v.clone())
            {
                s.violation(format!("stand-in GET /gateway/bot does not parse: {e}"));
            }
            json_response(StatusCode::OK, v)
        }
        (Method::GET, ["applications", app, "commands"]) => {
            if *app != APP.to_string() {
                s.violation(format!("{what}: wrong application id"));
            }
            let st = s.state.lock().unwrap();
            let mut out: Vec<Value> = st
                .commands
                .iter()
                .filter(|c| c["type"] != 4)
                .cloned()
                .collect();
            out.extend(st.entry_point.clone());
            json_response(StatusCode::OK, Value::Array(out))
        }
        (Method::PUT, ["applications", app, "guilds", _, "commands"])
        | (Method::PUT, ["applications", app, "commands"]) => {
            if *app != APP.to_string() {
                s.violation(format!("{what}: wrong application id"));
            }
            let mut out = Vec::new();
            let guild = parts.get(2) == Some(&"guilds");
            let sent = body.json.as_array().cloned().unwrap_or_default();
            let entry = sent.iter().find(|c| c["type"] == 4).cloned();
            if guild && entry.is_some() {
                s.violation(format!("{what}: an Entry Point command is global only"));
            }
            if !guild {
                let mut st = s.state.lock().unwrap();
                match (&st.entry_point, &entry) {
                    // Discord's rule once Activities are enabled: the bulk update must keep
                    // the Entry Point command.
                    (Some(_), None) => {
                        st.entry_point_refusals += 1;
                        return json_response(
                            StatusCode::BAD_REQUEST,
                            json!({"code": 50240, "message": "You cannot remove this app's Entry Point command in a bulk update operation"}),
                        );
                    }
                    (_, Some(e)) => {
                        if !matches!(e["handler"].as_u64(), Some(1 | 2)) {
                            drop(st);
                            s.violation(format!(
                                "{what}: an Entry Point command without a handler (1 or 2): {e}"
                            ));
                            return error_response(400);
                        }
                        let mut e = e.clone();
                        let id = st
                            .entry_point
                            .as_ref()
                            .and_then(|k| k["id"].as_str().map(str::to_string))
                            .unwrap_or_else(|| (CMD_ID + 1).to_string());
                        e["id"] = json!(id);
                        e["application_id"] = json!(APP.to_string());
                        e["version"] = json!("1");
                        st.entry_point = Some(e);
                    }
                    (None, None) => {}
                }
            }
            for c in sent.into_iter().filter(|c| c["type"] != 4) {
                let mut v = Vec::new();
                check_top_level(&c, guild, &mut v);
                for x in v {
                    s.violation(format!("{what}: {x}"));
                }
                let mut c = c.clone();
                c["id"] = json!(CMD_ID.to_string());
                c["application_id"] = json!(APP.to_string());
                c["version"] = json!("1");
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
                // Discord answers a context menu with an empty description.
                if c.get("description").is_none() {
                    c["description"] = json!("");
                }
                out.push(c);
            }
            let mut st = s.state.lock().unwrap();
            st.commands = out.clone();
            if !guild {
                out.extend(st.entry_point.clone());
            }
            drop(st);
            json_response(StatusCode::OK, Value::Array(out))
        }
        (Method::POST, ["interactions", _, token, "callback"]) => {
            let inter = s.state.lock().unwrap().interactions.get(*token).cloned();
            let Some(inter) = inter else {
                s.violation(format!("{what}: unknown interaction"));
                return StatusCode::NOT_FOUND.into_response();
            };
            if inter.acked.is_some() {
                s.violation(format!("{what}: interaction answered twice"));
                return error_response(400);
            }
            let elapsed = inter.dispatched.elapsed();
            if elapsed > Duration::from_secs(3) {
                s.violation(format!("{what}: acknowledged after {elapsed:?} (> 3 s)"));
            }
            let kind = body.json["type"].as_u64().unwrap_or(0);
            let mut original = inter.original;
            match kind {
                4 => {
                    let d = Body_ {
                        json: body.json["data"].clone(),
                        files: body.files.clone(),
                    };
                    let mut v = Vec::new();
                    check_payload(&d.json, &d.files, &what, &mut v);
                    for x in v {
                        s.violation(x);
                    }
                    let id = s.new_message(inter.channel, &d, false).id;
                    original = Some(id);
                    if inter.component {
                        // A click answered with a message of its own (a private refusal):
                        // tests read it with the click's follow-ups.
                        s.state
                            .lock()
                            .unwrap()
                            .interactions
                            .get_mut(*token)
                            .unwrap()
                            .followups
                            .push(id);
                    }
                }
                5 => {
                    let d = Body_ {
                        json: json!({"content": "", "flags": body.json["data"]["flags"]}),
                        files: vec![],
                    };
                    original = Some(s.new_message(inter.channel, &d, false).id);
                }
                6 if inter.component => {}
                // LAUNCH_ACTIVITY: Discord's client opens the Activity; nothing is posted.
                12 => {}
                8 => {
                    let choices = body.json["data"]["choices"].clone();
                    let list = choices.as_array().cloned().unwrap_or_default();
                    if list.len() > 25 {
                        s.violation(format!("{what}: {} autocomplete choices", list.len()));
                    }
                    for c in &list {
                        for key in ["name", "value"] {
                            let n = c[key].as_str().map_or(0, |x| x.chars().count());
                            if n == 0 || n > 100 {
                                s.violation(format!(
                                    "{what}: autocomplete choice {key} of {n} characters"
                                ));
                            }
                        }
                    }
                    let mut st = s.state.lock().unwrap();
                    st.interactions.get_mut(*token).unwrap().choices = Some(choices);
                }
                7 if inter.component => {
                    // UPDATE_MESSAGE: the click's answer edits the message the button is on.
                    let d = Body_ {
                        json: body.json["data"].clone(),
                        files: body.files.clone(),
                    };
                    let mut v = Vec::new();
                    check_payload(&d.json, &d.files, &what, &mut v);
                    for x in v {
                        s.violation(x);
                    }
                    let edited = original.and_then(|id| s.edit_message(id, &d));
                    if edited.is_none() {
                        // The message is gone: Discord refuses (the interaction stays open).
                        s.state.lock().unwrap().failed.push((what.clone(), 404));
                        return error_response(404);
                    }
                    let mut st = s.state.lock().unwrap();
                    st.interactions
                        .get_mut(*token)
                        .unwrap()
                        .edited
                        .get_or_insert(elapsed);
                }
                k => s.violation(format!("{what}: callback type {k} for this interaction")),
            }
            let mut st = s.state.lock().unwrap();
            let i = st.interactions.get_mut(*token).unwrap();
            i.acked = Some(elapsed);
            i.callback_type = Some(kind);
            i.original = original;
            StatusCode::NO_CONTENT.into_response()
        }
        (m, ["webhooks", app, token, "messages", which]) => {
            if *app != APP.to_string() {
                s.violation(format!("{what}: wrong application id"));
            }
            let inter = s.state.lock().unwrap().interactions.get(*token).cloned();
            let Some(inter) = inter else {
                s.violation(format!("{what}: unknown token"));
                return error_response(404);
            };
            if inter.acked.is_none() {
                s.violation(format!(
                    "{what}: webhook call before the interaction was acknowledged"
                ));
            }
            let id = if *which == "@original" {
                inter.original
            } else {
                which.parse().ok()
            };
            let Some(id) = id else {
                return error_response(404);
            };
            match m {
                Method::GET => match s.state.lock().unwrap().messages.get(&id) {
                    Some(msg) => json_response(StatusCode::OK, message_json(msg)),
                    None => error_response(404),
                },
                Method::PATCH => {
                    if let Some(i) = s.state.lock().unwrap().interactions.get_mut(*token) {
                        i.edited.get_or_insert(i.dispatched.elapsed());
                    }
                    let mut v = Vec::new();
                    check_payload(&body.json, &body.files, &what, &mut v);
                    for x in v {
                        s.violation(x);
                    }
                    match s.edit_message(id, &body) {
                        Some(msg) => json_response(StatusCode::OK, message_json(&msg)),
                        None => error_response(404),
                    }
                }
                Method::DELETE => {
                    if let Some(m) = s.state.lock().unwrap().messages.get_mut(&id) {
                        m.deleted = true;
                    }
                    StatusCode::NO_CONTENT.into_response()
                }
                _ => {
                    s.violation(format!("{what}: unexpected"));
                    StatusCode::METHOD_NOT_ALLOWED.into_response()
                }
            }
        }
        (Method::POST, ["webhooks", _, token]) => {
            let inter = s.state.lock().unwrap().interactions.get(*token).cloned();
            let Some(inter) = inter else {
                s.violation(format!("{what}: unknown token"));
                return error_response(404);
            };
            if inter.acked.is_none() {
                s.violation(format!("{what}: follow-up before the acknowledgement"));
            }
            if inter.user_only && inter.posted_followups >= 5 {
                s.state.lock().unwrap().failed.push((what.clone(), 400));
                return coded_response(
                    400,
                    40094,
                    "This interaction has hit the maximum number of follow up messages",
                );
            }
            if let Some(i) = s.state.lock().unwrap().interactions.get_mut(*token) {
                i.posted_followups += 1;
            }
            let mut v = Vec::new();
            check_payload(&body.json, &body.files, &what, &mut v);
            for x in v {
                s.violation(x);
            }
            let msg = s.new_message(inter.channel, &body, false);
            s.state
                .lock()
                .unwrap()
                .interactions
                .get_mut(*token)
                .unwrap()
                .followups
                .push(msg.id);
            json_response(StatusCode::OK, message_json(&msg))
        }
        (Method::POST, ["channels", ch, "messages", msg, "threads"]) => {
            let ch: u64 = ch.parse().unwrap_or(0);
            let msg: u64 = msg.parse().unwrap_or(0);
            let name = body.json["name"].as_str().unwrap_or("").to_string();
            let n = name.chars().count();
            if !(1..=100).contains(&n) {
                s.violation(format!("{what}: a thread name of {n} characters"));
                return error_response(400);
            }
            if let Some(d) = body.json.get("auto_archive_duration") {
                if ![60, 1440, 4320, 10080].contains(&d.as_u64().unwrap_or(0)) {
                    s.violation(format!("{what}: auto_archive_duration {d}"));
                }
            }
            let perms = s.app_permissions_in(ch);
            let mut st = s.state.lock().unwrap();
            if st.threads.contains_key(&ch) {
                // Threads do not nest.
                s.violation(format!("{what}: a thread opened inside a thread"));
                drop(st);
                return error_response(400);
            }
            if perms & THREAD_PERMISSIONS != THREAD_PERMISSIONS {
                st.failed.push((what.clone(), 403));
                drop(st);
                return error_response(403);
            }
            if st.messages.get(&msg).is_none_or(|m| m.channel != ch) {
                drop(st);
                return error_response(404);
            }
            if st.threads.contains_key(&msg) {
                drop(st);
                return error_response(400);
            }
            let t = ThreadChannel {
                id: msg,
                parent: ch,
                name,
                archived: false,
                archives: 0,
                unarchives: 0,
            };
            st.threads.insert(msg, t.clone());
            let guild = st
                .channel_guilds
                .get(&ch)
                .copied()
                .unwrap_or(Some(GUILD))
                .unwrap_or(GUILD);
            st.channel_guilds.insert(msg, Some(guild));
            drop(st);
            let v = thread_json(&t, guild);
            if let Err(e) = serde_json::from_value::<serenity::all::GuildChannel>(v.clone()) {
                s.violation(format!("stand-in thread does not parse: {e}"));
            }
            json_response(StatusCode::CREATED, v)
        }
        (Method::PATCH, ["channels", ch]) => {
            let ch: u64 = ch.parse().unwrap_or(0);
            let guild = s.guild_of(ch).unwrap_or(GUILD);
            let mut st = s.state.lock().unwrap();
            let Some(t) = st.threads.get_mut(&ch) else {
                s.violation(format!("{what}: not a thread the bot opened"));
                drop(st);
                return error_response(404);
            };
            match body.json["archived"].as_bool() {
                Some(true) if !t.archived => {
                    t.archived = true;
                    t.archives += 1;
                }
                Some(false) if t.archived => {
                    t.archived = false;
                    t.unarchives += 1;
                }
                _ => {}
            }
            let v = thread_json(t, guild);
            drop(st);
            json_response(StatusCode::OK, v)
        }
        (Method::POST, ["users", "@me", "channels"]) => {
            let Some(user) = body.json["recipient_id"]
                .as_str()
                .and_then(|u| u.parse::<u64>().ok())
                .or_else(|| body.json["recipient_id"].as_u64())
            else {
                s.violation(format!("{what}: no recipient_id in {}", body.json));
                return error_response(400);
            };
            let known = s.state.lock().unwrap().dm_channels.get(&user).copied();
            let id = match known {
                Some(id) => id,
                None => {
                    let id = s.next_id();
                    let mut st = s.state.lock().unwrap();
                    st.dm_channels.insert(user, id);
                    st.channel_guilds.insert(id, None);
                    id
                }
            };
            json_response(
                StatusCode::OK,
                json!({
                    "id": id.to_string(),
                    "type": 1,
                    "last_message_id": null,
                    "flags": 0,
                    "recipients": [user_json(user)],
                }),
            )
        }
        (Method::POST, ["channels", ch, "messages"]) if s.dm_closed(ch) => {
            s.state.lock().unwrap().failed.push((what.clone(), 50007));
            json_response(
                StatusCode::FORBIDDEN,
                json!({"code": 50007, "message": "Cannot send messages to this user"}),
            )
        }
        (Method::POST, ["channels", ch, "messages"]) => {
            let mut v = Vec::new();
            check_payload(&body.json, &body.files, &what, &mut v);
            for x in v {
                s.violation(x);
            }
            let ch: u64 = ch.parse().unwrap_or(0);
            // A message in an archived thread opens it again (as on Discord).
            if let Some(t) = s.state.lock().unwrap().threads.get_mut(&ch) {
                if t.archived {
                    t.archived = false;
                    t.unarchives += 1;
                }
            }
            let msg = s.new_message(ch, &body, false);
            json_response(StatusCode::OK, message_json(&msg))
        }
        (Method::PATCH, ["channels", ch, "messages", id]) => {
            let mut v = Vec::new();
            check_payload(&body.json, &body.files, &what, &mut v);
            for x in v {
                s.violation(x);
            }
            let id: u64 = id.parse().unwrap_or(0);
            let ok = s
                .state
                .lock()
                .unwrap()
                .messages
                .get(&id)
                .is_some_and(|m| m.channel.to_string() == *ch);
            if !ok {
                return error_response(404);
            }
            let archived = ch
                .parse::<u64>()
                .ok()
                .and_then(|c| s.thread(c))
                .is_some_and(|t| t.archived);
            if archived {
                // Discord: 50083, "Thread is archived".
                s.state.lock().unwrap().failed.push((what.clone(), 50083));
                return json_response(
                    StatusCode::BAD_REQUEST,
                    json!({"code": 50083, "message": "Thread is archived"}),
                );
            }
            match s.edit_message(id, &body) {
                Some(msg) => json_response(StatusCode::OK, message_json(&msg)),
                None => error_response(404),
            }
        }
        (Method::DELETE, ["channels", _, "messages", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let fail = s.state.lock().unwrap().fail_deletes.pop_front();
            if let Some(status) = fail {
                s.state.lock().unwrap().failed.push((what.clone(), status));
                return error_response(status);
            }
            if let Some(m) = s.state.lock().unwrap().messages.get_mut(&id) {
                m.deleted = true;
            }
            StatusCode::NO_CONTENT.into_response()
        }
        _ => {
            s.violation(format!("{what}: a route the stand-in does not know"));
            Response::builder()
                .status(404)
                .body(Body::from("{\"code\":0,\"message\":\"404: Not Found\"}"))
                .unwrap()
        }
    }
}
