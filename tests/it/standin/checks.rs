//! Payloads checked against Discord's rules: dispatches, messages, selects, commands.

use super::*;

/// A dispatch must parse as serenity's gateway event, which drops what it cannot parse.
pub(super) fn check_dispatch(st: &mut State_, t: &str, d: &Value) {
    let payload = json!({"op": 0, "t": t, "s": 1, "d": d});
    match serde_json::from_value::<serenity::model::event::GatewayEvent>(payload) {
        Ok(serenity::model::event::GatewayEvent::Dispatch(_, e)) => {
            if let serenity::model::event::Event::Unknown(_) = e {
                violation_in(st, format!("dispatch {t} reads as an unknown event"));
            }
        }
        Ok(other) => violation_in(st, format!("dispatch {t} reads as {other:?}")),
        Err(e) => violation_in(st, format!("dispatch {t} does not parse: {e}")),
    }
}

/// A string select against Discord's limits: a custom_id of 1-100 characters, 1-25 options
/// with labels and values of 1-100 characters, values unique, no more defaults than
/// `max_values` allows, `min_values` <= `max_values` <= the options, a placeholder of at most
/// 150.
fn check_select(m: &Value, what: &str, out: &mut Vec<String>) {
    let id = m["custom_id"].as_str().unwrap_or("");
    if id.is_empty() || id.chars().count() > 100 {
        out.push(format!("{what}: select custom_id {id:?}"));
    }
    let options = m["options"].as_array().cloned().unwrap_or_default();
    if options.is_empty() || options.len() > 25 {
        out.push(format!("{what}: a select of {} options", options.len()));
    }
    let min = m["min_values"].as_u64().unwrap_or(1);
    let max = m["max_values"].as_u64().unwrap_or(1);
    if min > max || max > options.len() as u64 || max > 25 {
        out.push(format!(
            "{what}: select min {min} max {max} of {} options",
            options.len()
        ));
    }
    let mut values = std::collections::HashSet::new();
    let mut defaults = 0;
    for o in &options {
        let (label, value) = (
            o["label"].as_str().unwrap_or(""),
            o["value"].as_str().unwrap_or(""),
        );
        if label.is_empty()
            || label.chars().count() > 100
            || value.is_empty()
            || value.chars().count() > 100
        {
            out.push(format!("{what}: select option {label:?} = {value:?}"));
        }
        if o["description"]
            .as_str()
            .is_some_and(|d| d.chars().count() > 100)
        {
            out.push(format!(
                "{what}: select option {label:?}: description over 100"
            ));
        }
        if !values.insert(value.to_string()) {
            out.push(format!("{what}: select value {value:?} twice"));
        }
        defaults += usize::from(o["default"] == true);
    }
    if defaults as u64 > max {
        out.push(format!(
            "{what}: {defaults} default options for at most {max} values"
        ));
    }
    if m["placeholder"]
        .as_str()
        .is_some_and(|p| p.chars().count() > 150)
    {
        out.push(format!("{what}: placeholder over 150"));
    }
}

/// Check a message payload against Discord's limits.
pub(super) fn check_payload(
    v: &Value,
    files: &[(String, Vec<u8>)],
    what: &str,
    out: &mut Vec<String>,
) {
    if let Some(c) = v.get("content").and_then(|c| c.as_str()) {
        let n = c.chars().count();
        if n > 2000 {
            out.push(format!("{what}: content of {n} characters (> 2000)"));
        }
    }
    let mut board = false;
    if let Some(rows) = v.get("components").and_then(|c| c.as_array()) {
        if rows.len() > 5 {
            out.push(format!("{what}: {} action rows (> 5)", rows.len()));
        }
        for row in rows {
            if row["type"] != 1 {
                out.push(format!(
                    "{what}: a top-level component of type {}",
                    row["type"]
                ));
            }
            let buttons = row["components"].as_array().cloned().unwrap_or_default();
            // A string select (type 3) fills its row alone.
            if buttons.iter().any(|b| b["type"] == 3) {
                if buttons.len() != 1 {
                    out.push(format!(
                        "{what}: a select menu beside {} others",
                        buttons.len() - 1
                    ));
                }
                check_select(&buttons[0], what, out);
                continue;
            }
            if buttons.is_empty() || buttons.len() > 5 {
                out.push(format!("{what}: a row of {} buttons", buttons.len()));
            }
            for b in buttons {
                if b["type"] != 2 {
                    out.push(format!(
                        "{what}: a component of type {} in a row",
                        b["type"]
                    ));
                }
                let id = b["custom_id"].as_str().unwrap_or("");
                let label = b["label"].as_str().unwrap_or("");
                if label.chars().count() > 80 {
                    out.push(format!("{what}: label {label:?} longer than 80"));
                }
                // A link button (style 5) has a url (at most 512 characters) and no
                // custom_id; every other button a custom_id and no url.
                if b["style"].as_u64() == Some(5) {
                    let url = b["url"].as_str().unwrap_or("");
                    if !b["custom_id"].is_null()
                        || !(url.starts_with("http://") || url.starts_with("https://"))
                        || url.len() > 512
                    {
                        out.push(format!(
                            "{what}: a link button with url {url:?} and custom_id {id:?}"
                        ));
                    }
                    continue;
                }
                if id.is_empty() || id.chars().count() > 100 {
                    out.push(format!(
                        "{what}: custom_id {id:?} of {} characters",
                        id.len()
                    ));
                }
                if !(1..=4).contains(&b["style"].as_u64().unwrap_or(0)) {
                    out.push(format!("{what}: button style {}", b["style"]));
                }
                if !b["url"].is_null() {
                    out.push(format!("{what}: a url on a button of style {}", b["style"]));
                }
                if id.ends_with(":auto") {
                    board = true;
                }
            }
        }
    }
    let content = v.get("content").and_then(|c| c.as_str()).unwrap_or("");
    // Boards never mention anyone (player names may contain @everyone); pings are their own.
    let ours = v["components"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|r| r.to_string().contains("\"yut:"));
    let am = v.get("allowed_mentions");
    if ours && am.is_none() {
        out.push(format!("{what}: a board without allowed_mentions"));
    }
    if let Some(parse) = am.and_then(|a| a["parse"].as_array()) {
        if parse.iter().any(|p| p == "everyone" || p == "roles") {
            out.push(format!("{what}: allowed_mentions parses {parse:?}"));
        }
    }
    if content.contains("Final ranking") || content.contains("최종 순위") {
        board = true;
    }
    if board && !files.iter().any(|(_, b)| b.starts_with(b"\x89PNG")) {
        out.push(format!("{what}: a board without its PNG attached"));
    }
    // An attachment's description (alt text) is at most 1,024 characters.
    for a in v
        .get("attachments")
        .and_then(|a| a.as_array())
        .into_iter()
        .flatten()
    {
        if let Some(d) = a.get("description").and_then(|d| d.as_str()) {
            if d.chars().count() > 1024 {
                out.push(format!(
                    "{what}: attachment description of {} characters",
                    d.chars().count()
                ));
            }
        }
    }
    // Every uploaded file is listed in `attachments`.
    if !files.is_empty() {
        let listed = v
            .get("attachments")
            .and_then(|a| a.as_array())
            .map_or(0, |a| a.len());
        if listed < files.len() {
            out.push(format!(
                "{what}: {} files uploaded but {listed} listed in attachments",
                files.len()
            ));
        }
    }
}

/// Discord's rules for a top-level command: where it may be installed (`integration_types`:
/// 0 server, 1 user) and used (`contexts`: 0 server, 1 the bot's DM, 2 group DMs and DMs
/// between users, which only a user install reaches); a user or message command (types 2
/// and 3) has a name of 1-32 characters (spaces and capitals allowed, localized the same
/// way), no description and no options; a slash command (type 1) the rules of
/// [`check_command`]. A guild's commands (`guild`) carry neither `integration_types` nor
/// `contexts`: Discord documents them for global commands only.
pub(super) fn check_top_level(c: &Value, guild: bool, out: &mut Vec<String>) {
    let name = c["name"].as_str().unwrap_or("");
    if guild {
        for key in ["integration_types", "contexts"] {
            if c.get(key).is_some() {
                out.push(format!("{name}: {key} on a guild command"));
            }
        }
    }
    let types: Vec<u64> = c["integration_types"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_else(|| vec![0]);
    let contexts: Vec<u64> = c["contexts"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_else(|| vec![0, 1, 2]);
    if types.is_empty() || types.iter().any(|t| *t > 1) {
        out.push(format!("{name}: integration_types {types:?}"));
    }
    if contexts.is_empty() || contexts.iter().any(|t| *t > 2) {
        out.push(format!("{name}: contexts {contexts:?}"));
    }
    if !guild && contexts.contains(&2) && !types.contains(&1) {
        out.push(format!(
            "{name}: context 2 (private channels) without a user install"
        ));
    }
    match c["type"].as_u64().unwrap_or(1) {
        1 => check_command(c, out),
        2 | 3 => {
            let ok = |n: &str| (1..=32).contains(&n.chars().count()) && n.trim() == n;
            if !ok(name) {
                out.push(format!("context menu name {name:?} is not valid"));
            }
            for (loc, n) in c["name_localizations"].as_object().into_iter().flatten() {
                if !ok(n.as_str().unwrap_or("")) {
                    out.push(format!("{name}: {loc} name {n} is not valid"));
                }
            }
            if c["description"].as_str().is_some_and(|d| !d.is_empty())
                || c["options"].as_array().is_some_and(|o| !o.is_empty())
            {
                out.push(format!(
                    "{name}: a context menu with a description or options"
                ));
            }
        }
        t => out.push(format!("{name}: command type {t}")),
    }
}

/// Discord's rules for an application command (names, descriptions, options, choices).
fn check_command(c: &Value, out: &mut Vec<String>) {
    fn name_ok(n: &str) -> bool {
        let len = n.chars().count();
        (1..=32).contains(&len)
            && n.chars()
                .all(|ch| ch == '-' || ch == '_' || ch.is_alphanumeric())
            && n.to_lowercase() == n
    }
    let name = c["name"].as_str().unwrap_or("");
    if !name_ok(name) {
        out.push(format!("command name {name:?} is not valid"));
    }
    let desc = c["description"].as_str().unwrap_or("");

    if !(1..=100).contains(&desc.chars().count()) {
        out.push(format!(
            "{name}: description of {} characters",
            desc.chars().count()
        ));
    }
    for (loc, n) in c["name_localizations"].as_object().into_iter().flatten() {
        if !name_ok(n.as_str().unwrap_or("")) {
            out.push(format!("{name}: {loc} name {n} is not valid"));
        }
    }
    for (loc, d) in c["description_localizations"]
        .as_object()
        .into_iter()
        .flatten()
    {
        if !(1..=100).contains(&d.as_str().unwrap_or("").chars().count()) {
            out.push(format!(
                "{name}: {loc} description {d} is not 1 to 100 characters"
            ));
        }
    }
    let options = c["options"].as_array().cloned().unwrap_or_default();
    if options.len() > 25 {
        out.push(format!("{name}: {} options (> 25)", options.len()));
    }
    let mut seen_optional = false;
    for o in &options {
        if o.get("integration_types").is_some() || o.get("contexts").is_some() {
            out.push(format!(
                "{name}: an option or subcommand with integration_types or contexts"
            ));
        }
        check_command(o, out);
        if o["required"].as_bool().unwrap_or(false) && seen_optional {
            out.push(format!("{name}: a required option after an optional one"));
        }
        if !o["required"].as_bool().unwrap_or(false) {
            seen_optional = true;
        }
        let choices = o["choices"].as_array().cloned().unwrap_or_default();
        if choices.len() > 25 {
            out.push(format!("{name}: {} choices (> 25)", choices.len()));
        }
        for ch in choices {
            let n = ch["name"].as_str().unwrap_or("");
            if !(1..=100).contains(&n.chars().count()) {
                out.push(format!("{name}: choice name {n:?}"));
            }
        }
    }
}
