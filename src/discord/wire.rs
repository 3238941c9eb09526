//! What goes over the wire to Discord, and the plain data every layer of the edge passes: a
//! platform-neutral [`View`] as Discord's payloads (messages, edits, interaction answers), a
//! turn ping's words, a turn that started, a game's show lock and the time a click may take.
//! It imports none of the edge's other modules: the writer, the poster, hosted games and
//! reminders all build on it.

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
    EditMessage, HttpError,
};
use std::time::Duration;
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
    // The Activity's button first (it plays the game), then the link (it watches it).
    let launch = match (view.launch, view.game) {
        (true, Some(game)) => Some(
            CreateButton::new(yut_table::custom_id::encode_after(
                game,
                yut_table::custom_id::AfterButton::Board,
            ))
            .label(yut_text::say(view.lang, "button-play-on-board", &[]))
            .style(ButtonStyle::Primary),
        ),
        _ => None,
    };
    let link = view
        .link
        .as_ref()
        .map(|l| CreateButton::new_link(l.url.clone()).label(truncate(&l.label, 80)));
    for button in launch.into_iter().chain(link) {
        beside(&mut rows, button);
    }
    rows
}

/// A button put at the end of the last row of buttons with room (the lobby's first, its last
/// being full), else in a row of its own, if there is room for one.
fn beside(rows: &mut Vec<CreateActionRow>, button: CreateButton) {
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

/// The board picture as an attachment (with its description), if the view has one.
pub fn attachment(view: &View) -> Option<CreateAttachment> {
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

/// How long a click (or a command) may take before it is acknowledged first and answered
/// with an edit: well inside Discord's 3 s, and far above the few milliseconds a click takes.
pub const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

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

/// A turn that started: whose, in which game and channel, by when.
#[derive(Debug, Clone)]
pub struct Turn {
    pub game: i64,
    pub channel: u64,
    /// The game's version when the turn started (a later action makes a half-time reminder
    /// moot).
    pub version: u64,
    pub user: u64,
    pub lang: Lang,
    pub deadline_ms: Option<i64>,
}

#[cfg(test)]
mod tests;

/// Who clicked (or ran a command): display name, and whether they moderate the channel.
pub fn actor_of(
    user: &serenity::all::User,
    member: Option<&serenity::all::Member>,
) -> yut_table::Actor {
    let name = member
        .map(|m| m.display_name().to_string())
        .unwrap_or_else(|| user.display_name().to_string());
    let moderator = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages() || p.manage_guild() || p.administrator());
    yut_table::Actor::User {
        id: user.id.get(),
        name,
        moderator,
        lang: None,
    }
}
