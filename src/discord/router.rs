//! Button clicks, routed from the framework's event handler (never collectors, so buttons work
//! after a restart): hand the custom id to the service and answer with the result in one
//! call (acknowledge first only when the service is slow).

use super::wire::{self, ANSWER_WITHIN};
use super::Data;
use serenity::all::{
    ComponentInteraction, ComponentInteractionDataKind, Context, CreateInteractionResponse,
    CreateInteractionResponseFollowup, FullEvent, Interaction,
};
use std::time::{Duration, Instant};
use yut_service::{Answer, Problem, Update};
use yut_table::custom_id::AfterButton;
use yut_table::view::Menu;
use yut_table::{ButtonId, Lang, View};

/// The framework's event handler.
pub async fn on_event(ctx: &Context, event: &FullEvent, data: &Data) -> Result<(), super::Error> {
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(c),
        } => click(ctx, data, c).await,
        // The application's Entry Point command (the framework knows only /yut).
        FullEvent::InteractionCreate {
            interaction: Interaction::Command(c),
        } if c.data.kind == serenity::all::CommandType::PrimaryEntryPoint => {
            super::activity::entry_point(ctx, data, c).await
        }
        _ => {}
    }
    Ok(())
}

/// Who clicked (or ran a command): see [`super::wire::actor_of`].
pub use super::wire::actor_of;

/// A private refusal as a follow-up (once the click has been acknowledged).
async fn refuse(ctx: &Context, c: &ComponentInteraction, text: String) {
    let msg = CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(wire::no_mentions());
    if let Err(e) = c.create_followup(&ctx.http, msg).await {
        tracing::warn!(channel = c.channel_id.get(), error = %e, "sending a private refusal failed");
    }
}

/// A private refusal as the click's one answer.
async fn refuse_now(ctx: &Context, c: &ComponentInteraction, text: String) {
    let answer = CreateInteractionResponse::Message(wire::private_message(text));
    if let Err(e) = c.create_response(&ctx.http, answer).await {
        tracing::warn!(channel = c.channel_id.get(), error = %e, "sending a private refusal failed");
    }
}

/// How long after a click arrived its one answer may still wait for the game's board lock
/// (held while the channel's writer sends an edit): past this, the click is acknowledged
/// first and the board edited once the lock is free, so Discord's 3 s are never missed.
pub const ANSWER_BY: Duration = Duration::from_millis(2000);

/// A button press: the service says what to show. Answered with one call when the service
/// is quick (an UPDATE_MESSAGE that carries the new board, a new message for a rematch's
/// lobby, or one private refusal); otherwise acknowledged first and the message edited (or
/// the lobby sent as a follow-up) when the result comes.
pub async fn click(ctx: &Context, data: &Data, c: &ComponentInteraction) {
    let received = Instant::now();
    let channel = c.channel_id.get();
    let lang = Lang::from_locale(&c.locale);
    // A menu's choice is its custom id completed by the value chosen; a button's is its
    // custom id.
    let chosen = match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } if values.len() == 1 => {
            Menu::chosen(&c.data.custom_id, &values[0])
        }
        _ => c.data.custom_id.clone(),
    };
    let id = chosen.as_str();
    // An event message's button (`yutev:`): the event's, not a game's.
    if super::events::click(ctx, data, c).await {
        return;
    }
    // One custom-id type for every button: an after-game button is answered by the
    // after-game queries; a game's button goes to its game's actor, in one round trip.
    let button = match id.parse::<ButtonId>() {
        Ok(ButtonId::After {
            game,
            button: AfterButton::Follow,
        }) => {
            super::follow::click(ctx, data, c, game).await;
            return;
        }
        Ok(ButtonId::After {
            button: AfterButton::Board,
            ..
        }) => {
            super::activity::clicked(ctx, data, c).await;
            return;
        }
        Ok(ButtonId::After { game, button }) => {
            super::after::click(ctx, data, c, game, button).await;
            return;
        }
        Ok(button) => button,
        Err(_) => {
            tracing::debug!(channel, custom_id = id, "a button that is not ours");
            refuse_now(ctx, c, refusal(c, &Problem::BadButton, lang)).await;
            return;
        }
    };
    let actor = actor_of(&c.user, c.member.as_ref()).speaking(lang);
    let work = data
        .service
        .press(channel, &actor, button, Some(c.message.id.get()));
    tokio::pin!(work);
    let early = tokio::time::timeout(ANSWER_WITHIN, &mut work).await.ok();
    match early {
        Some(Err(Problem::Stale)) if super::hosted::is_hosted_click(c) => {
            // A game shown through tokens: an out-of-date board is brought up to date (and
            // a held game goes on) by the click itself.
            let view = super::hosted::refresh(data, c, &actor).await;
            answer_with_board(ctx, data, c, view, lang, received + ANSWER_BY).await;
        }
        Some(Err(problem)) => {
            tracing::debug!(channel, custom_id = id, ?problem, "click refused");
            refuse_now(ctx, c, refusal(c, &problem, lang)).await;
        }
        Some(Ok(Answer::Edit(view))) => {
            let next = Next::of(&view);
            answer_with_board(ctx, data, c, view, lang, received + ANSWER_BY).await;
            next.run(data, c).await;
        }
        Some(Ok(Answer::Post(view))) => {
            unarchive(ctx, c).await;
            answer_with_lobby(ctx, data, c, view).await
        }
        None => {
            // Within 3 s, before anything else: a deferred update (the message is edited
            // below).
            if let Err(e) = c
                .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                .await
            {
                tracing::warn!(channel, error = %e, "acknowledging a click failed");
                return;
            }
            match work.await {
                Ok(Answer::Edit(view)) => {
                    let next = Next::of(&view);
                    edit_after_ack(ctx, data, c, view, lang).await;
                    next.run(data, c).await;
                }
                Ok(Answer::Post(view)) => lobby_after_ack(ctx, data, c, view).await,
                Err(Problem::Stale) if super::hosted::is_hosted_click(c) => {
                    let view = super::hosted::refresh(data, c, &actor).await;
                    edit_after_ack(ctx, data, c, view, lang).await;
                }
                Err(problem) => {
                    tracing::debug!(channel, custom_id = id, ?problem, "click refused");
                    refuse(ctx, c, refusal(c, &problem, lang)).await;
                }
            }
        }
    }
}

/// What is left to do once a click is answered: a game that started moves to its thread; a
/// game that ended in its thread says so in the lobby's channel.
struct Next {
    game: Option<i64>,
    lang: Lang,
    open_thread: Option<String>,
    thread_end: Option<(u64, String)>,
}

impl Next {
    fn of(view: &View) -> Next {
        Next {
            game: view.game,
            lang: view.lang,
            open_thread: view.open_thread.clone(),
            thread_end: view.thread_end.clone(),
        }
    }

    async fn run(self, data: &Data, c: &ComponentInteraction) {
        let Some(game) = self.game else { return };
        let channel = c.channel_id.get();
        if let Some(name) = &self.open_thread {
            data.poster
                .open_thread(
                    game,
                    channel,
                    c.message.id.get(),
                    name,
                    self.lang,
                    c.app_permissions,
                )
                .await;
        }
        if let Some(end) = &self.thread_end {
            data.poster.thread_ended(game, channel, end);
        }
    }
}

/// A thread archived at the end of its game is opened again for a rematch's lobby.
async fn unarchive(ctx: &Context, c: &ComponentInteraction) {
    let archived = c
        .channel
        .as_ref()
        .and_then(|ch| ch.thread_metadata.as_ref())
        .is_some_and(|m| m.archived);
    if archived {
        let open = serenity::all::EditThread::new().archived(false);
        if let Err(e) = c.channel_id.edit_thread(&ctx.http, open).await {
            tracing::warn!(channel = c.channel_id.get(), error = %e, "could not reopen an archived thread");
        }
    }
}

/// A rematch's lobby as the click's one answer (a new message; the finished board stays as
/// it was). The service learns the message's id.
async fn answer_with_lobby(ctx: &Context, data: &Data, c: &ComponentInteraction, view: View) {
    let channel = c.channel_id.get();
    let Some(game) = view.game else { return };
    let answer = CreateInteractionResponse::Message(wire::new_message_response(&view));
    if let Err(e) = c.create_response(&ctx.http, answer).await {
        tracing::warn!(game, channel, error = %e, "answering a rematch with its lobby failed; posting it");
        data.boards.post(game, channel, &view).await;
        return;
    }
    keep_if_hosted(data, c, game);
    match c.get_response(&ctx.http).await {
        Ok(m) => data.poster.posted(game, channel, m.id.get()).await,
        Err(e) => {
            tracing::warn!(game, channel, error = %e, "could not read the lobby's message id")
        }
    }
}

/// A rematch's lobby after an acknowledgement: a follow-up message.
async fn lobby_after_ack(ctx: &Context, data: &Data, c: &ComponentInteraction, view: View) {
    let channel = c.channel_id.get();
    let Some(game) = view.game else { return };
    match c
        .create_followup(&ctx.http, wire::followup_message(&view))
        .await
    {
        Ok(m) => {
            // A follow-up is not the token's own message: a hosted lobby waits for a click.
            data.poster.posted(game, channel, m.id.get()).await
        }
        Err(e) => {
            tracing::warn!(game, channel, error = %e, "sending the rematch's lobby failed; posting it");
            data.boards.post(game, channel, &view).await;
        }
    }
}

/// The click's one answer: the message the button is on, updated with the new board.
async fn answer_with_board(
    ctx: &Context,
    data: &Data,
    c: &ComponentInteraction,
    view: View,
    lang: Lang,
    answer_by: Instant,
) {
    let channel = c.channel_id.get();
    let Some(game) = view.game else {
        // Nothing to show (an action the table takes for itself).
        let _ = c
            .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
            .await;
        return;
    };
    let poster = &data.poster;
    let Ok(mut shown) = tokio::time::timeout_at(answer_by.into(), poster.lock(game)).await else {
        // The channel's writer is busy with this game's board (a slow or retried edit):
        // acknowledge now, edit when it is done.
        tracing::debug!(
            game,
            channel,
            "the board is busy; acknowledging the click first"
        );
        acknowledge_then_edit(ctx, data, c, view, lang).await;
        return;
    };
    if wire::is_stale(&shown, &view) {
        // A bot or timer already showed a newer board: just acknowledge.
        drop(shown);
        let _ = c
            .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
            .await;
        return;
    }
    let answer = CreateInteractionResponse::UpdateMessage(wire::update_message(&view));
    match c.create_response(&ctx.http, answer).await {
        Ok(()) => {
            wire::mark_shown(&mut shown, &view);
            drop(shown);
            keep_if_hosted(data, c, game);
            data.boards.ping(game, channel, &view);
        }
        Err(e) if wire::is_forbidden(&e) => {
            drop(shown);
            tracing::warn!(game, channel, error = %e, "answering a click with the board was forbidden");
            refuse_now(ctx, c, missing_permissions(lang)).await;
            poster.missing_permission(game, channel);
        }
        Err(e) => {
            drop(shown);
            tracing::warn!(game, channel, error = %e, "answering a click with the board failed; acknowledging and editing instead");
            // The answer did not count: acknowledge now and edit as after a slow click.
            acknowledge_then_edit(ctx, data, c, view, lang).await;
        }
    }
}

/// Acknowledge the click, then edit its message as after a slow click (through the channel
/// if even the acknowledgement failed).
async fn acknowledge_then_edit(
    ctx: &Context,
    data: &Data,
    c: &ComponentInteraction,
    view: View,
    lang: Lang,
) {
    if c.create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
        .await
        .is_ok()
    {
        edit_after_ack(ctx, data, c, view, lang).await;
    } else {
        show_through_channel(data, c, view).await;
    }
}

/// After an acknowledgement: edit the message the button is on through the interaction's
/// token (once), else through the channel's writer (which waits and retries).
async fn edit_after_ack(
    ctx: &Context,
    data: &Data,
    c: &ComponentInteraction,
    view: View,
    lang: Lang,
) {
    let channel = c.channel_id.get();
    let Some(game) = view.game else { return };
    let poster = &data.poster;
    let mut shown = poster.lock(game).await;
    if wire::is_stale(&shown, &view) {
        // A bot or timer already showed a newer board.
        return;
    }
    match c.edit_response(&ctx.http, wire::edit_response(&view)).await {
        Ok(_) => {
            wire::mark_shown(&mut shown, &view);
            drop(shown);
            keep_if_hosted(data, c, game);
            data.boards.ping(game, channel, &view);
        }
        Err(e) if wire::is_forbidden(&e) => {
            drop(shown);
            // A follow-up goes through the interaction's webhook, which needs no channel
            // permission: the clicker learns why the board did not change.
            refuse(ctx, c, missing_permissions(lang)).await;
            poster.missing_permission(game, channel);
        }
        Err(e) => {
            drop(shown);
            tracing::warn!(game, channel, error = %e, "editing the board after a click failed; showing it through the channel");
            show_through_channel(data, c, view).await;
        }
    }
}

/// What a refused click is told; a board that moved links to the live one.
fn refusal(c: &ComponentInteraction, problem: &Problem, lang: Lang) -> String {
    let text = problem.message(lang);
    match (problem, c.guild_id) {
        (Problem::Moved { message_id }, Some(guild)) => format!(
            "{text}\nhttps://discord.com/channels/{}/{}/{message_id}",
            guild.get(),
            c.channel_id.get()
        ),
        _ => text,
    }
}

fn missing_permissions(lang: Lang) -> String {
    yut_text::say(lang, "router-missing-permissions", &[])
}

/// Through the channel's writer (edit the clicked message, or repost), as the update pump
/// does.
async fn show_through_channel(data: &Data, c: &ComponentInteraction, view: View) {
    let Some(update) = Update::of_view(view, c.channel_id.get(), Some(c.message.id.get())) else {
        return;
    };
    data.boards.show(&update).await;
}

/// A click answered in a game shown through tokens: its token is now the game's freshest.
fn keep_if_hosted(data: &Data, c: &ComponentInteraction, game: i64) {
    if super::hosted::is_hosted_click(c) {
        data.boards.hosted.keep_token(game, &c.token);
    }
}
