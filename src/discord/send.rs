//! A platform-neutral [`View`] as Discord messages, and the pump that shows the service's
//! board updates: edit the game message, retry on 5xx/429, repost when the message is gone or
//! too old, report missing permissions.

use crate::table::service::{Service, Update};
use crate::table::{Lang, Style, View};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EditMessage, Http,
    HttpError, MessageId,
};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// File name of the board picture.
pub const BOARD_FILE: &str = "board.png";
/// Discord's limit on message content.
pub const MAX_CONTENT: usize = 2000;

/// The message text: the view's text and, while an action is due, a live countdown.
pub fn content(view: &View) -> String {
    let mut deadline = String::new();
    if let Some(ms) = view.deadline_ms {
        deadline = format!("\n⏳ <t:{}:R>", ms.div_euclid(1000));
    }
    let room = MAX_CONTENT - deadline.chars().count();
    let mut text = view.text.clone();
    if text.chars().count() > room {
        text = text.chars().take(room - 1).collect::<String>() + "…";
    }
    text + &deadline
}

fn style(s: Style) -> ButtonStyle {
    match s {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Success => ButtonStyle::Success,
        Style::Danger => ButtonStyle::Danger,
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        s.chars().take(max - 1).collect::<String>() + "…"
    }
}

/// The view's buttons as action rows (at most 5 rows of 5; labels at most 80 characters).
pub fn components(view: &View) -> Vec<CreateActionRow> {
    view.rows
        .iter()
        .take(5)
        .filter(|r| !r.is_empty())
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .take(5)
                    .map(|b| {
                        CreateButton::new(b.custom_id.clone())
                            .label(truncate(&b.label, 80))
                            .style(style(b.style))
                            .disabled(b.disabled)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Board messages mention nobody (names may contain `@everyone`); pings are separate.
pub fn no_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new().empty_users().empty_roles()
}

fn attachment(view: &View) -> Option<CreateAttachment> {
    view.png.as_ref().map(|png| {
        let a = CreateAttachment::bytes(png.clone(), BOARD_FILE);
        match &view.alt {
            // The view keeps it within Discord's 1,024 characters.
            Some(alt) => a.description(alt.clone()),
            None => a,
        }
    })
}

/// A new message showing the view.
pub fn create_message(view: &View) -> CreateMessage {
    let mut m = CreateMessage::new()
        .content(content(view))
        .components(components(view))
        .allowed_mentions(no_mentions());
    if let Some(a) = attachment(view) {
        m = m.add_file(a);
    }
    m
}

/// An edit showing the view; the PNG is attached again (an edit replaces attachments).
pub fn edit_message(view: &View) -> EditMessage {
    let m = EditMessage::new()
        .content(content(view))
        .components(components(view))
        .allowed_mentions(no_mentions());
    match attachment(view) {
        Some(a) => m.new_attachment(a),
        None => m.remove_all_attachments(),
    }
}

/// The same edit as the answer to a click (UPDATE_MESSAGE: one call, no acknowledgement
/// before it); the PNG replaces the message's attachments.
pub fn update_message(view: &View) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(content(view))
        .components(components(view))
        .allowed_mentions(no_mentions())
        .files(attachment(view))
}

/// A private answer (one ephemeral initial response).
pub fn private_message(text: String) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(no_mentions())
}

/// The same edit through an interaction's token.
pub fn edit_response(view: &View) -> EditInteractionResponse {
    let m = EditInteractionResponse::new()
        .content(content(view))
        .components(components(view))
        .allowed_mentions(no_mentions());
    match attachment(view) {
        Some(a) => m.new_attachment(a),
        None => m.clear_attachments(),
    }
}

/// A reply (interaction response) showing the view.
pub fn reply(view: &View) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .content(content(view))
        .components(components(view))
        .allowed_mentions(no_mentions())
        .ephemeral(view.private);
    if let Some(a) = attachment(view) {
        r = r.attachment(a);
    }
    r
}

/// What to do after a failed Discord call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Try again after this long (5xx, 429, network).
    Retry(Duration),
    /// The message is gone or too old to edit: post a new one.
    Gone,
    /// The bot lacks a permission in the channel.
    Forbidden,
    /// Anything else: give up on this request.
    Other,
}

/// Classify a serenity error.
pub fn classify(e: &serenity::Error, attempt: u32) -> Failure {
    let backoff = Duration::from_millis(250 << attempt.min(4));
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code.as_u16();
            match (status, r.error.code) {
                (429, _) => Failure::Retry(backoff.max(Duration::from_millis(500))),
                (500..=599, _) => Failure::Retry(backoff),
                // Unknown Message, Unknown Channel... or the hour-old edit limit (30046).
                (404, _) | (_, 10008) | (_, 30046) => Failure::Gone,
                (403, _) | (_, 50001) | (_, 50013) => Failure::Forbidden,
                _ => Failure::Other,
            }
        }
        serenity::Error::Http(HttpError::Request(_)) => Failure::Retry(backoff),
        _ => Failure::Other,
    }
}

const ATTEMPTS: u32 = 4;

/// Shows boards in channels; shared by the update pump, clicks and slash commands.
pub struct Poster {
    pub http: Arc<Http>,
    pub service: Service,
    /// The last turn ping per channel (deleted when the next one is sent).
    pings: Mutex<HashMap<u64, u64>>,
    /// Channels already told about a missing permission.
    warned: Mutex<HashSet<u64>>,
    /// Per game: the newest version shown, behind a lock so one game's board changes one
    /// request at a time (a slow click edit never overwrites a newer bot move).
    shown: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<u64>>>>,
    /// Per game: the board message posted last by this process.
    current: Mutex<HashMap<i64, u64>>,
    /// Where an update whose edits kept failing goes to be shown again later (the pump).
    later: Mutex<Option<mpsc::UnboundedSender<Update>>>,
    /// Per game: edits that failed in a row (the wait before the next try doubles).
    retries: Mutex<HashMap<i64, u32>>,
}

/// A game's show lock, holding the newest version shown.
pub type Shown = tokio::sync::OwnedMutexGuard<u64>;

/// Is this view older than what is already shown?
pub fn is_stale(shown: &Shown, view: &View) -> bool {
    view.version.is_some_and(|v| v < **shown)
}

/// Record that the view is shown.
pub fn mark_shown(shown: &mut Shown, view: &View) {
    if let Some(v) = view.version {
        **shown = (**shown).max(v);
    }
}

impl Poster {
    pub fn new(http: Arc<Http>, service: Service) -> Poster {
        Poster {
            http,
            service,
            pings: Mutex::new(HashMap::new()),
            warned: Mutex::new(HashSet::new()),
            shown: Mutex::new(HashMap::new()),
            current: Mutex::new(HashMap::new()),
            later: Mutex::new(None),
            retries: Mutex::new(HashMap::new()),
        }
    }

    /// Show `u` again after a wait that doubles with every failure in a row (1 s to 30 s),
    /// through the pump, so a newer update of the game wins and nothing holds the game's show
    /// lock meanwhile.
    fn retry_later(&self, u: &Update) {
        let n = {
            let mut r = self.retries.lock().expect("retries lock");
            let n = r.entry(u.game).or_default();
            *n += 1;
            *n
        };
        let wait = Duration::from_secs(1 << (n - 1).min(5)).min(Duration::from_secs(30));
        let Some(tx) = self.later.lock().expect("later lock").clone() else {
            return;
        };
        tracing::warn!(
            game = u.game,
            channel = u.channel,
            wait_ms = wait.as_millis() as u64,
            "the board's edits keep failing; showing it again later (no second board)"
        );
        let u = u.clone();
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = tx.send(u);
        });
    }

    /// Take a game's show lock.
    pub async fn lock(&self, game: i64) -> Shown {
        let m = self
            .shown
            .lock()
            .expect("shown lock")
            .entry(game)
            .or_default()
            .clone();
        m.lock_owned().await
    }

    /// Show an update: edit its message, or post a new one (then tell the service).
    /// A Discord failure never touches the game: the edit is retried or the board reposted.
    pub async fn show(&self, u: &Update) {
        let mut shown = self.lock(u.game).await;
        if is_stale(&shown, &u.view) {
            tracing::debug!(
                game = u.game,
                channel = u.channel,
                "a newer board is already shown"
            );
            return;
        }
        // Draw the board now (pushed updates carry the table, not the picture), off the
        // async threads.
        let view = if u.view.png.is_none() && u.table.is_some() {
            let service = self.service.clone();
            let update = u.clone();
            match tokio::task::spawn_blocking(move || service.render(&update)).await {
                Ok(v) => v,
                Err(e) => {
                    tracing::error!(game = u.game, channel = u.channel, error = %e, "drawing the board failed");
                    u.view.clone()
                }
            }
        } else {
            u.view.clone()
        };
        let u = &Update {
            view,
            table: None,
            ..u.clone()
        };
        if is_stale(&shown, &u.view) {
            tracing::debug!(
                game = u.game,
                channel = u.channel,
                "a newer board is already shown"
            );
            return;
        }
        let ch = ChannelId::new(u.channel);
        // An update queued before a repost still names the old message: show the newest.
        let known = self
            .current
            .lock()
            .expect("current lock")
            .get(&u.game)
            .copied();
        let message_id = known.or(u.message_id);
        let repost = u.repost && !(known.is_some() && known != u.message_id);
        if let (false, Some(id)) = (repost, message_id) {
            match self.edit(ch, id, &u.view, u.game).await {
                Ok(()) => {
                    mark_shown(&mut shown, &u.view);
                    drop(shown);
                    self.retries.lock().expect("retries lock").remove(&u.game);
                    self.ping(u.game, u.channel, &u.view).await;
                    return;
                }
                Err(Failure::Forbidden) => {
                    self.missing_permission(u.game, u.channel).await;
                    return;
                }
                Err(Failure::Retry(_)) => {
                    // Discord (or the network) is busy, the message is there: wait and edit
                    // it, never post a second board; the ping waits with the board.
                    drop(shown);
                    self.retry_later(u);
                    return;
                }
                Err(f) => {
                    tracing::warn!(game = u.game, channel = u.channel, message = id, failure = ?f, "editing the board failed; reposting it");
                }
            }
        }
        if self.post_locked(u.game, u.channel, &u.view).await.is_some() {
            mark_shown(&mut shown, &u.view);
            if let (true, Some(old)) = (repost, message_id) {
                self.strip_buttons(u.game, u.channel, old).await;
            }
        }
        drop(shown);
        if u.view.ping.is_some() {
            self.ping(u.game, u.channel, &u.view).await;
        }
    }

    /// Edit a message with retries.
    pub async fn edit(
        &self,
        ch: ChannelId,
        id: u64,
        view: &View,
        game: i64,
    ) -> Result<(), Failure> {
        let mut attempt = 0;
        loop {
            match ch
                .edit_message(&self.http, MessageId::new(id), edit_message(view))
                .await
            {
                Ok(_) => return Ok(()),
                Err(e) => {
                    let f = classify(&e, attempt);
                    tracing::warn!(game, channel = ch.get(), message = id, attempt, error = %e, "editing the board failed");
                    match f {
                        Failure::Retry(d) if attempt + 1 < ATTEMPTS => {
                            tokio::time::sleep(d).await;
                            attempt += 1;
                        }
                        f => return Err(f),
                    }
                }
            }
        }
    }

    /// Post the board as a new message, tell the service its id, ping if a turn started.
    pub async fn post(&self, game: i64, channel: u64, view: &View) -> Option<u64> {
        let mut shown = self.lock(game).await;
        let id = self.post_locked(game, channel, view).await;
        if id.is_some() {
            mark_shown(&mut shown, view);
        }
        drop(shown);
        self.ping(game, channel, view).await;
        id
    }

    /// Post without the show lock (the caller holds it) and without the ping.
    async fn post_locked(&self, game: i64, channel: u64, view: &View) -> Option<u64> {
        let ch = ChannelId::new(channel);
        let mut attempt = 0;
        let id = loop {
            match ch.send_message(&self.http, create_message(view)).await {
                Ok(m) => break m.id.get(),
                Err(e) => {
                    tracing::warn!(game, channel, attempt, error = %e, "posting the board failed");
                    match classify(&e, attempt) {
                        Failure::Retry(d) if attempt + 1 < ATTEMPTS => {
                            tokio::time::sleep(d).await;
                            attempt += 1;
                        }
                        Failure::Forbidden => {
                            self.missing_permission(game, channel).await;
                            return None;
                        }
                        _ => return None,
                    }
                }
            }
        };
        self.posted(game, channel, id).await;
        Some(id)
    }

    /// A board that was replaced by a newer message stays as a record, without buttons (an
    /// edit without an attachment list keeps its picture). Best effort.
    pub async fn strip_buttons(&self, game: i64, channel: u64, message: u64) {
        let strip = EditMessage::new().components(Vec::new());
        let ch = ChannelId::new(channel);
        if let Err(e) = ch
            .edit_message(&self.http, MessageId::new(message), strip)
            .await
        {
            tracing::debug!(game, channel, message, error = %e, "could not clear the old board's buttons");
        }
    }

    /// Record that `game`'s board is now message `id`, if that game is still the channel's.
    pub async fn posted(&self, game: i64, channel: u64, id: u64) {
        self.current.lock().expect("current lock").insert(game, id);
        if let Err(p) = self.service.message_posted(game, channel, id).await {
            tracing::error!(game, channel, message = id, problem = ?p, "could not record the board message");
        }
    }

    /// Mention the player whose turn just started, in a short message of its own (an edit
    /// notifies nobody). The previous ping of the channel is deleted to keep it tidy.
    pub async fn ping(&self, game: i64, channel: u64, view: &View) {
        let Some(user) = view.ping else { return };
        let lang = view.lang;
        let due = view
            .deadline_ms
            .map(|ms| format!(" <t:{}:R>", ms.div_euclid(1000)))
            .unwrap_or_default();
        let text = match lang {
            Lang::En => format!("<@{user}> your turn!{due}"),
            Lang::Ko => format!("<@{user}> 님 차례예요!{due}"),
        };
        let ch = ChannelId::new(channel);
        let msg = CreateMessage::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new().users([user]).empty_roles());
        let mut attempt = 0;
        let old = loop {
            match ch.send_message(&self.http, msg.clone()).await {
                Ok(m) => {
                    break self
                        .pings
                        .lock()
                        .expect("pings lock")
                        .insert(channel, m.id.get())
                }
                Err(e) => {
                    tracing::warn!(game, channel, attempt, error = %e, "sending a turn ping failed");
                    match classify(&e, attempt) {
                        Failure::Retry(d) if attempt + 1 < ATTEMPTS => {
                            tokio::time::sleep(d).await;
                            attempt += 1;
                        }
                        _ => {
                            tracing::error!(game, channel, user, "a turn ping could not be sent");
                            break None;
                        }
                    }
                }
            }
        };
        if let Some(old) = old {
            if let Err(e) = ch.delete_message(&self.http, MessageId::new(old)).await {
                tracing::debug!(game, channel, error = %e, "deleting the previous ping failed");
            }
        }
    }

    /// Log a missing permission, and say so in the channel once (if the bot can).
    pub async fn missing_permission(&self, game: i64, channel: u64) {
        tracing::error!(game, channel, "missing permissions to show the board: the bot needs View Channel, Send Messages, Attach Files and Read Message History here");
        if !self.warned.lock().expect("warned lock").insert(channel) {
            return;
        }
        let text = "⚠️ I can't show the game board here: I need the View Channel, Send Messages, Embed Links, Attach Files and Read Message History permissions in this channel. / 이 채널에서 판을 보여 줄 권한이 없어요.";
        let msg = CreateMessage::new()
            .content(text)
            .allowed_mentions(no_mentions());
        if let Err(e) = ChannelId::new(channel).send_message(&self.http, msg).await {
            tracing::error!(game, channel, error = %e, "could not report the missing permission in the channel");
        }
    }
}

/// Show every update the service pushes (bots, timers, reposts). Updates of one game that
/// queued up are coalesced to the latest (a repost wins, and so does a ping). Each channel has
/// its own worker, so a retrying edit in one channel leaves the others alone, while one
/// channel's updates stay in order.
pub async fn pump(poster: Arc<Poster>, mut rx: mpsc::UnboundedReceiver<Update>) {
    let mut workers: HashMap<u64, mpsc::UnboundedSender<Update>> = HashMap::new();
    // Updates to show again (their edits kept failing) come back here.
    let (later_tx, mut later) = mpsc::unbounded_channel();
    *poster.later.lock().expect("later lock") = Some(later_tx);
    loop {
        let first = tokio::select! {
            u = rx.recv() => match u {
                Some(u) => u,
                None => break,
            },
            Some(u) = later.recv() => u,
        };
        let mut batch = vec![first];
        while let Ok(u) = rx.try_recv() {
            batch.push(u);
        }
        let mut latest: Vec<Update> = Vec::new();
        for u in batch {
            if let Some(prev) = latest.iter_mut().find(|p| p.game == u.game) {
                let repost = prev.repost || u.repost;
                let ping = u.view.ping.or(prev.view.ping);
                // The newest board wins (an update shown again later may come after a newer
                // one).
                if u.view.version >= prev.view.version {
                    *prev = u;
                }
                prev.repost = repost;
                prev.view.ping = ping;
            } else {
                latest.push(u);
            }
        }
        for u in latest {
            let channel = u.channel;
            let u = match workers.get(&channel) {
                Some(tx) => match tx.send(u) {
                    Ok(()) => continue,
                    // That worker retired: start another.
                    Err(mpsc::error::SendError(u)) => u,
                },
                None => u,
            };
            let (tx, wrx) = mpsc::unbounded_channel();
            let _ = tx.send(u);
            workers.insert(channel, tx);
            tokio::spawn(worker(poster.clone(), wrx));
        }
    }
}

/// Show one channel's updates in order; retire after a minute without any.
async fn worker(poster: Arc<Poster>, mut rx: mpsc::UnboundedReceiver<Update>) {
    while let Ok(Some(u)) = tokio::time::timeout(Duration::from_secs(60), rx.recv()).await {
        poster.show(&u).await;
    }
    // Refuse new updates (the pump starts a new worker), but show those already queued.
    rx.close();
    while let Some(u) = rx.recv().await {
        poster.show(&u).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Button;

    fn button(i: usize) -> Button {
        Button {
            label: "x".repeat(100),
            style: Style::Primary,
            custom_id: format!("yut:1:{i}:throw"),
            disabled: false,
        }
    }

    #[test]
    fn content_keeps_the_countdown_within_the_limit() {
        let view = View {
            text: "가".repeat(2500),
            deadline_ms: Some(1_700_000_000_999),
            ..View::default()
        };
        let c = content(&view);
        assert_eq!(c.chars().count(), MAX_CONTENT);
        assert!(c.ends_with("\n⏳ <t:1700000000:R>"));
        let plain = View {
            text: "hi".into(),
            ..View::default()
        };
        assert_eq!(content(&plain), "hi");
    }

    #[test]
    fn at_most_five_rows_of_five_with_short_labels() {
        let view = View {
            rows: (0..7).map(|_| (0..7).map(button).collect()).collect(),
            ..View::default()
        };
        let rows = components(&view);
        assert_eq!(rows.len(), 5);
        let json = serde_json::to_value(&rows).unwrap();
        for r in json.as_array().unwrap() {
            let buttons = r["components"].as_array().unwrap();
            assert_eq!(buttons.len(), 5);
            for b in buttons {
                assert_eq!(b["label"].as_str().unwrap().chars().count(), 80);
            }
        }
    }
}
