//! A platform-neutral [`View`] as Discord messages, and the pump that shows the service's
//! board updates through each channel's writer ([`super::writer`]).

use super::notify::{Reminders, Turn};
use super::writer::{Gate, Job, Rest, WriteStats};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
    EditMessage, Http, HttpError,
};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use yut_service::{Service, Update};
use yut_table::view::{Menu, Row};
use yut_table::{Lang, Style, View};

/// File name of the board picture.
pub const BOARD_FILE: &str = "board.png";
/// Discord's limit on message content.
pub const MAX_CONTENT: usize = 2000;

/// The message text: the view's text and, while an action is due, a live countdown.
pub fn content(view: &View) -> String {
    let asked: Vec<String> = view.invited.iter().map(|u| format!("<@{u}>")).collect();
    let view = &View {
        text: if asked.is_empty() {
            view.text.clone()
        } else {
            format!("{}\n{}", asked.join(" "), view.text)
        },
        ..view.clone()
    };
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
/// The view's link (its live page) goes at the end of the last row of buttons with room, else
/// in a row of its own, if there is room for one.
pub fn components(view: &View) -> Vec<CreateActionRow> {
    let mut rows: Vec<CreateActionRow> = view
        .rows
        .iter()
        .take(5)
        .filter(|r| !r.is_empty())
        .map(|row| match row {
            Row::Buttons(buttons) => CreateActionRow::Buttons(
                buttons
                    .iter()
                    .take(5)
                    .map(|b| {
                        CreateButton::new(b.custom_id.clone())
                            .label(truncate(&b.label, 80))
                            .style(style(b.style))
                            .disabled(b.disabled)
                    })
                    .collect(),
            ),
            Row::Menu(menu) => CreateActionRow::SelectMenu(select_menu(menu)),
        })
        .collect();
    if let Some(link) = &view.link {
        let button = CreateButton::new_link(link.url.clone()).label(truncate(&link.label, 80));
        // The last row of buttons with room (the lobby's first, its last being full), else
        // a row of its own.
        let room = rows.len() < 5;
        let with_room = rows.iter_mut().rev().find_map(|r| match r {
            CreateActionRow::Buttons(b) if b.len() < 5 => Some(b),
            _ => None,
        });
        match with_room {
            Some(b) => b.push(button),
            None if room => rows.push(CreateActionRow::Buttons(vec![button])),
            None => {}
        }
    }
    rows
}

/// A menu as a string select: one choice among at most 25 options, the one in force shown.
fn select_menu(menu: &Menu) -> CreateSelectMenu {
    let options = menu
        .options
        .iter()
        .take(25)
        .map(|o| {
            CreateSelectMenuOption::new(truncate(&o.label, 100), o.value.clone())
                .default_selection(o.default)
        })
        .collect();
    CreateSelectMenu::new(
        menu.custom_id.clone(),
        CreateSelectMenuKind::String { options },
    )
    .min_values(1)
    .max_values(1)
    .disabled(menu.disabled)
}

/// Board messages mention nobody (names may contain `@everyone`); pings are separate.
pub fn no_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new().empty_users().empty_roles()
}

/// A board mentions only the people it asks to play (a challenge, a rematch).
pub fn mentions(view: &View) -> CreateAllowedMentions {
    if view.invited.is_empty() {
        return no_mentions();
    }
    CreateAllowedMentions::new()
        .users(view.invited.iter().map(|u| serenity::all::UserId::new(*u)))
        .empty_roles()
}

pub(super) fn attachment(view: &View) -> Option<CreateAttachment> {
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
        .allowed_mentions(mentions(view));
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

/// A new message as a click's answer (a rematch's lobby).
pub fn new_message_response(view: &View) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(content(view))
        .components(components(view))
        .allowed_mentions(mentions(view))
        .files(attachment(view))
}

/// The same as a follow-up (after an acknowledgement).
pub fn followup_message(view: &View) -> CreateInteractionResponseFollowup {
    let m = CreateInteractionResponseFollowup::new()
        .content(content(view))
        .components(components(view))
        .allowed_mentions(mentions(view));
    match attachment(view) {
        Some(a) => m.add_file(a),
        None => m,
    }
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
        .allowed_mentions(mentions(view))
        .ephemeral(view.private);
    if let Some(a) = attachment(view) {
        r = r.attachment(a);
    }
    r
}

/// Is this a refusal for a missing permission?
pub fn is_forbidden(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.as_u16() == 403 || matches!(r.error.code, 50001 | 50013)
        }
        _ => false,
    }
}

/// Said once in a channel where the bot cannot show the board: in every language, since
/// nobody in particular is answered (English and Korean as before, then Spanish).
pub static MISSING_PERMISSIONS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let each: Vec<String> = yut_text::LANGS
        .iter()
        .map(|code| yut_text::say_in(code, "send-missing-permissions", &[]))
        .collect();
    format!("⚠️ {}", each.join(" / "))
});

/// Shows boards in channels; shared by the update pump, clicks and slash commands. Every
/// write to a channel goes through that channel's writer ([`super::writer`]).
pub struct Poster {
    pub http: Arc<Http>,
    pub service: Service,
    pub(super) rest: Rest,
    /// Channels already told about a missing permission.
    pub(super) warned: Mutex<HashSet<u64>>,
    /// Per game: the newest version shown, behind a lock so one game's board changes one
    /// request at a time (a slow click edit never overwrites a newer bot move).
    pub(super) shown: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<u64>>>>,
    /// Per game: the board message posted last by this process.
    pub(super) current: Mutex<HashMap<i64, u64>>,
    /// The channels' writers.
    pub(super) writers: Mutex<HashMap<u64, mpsc::UnboundedSender<Job>>>,
    /// A global rate limit: no write anywhere before this.
    pub(super) global: Gate,
    pub write_stats: WriteStats,
    /// Games whose thread this process has opened (or tried to), and those whose end in a
    /// thread it has said: each once.
    thread_steps: Mutex<HashSet<(i64, ThreadStep)>>,
    /// Turn reminders: each person's choice, who was reminded, closed DMs.
    pub reminders: Reminders,
    /// Games shown through interaction tokens (where the bot may not post).
    pub hosted: super::hosted::Hosted,
}

/// What is done once for a game played in a thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ThreadStep {
    Open,
    End,
}

/// May the bot open a thread and play there, with these permissions in the lobby's channel
/// (the click's `app_permissions`; unknown: try)?
pub fn may_open_thread(p: Option<serenity::all::Permissions>) -> bool {
    p.is_none_or(|p| {
        p.administrator() || (p.create_public_threads() && p.send_messages_in_threads())
    })
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

/// The words of a turn ping.
pub fn ping_text(user: u64, lang: Lang, deadline_ms: Option<i64>) -> String {
    let due = deadline_ms
        .map(|ms| format!(" <t:{}:R>", ms.div_euclid(1000)))
        .unwrap_or_default();
    yut_text::say(
        lang,
        "send-ping",
        &[
            ("mention", format!("<@{user}>").into()),
            ("due", due.into()),
        ],
    )
}

impl Poster {
    /// `api_url`: `DISCORD_API_URL` (writes go there instead of discord.com).
    /// `token_life`: how long an interaction's token lasts (Discord: 15 minutes).
    pub fn new(
        http: Arc<Http>,
        service: Service,
        api_url: Option<String>,
        token_life: Duration,
    ) -> Poster {
        let rest = Rest::new(http.token(), api_url);
        Poster {
            http,
            service,
            rest,
            warned: Mutex::new(HashSet::new()),
            shown: Mutex::new(HashMap::new()),
            current: Mutex::new(HashMap::new()),
            writers: Mutex::new(HashMap::new()),
            global: Mutex::new(None),
            write_stats: WriteStats::default(),
            thread_steps: Mutex::new(HashSet::new()),
            reminders: Reminders::default(),
            hosted: super::hosted::Hosted::new(token_life),
        }
    }

    /// The first time for this game and step?
    fn first_time(&self, game: i64, step: ThreadStep) -> bool {
        self.thread_steps
            .lock()
            .expect("thread steps lock")
            .insert((game, step))
    }

    /// A game that started wants a thread of its own: open it from the lobby message (in
    /// `channel`) and move the game there, then point the lobby to it. Without the
    /// permissions (`perms`: the bot's in the channel, when known), or if Discord refuses,
    /// the game is played in the channel and its board says why.
    pub async fn open_thread(
        self: &Arc<Self>,
        game: i64,
        channel: u64,
        lobby: u64,
        name: &str,
        lang: Lang,
        perms: Option<serenity::all::Permissions>,
    ) {
        if !self.first_time(game, ThreadStep::Open) {
            return;
        }
        let thread = if may_open_thread(perms) {
            let builder = serenity::all::CreateThread::new(name)
                .auto_archive_duration(serenity::all::AutoArchiveDuration::OneHour);
            match serenity::all::ChannelId::new(channel)
                .create_thread_from_message(
                    &self.http,
                    serenity::all::MessageId::new(lobby),
                    builder,
                )
                .await
            {
                Ok(t) => Some(t.id.get()),
                Err(e) => {
                    tracing::warn!(game, channel, error = %e, "could not open the game's thread; playing in the channel");
                    None
                }
            }
        } else {
            tracing::info!(
                game,
                channel,
                "no Create Public Threads or Send Messages in Threads here; playing in the channel"
            );
            None
        };
        if thread.is_some() {
            // The lobby message stays in the channel: the board is a new message in the thread.
            self.current.lock().expect("current lock").remove(&game);
        }
        match self.service.thread_opened(game, channel, thread).await {
            Ok(()) => {
                if let Some(t) = thread {
                    let text = yut_text::say(
                        lang,
                        "thread-moved",
                        &[("thread", format!("<#{t}>").into())],
                    );
                    self.enqueue(
                        channel,
                        Job::Replace {
                            message: lobby,
                            text,
                        },
                    );
                }
            }
            Err(p) => {
                tracing::warn!(game, channel, thread, problem = ?p, "the game did not move to its thread");
            }
        }
    }

    /// A game played in a thread has ended: say its result in the lobby's channel and archive
    /// the thread (after its last board is written).
    pub fn thread_ended(self: &Arc<Self>, game: i64, thread: u64, end: &(u64, String)) {
        if !self.first_time(game, ThreadStep::End) {
            return;
        }
        let (parent, text) = end;
        tracing::debug!(
            game,
            thread,
            parent,
            "the game in a thread ended: saying so, archiving"
        );
        self.enqueue(*parent, Job::Notice { text: text.clone() });
        self.enqueue(thread, Job::Archive);
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

    /// The board message this process posted last for the game.
    pub(super) fn current_message(&self, game: i64) -> Option<u64> {
        self.current
            .lock()
            .expect("current lock")
            .get(&game)
            .copied()
    }

    /// Show an update through its channel's writer: the picture is drawn here, off the async
    /// threads; the writer edits the message (or posts a new one, then tells the service).
    /// A Discord failure never touches the game.
    pub async fn show(self: &Arc<Self>, u: &Update) {
        {
            let shown = self.lock(u.game).await;
            if is_stale(&shown, &u.view) && !u.repost {
                tracing::debug!(
                    game = u.game,
                    channel = u.channel,
                    "a newer board is already shown"
                );
                return;
            }
        }
        let ended = u.table.as_ref().is_some_and(|t| !t.status.is_active());
        let view = if u.view.png.is_none() && u.table.is_some() {
            self.service.draw(u.clone()).await
        } else {
            u.view.clone()
        };
        if self.is_hosted_game(u.game) {
            // Where the bot may not post: through the game's interaction token.
            self.show_hosted(u.game, u.channel, view, ended).await;
            return;
        }
        let ping = view.ping.map(|(user, lang)| (user, lang, view.deadline_ms));
        let version = view.version.unwrap_or(0);
        let end = view.thread_end.clone();
        self.enqueue(
            u.channel,
            Job::Board {
                game: u.game,
                view,
                message_id: u.message_id,
                repost: u.repost,
                done: None,
            },
        );
        if let Some((user, lang, deadline_ms)) = ping {
            self.remind(Turn {
                game: u.game,
                channel: u.channel,
                version,
                user,
                lang,
                deadline_ms,
            });
        }
        if ended {
            self.enqueue(u.channel, Job::Forget { game: u.game });
        }
        if let Some(end) = &end {
            self.thread_ended(u.game, u.channel, end);
        }
    }

    /// Post the board as a new message (through the channel's writer), tell the service its
    /// id, ping if a turn started; the new message's id.
    pub async fn post(self: &Arc<Self>, game: i64, channel: u64, view: &View) -> Option<u64> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.enqueue(
            channel,
            Job::Board {
                game,
                view: view.clone(),
                message_id: None,
                repost: false,
                done: Some(tx),
            },
        );
        self.ping(game, channel, view);
        rx.await.ok().flatten()
    }

    /// A board that was replaced by a newer message stays as a record, without buttons (an
    /// edit without an attachment list keeps its picture).
    pub fn strip_buttons(self: &Arc<Self>, channel: u64, message: u64) {
        self.enqueue(channel, Job::Strip { message });
    }

    /// Record that `game`'s board is now message `id`, if that game is still the channel's.
    pub async fn posted(&self, game: i64, channel: u64, id: u64) {
        self.current.lock().expect("current lock").insert(game, id);
        if let Err(p) = self.service.message_posted(game, channel, id).await {
            tracing::error!(game, channel, message = id, problem = ?p, "could not record the board message");
        }
    }

    /// Remind the player whose turn just started, as they chose ([`super::notify`]): by
    /// default a mention in a short message of its own (an edit notifies nobody), through the
    /// channel's writer: it waits for its slot, never dropped. The previous ping of the
    /// channel is deleted to keep it tidy.
    /// A game's last board (over or stopped) takes its turn ping out of view instead, however
    /// that board was shown (a click's own answer too).
    pub fn ping(self: &Arc<Self>, game: i64, channel: u64, view: &View) {
        if view.over {
            self.pings_over(game, channel);
            return;
        }
        let Some((user, lang)) = view.ping else {
            return;
        };
        self.remind(Turn {
            game,
            channel,
            version: view.version.unwrap_or(0),
            user,
            lang,
            deadline_ms: view.deadline_ms,
        });
    }

    /// A game is over: its turn ping in view goes (through the channel's writer, within the
    /// channel's budget; a hosted game's through the token that sent it).
    pub fn pings_over(self: &Arc<Self>, game: i64, channel: u64) {
        if self.is_hosted_game(game) {
            let me = self.clone();
            tokio::spawn(async move { me.delete_hosted_pings(game, None).await });
        } else {
            self.enqueue(channel, Job::Forget { game });
        }
    }

    /// Delete the turn pings that games over left in view on this process's shards (a
    /// process stopped or killed before it could), each through its channel's writer or its
    /// token.
    pub async fn sweep_pings(self: &Arc<Self>) {
        let rows = match self.service.pings_of_ended_games().await {
            Ok(rows) => rows,
            Err(p) => {
                tracing::warn!(problem = ?p, "could not read the pings left in view");
                return;
            }
        };
        if !rows.is_empty() {
            tracing::info!(
                pings = rows.len(),
                "deleting the turn pings left in view by games that are over"
            );
        }
        let now = self.service.now_ms();
        for r in rows {
            if r.token.is_some() {
                self.delete_hosted_ping(&r, now).await;
            } else {
                self.enqueue(r.channel, Job::DeletePing { message: r.message });
            }
        }
    }

    /// Log a missing permission, and say so in the channel once (if the bot can).
    pub fn missing_permission(self: &Arc<Self>, game: i64, channel: u64) {
        tracing::error!(game, channel, "missing permissions to show the board: the bot needs View Channel, Send Messages, Attach Files and Read Message History here");
        if self.warned.lock().expect("warned lock").insert(channel) {
            self.enqueue(
                channel,
                Job::Notice {
                    text: MISSING_PERMISSIONS.to_string(),
                },
            );
        }
    }
}

/// Show every update the service pushes (bots, timers, reposts). Updates of one game that
/// queued up are coalesced to the latest (a repost wins, and so does a ping). Each channel has
/// its own worker that draws the boards in order and hands them to the channel's writer.
pub async fn pump(poster: Arc<Poster>, mut rx: mpsc::UnboundedReceiver<Update>) {
    let mut workers: HashMap<u64, mpsc::UnboundedSender<Update>> = HashMap::new();
    while let Some(first) = rx.recv().await {
        // Forget the workers that retired.
        workers.retain(|_, tx| !tx.is_closed());
        let mut batch = vec![first];
        while let Ok(u) = rx.try_recv() {
            batch.push(u);
        }
        let mut latest: Vec<Update> = Vec::new();
        for u in batch {
            if let Some(prev) = latest.iter_mut().find(|p| p.game == u.game) {
                let repost = prev.repost || u.repost;
                let ping = u.view.ping.or(prev.view.ping);
                // The newest board wins.
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
mod tests;
