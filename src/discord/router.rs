//! Button clicks, routed from the framework's event handler (never collectors, so buttons work
//! after a restart): acknowledge at once, hand the custom id to the service, show the result.

use super::send::{self, Failure};
use super::Data;
use crate::table::view::decode;
use crate::table::{Actor, Command, Lang};
use serenity::all::{
    ComponentInteraction, Context, CreateInteractionResponse, CreateInteractionResponseFollowup,
    FullEvent, Interaction, Member, User,
};

/// The framework's event handler.
pub async fn on_event(ctx: &Context, event: &FullEvent, data: &Data) -> Result<(), super::Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(c),
    } = event
    {
        click(ctx, data, c).await;
    }
    Ok(())
}

/// Who clicked (or ran a command): display name, and whether they moderate the channel.
pub fn actor_of(user: &User, member: Option<&Member>) -> Actor {
    let name = member
        .map(|m| m.display_name().to_string())
        .unwrap_or_else(|| user.display_name().to_string());
    let moderator = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages() || p.manage_guild() || p.administrator());
    Actor::User {
        id: user.id.get(),
        name,
        moderator,
    }
}

async fn refuse(ctx: &Context, c: &ComponentInteraction, text: String) {
    let msg = CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(send::no_mentions());
    if let Err(e) = c.create_followup(&ctx.http, msg).await {
        tracing::warn!(channel = c.channel_id.get(), error = %e, "sending a private refusal failed");
    }
}

/// A button press.
pub async fn click(ctx: &Context, data: &Data, c: &ComponentInteraction) {
    let channel = c.channel_id.get();
    // Within 3 s, before anything else: a deferred update (the message is edited below).
    if let Err(e) = c
        .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
        .await
    {
        tracing::warn!(channel, error = %e, "acknowledging a click failed");
        return;
    }
    let lang = Lang::from_locale(&c.locale);
    let id = c.data.custom_id.as_str();
    let decoded = decode(id);
    let Ok((game, _, cmd)) = decoded else {
        tracing::debug!(
            channel,
            custom_id = id,
            "a click on a button that is not ours"
        );
        let text = crate::table::service::Problem::BadButton.message(lang);
        refuse(ctx, c, text).await;
        return;
    };
    let actor = actor_of(&c.user, c.member.as_ref());
    let result = data.service.click(channel, &actor, id).await;
    let view = match result {
        Ok(view) => view,
        Err(problem) => {
            tracing::debug!(game, channel, ?problem, "click refused");
            refuse(ctx, c, problem.message(lang)).await;
            return;
        }
    };
    let poster = &data.poster;
    if cmd == Command::Rematch {
        // A new game: its lobby is a new message; the finished board stays as it was.
        match view.game {
            Some(new_game) => {
                poster.post(new_game, channel, &view).await;
            }
            None => tracing::warn!(game, channel, "rematch created no table"),
        }
        return;
    }
    // Edit the message the button is on, through the interaction's token.
    let mut shown = poster.lock(game).await;
    if send::is_stale(&shown, &view) {
        // A bot or timer already showed a newer board.
        return;
    }
    let edited = edit_with_retry(ctx, c, &view, game).await;
    if edited.is_ok() {
        send::mark_shown(&mut shown, &view);
    }
    drop(shown);
    match edited {
        Ok(()) => poster.ping(game, channel, &view).await,
        Err(Failure::Forbidden) => {
            // A follow-up goes through the interaction's webhook, which needs no channel
            // permission: the clicker learns why the board did not change.
            let text = match lang {
                Lang::En => "I can't update the board here: I'm missing permissions in this channel (View Channel, Send Messages, Attach Files, Read Message History). Please ask a moderator.",
                Lang::Ko => "이 채널에서 판을 고칠 권한이 없어요 (채널 보기, 메시지 보내기, 파일 첨부, 메시지 기록 보기). 관리자에게 알려 주세요.",
            };
            refuse(ctx, c, text.to_string()).await;
            poster.missing_permission(game, channel).await;
        }
        Err(_) => {
            // Through the channel (edit or repost), as the update pump does.
            let message_id = data.service.message_of(game).await;
            let update = crate::table::service::Update {
                game,
                channel,
                message_id,
                repost: false,
                view,
                table: None,
            };
            poster.show(&update).await;
        }
    }
}

async fn edit_with_retry(
    ctx: &Context,
    c: &ComponentInteraction,
    view: &crate::table::View,
    game: i64,
) -> Result<(), Failure> {
    let mut attempt = 0;
    loop {
        match c.edit_response(&ctx.http, send::edit_response(view)).await {
            Ok(_) => return Ok(()),
            Err(e) => {
                let f = send::classify(&e, attempt);
                tracing::warn!(game, channel = c.channel_id.get(), attempt, error = %e, "editing the board after a click failed");
                match f {
                    Failure::Retry(d) if attempt < 2 => {
                        tokio::time::sleep(d).await;
                        attempt += 1;
                    }
                    f => return Err(f),
                }
            }
        }
    }
}
