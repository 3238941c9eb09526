//! Steering an event from Discord: `/yut event-team` (a member asks a partner to play the
//! channel's 2v2 event with them; the partner answers with the invitation's buttons) and
//! `/yut event-admin` (pause, resume, a result, a disqualification, calling it off), each
//! answered privately and written in the event's log, the event's message redrawn.

use super::{is_admin, refuse, show, PREFIX};
use crate::discord::{Context, Data, Error};
use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow,
    CreateAllowedMentions, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, User,
};
use yut_service::Problem;
use yut_table::Lang;
use yut_text::say;

/// What an admin does to an event (`/yut event-admin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum EventActionChoice {
    #[name = "event-pause"]
    Pause,
    #[name = "event-resume"]
    Resume,
    #[name = "event-result"]
    Result,
    #[name = "event-disqualify"]
    Disqualify,
    #[name = "event-cancel"]
    Cancel,
}

fn private(text: String) -> poise::CreateReply {
    poise::CreateReply::default()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new())
}

/// The channel's event taking sign-ups or being played, or a private "no event here".
async fn channel_event(ctx: Context<'_>, lang: Lang) -> Result<Option<i64>, Error> {
    let Some(guild) = ctx.guild_id() else {
        ctx.send(private(Problem::NoEvent.message(lang))).await?;
        return Ok(None);
    };
    match ctx
        .data()
        .service
        .event_in_channel(guild.get(), ctx.channel_id().get())
        .await
    {
        Ok(Some(e)) => Ok(Some(e)),
        Ok(None) => {
            ctx.send(private(Problem::NoEvent.message(lang))).await?;
            Ok(None)
        }
        Err(p) => {
            ctx.send(private(p.message(lang))).await?;
            Ok(None)
        }
    }
}

fn display_name(ctx: &Context<'_>) -> String {
    match ctx {
        poise::Context::Application(a) => a.interaction.member.as_ref().map_or_else(
            || a.interaction.user.display_name().to_string(),
            |m| m.display_name().to_string(),
        ),
        poise::Context::Prefix(p) => p.msg.author.display_name().to_string(),
    }
}

/// `/yut event-team partner name`: ask `partner` to play the channel's 2v2 event as team
/// `name`. The invitation is posted in the channel, pinging the partner, with Accept and
/// Decline (only the partner's press counts).
pub async fn team(ctx: Context<'_>, partner: User, name: String) -> Result<(), Error> {
    let lang = ctx.locale().map_or(Lang::En, Lang::from_locale);
    let Some(event) = channel_event(ctx, lang).await? else {
        return Ok(());
    };
    if partner.bot {
        ctx.send(private(say(lang, "event-partner-bot", &[])))
            .await?;
        return Ok(());
    }
    let me = ctx.author().id.get();
    let my_name = display_name(&ctx);
    let team: String = name.trim().chars().take(40).collect();
    let svc = &ctx.data().service;
    let run = match svc
        .event_invite(event, (me, &my_name), partner.id.get(), &team, 1500.0)
        .await
    {
        Ok(run) => run,
        Err(p) => {
            ctx.send(private(p.message(lang))).await?;
            return Ok(());
        }
    };
    let event_lang = yut_text::lang_of(&run.lang);
    let text = say(
        event_lang,
        "event-invitation",
        &[
            ("captain", me.to_string().into()),
            ("partner", partner.id.get().to_string().into()),
            ("team", team.into()),
            ("event", run.name.clone().into()),
        ],
    );
    let button = |action: &str, key: &str, style: ButtonStyle| {
        CreateButton::new(format!("{PREFIX}{event}:{action}"))
            .label(say(event_lang, key, &[]))
            .style(style)
    };
    let reply = poise::CreateReply::default()
        .content(text)
        .components(vec![CreateActionRow::Buttons(vec![
            button("accept", "event-button-accept", ButtonStyle::Success),
            button("decline", "event-button-decline", ButtonStyle::Secondary),
        ])])
        .allowed_mentions(CreateAllowedMentions::new().users([partner.id]));
    ctx.send(reply).await?;
    Ok(())
}

/// The partner's answer to an invitation: the invitation's message says what became of it,
/// the event's message shows the team.
pub(super) async fn answer_invite(
    ctx: &SerenityContext,
    data: &Data,
    c: &ComponentInteraction,
    event: i64,
    accept: bool,
    name: &str,
) {
    let lang = Lang::from_locale(&c.locale);
    let svc = &data.service;
    let user = c.user.id.get();
    let team = svc.event(event).await.ok().and_then(|(_, run)| {
        run.invitation_for(user)
            .map(|i| (i.team.clone(), run.lang.clone()))
    });
    let done = if accept {
        svc.event_accept(event, user, name).await
    } else {
        svc.event_decline(event, user).await
    };
    if let Err(p) = done {
        refuse(ctx, c, p.message(lang)).await;
        return;
    }
    let (team, code) = team.unwrap_or_default();
    let key = if accept {
        "event-invitation-accepted"
    } else {
        "event-invitation-declined"
    };
    let text = say(
        yut_text::lang_of(&code),
        key,
        &[("team", team.into()), ("partner", user.to_string().into())],
    );
    let update = CreateInteractionResponseMessage::new()
        .content(text)
        .components(vec![])
        .allowed_mentions(CreateAllowedMentions::new());
    if let Err(e) = c
        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
        .await
    {
        tracing::warn!(event, error = %e, "answering an invitation failed");
    }
    show(data, event).await;
}

/// `/yut event-admin action [member] [reason]`: an admin steers the channel's event. Said
/// privately; written in the event's log; the message redrawn (a result's consequences,
/// the next round, follow from the service's news).
pub async fn admin(
    ctx: Context<'_>,
    action: EventActionChoice,
    member: Option<User>,
    reason: Option<String>,
) -> Result<(), Error> {
    let lang = ctx.locale().map_or(Lang::En, Lang::from_locale);
    let allowed = match ctx {
        poise::Context::Application(a) => is_admin(a.interaction.member.as_deref()),
        poise::Context::Prefix(_) => false,
    };
    if !allowed {
        ctx.send(private(say(lang, "event-not-admin", &[]))).await?;
        return Ok(());
    }
    let Some(event) = channel_event(ctx, lang).await? else {
        return Ok(());
    };
    let by = display_name(&ctx);
    let why = reason.unwrap_or_default();
    let svc = &ctx.data().service;
    let needs_member = matches!(
        action,
        EventActionChoice::Result | EventActionChoice::Disqualify
    );
    let who = member.as_ref().map(|m| m.id.get());
    if needs_member && who.is_none() {
        ctx.send(private(say(lang, "event-admin-needs-member", &[])))
            .await?;
        return Ok(());
    }
    let done = match action {
        EventActionChoice::Pause => svc.event_pause(event, &by).await,
        EventActionChoice::Resume => svc.event_resume(event, &by).await,
        EventActionChoice::Cancel => svc.event_cancel(event, &by).await,
        EventActionChoice::Result => {
            svc.event_result_for(event, who.unwrap_or(0), &by, &why)
                .await
        }
        EventActionChoice::Disqualify => {
            svc.event_disqualify(event, who.unwrap_or(0), &by, &why)
                .await
        }
    };
    match done {
        Ok(run) => {
            let line = run
                .log
                .last()
                .map(|l| super::log_line(&run, l))
                .unwrap_or_default();
            ctx.send(private(say(
                lang,
                "event-admin-done",
                &[("line", line.into())],
            )))
            .await?;
            show(ctx.data(), event).await;
        }
        Err(p) => {
            ctx.send(private(p.message(lang))).await?;
        }
    }
    Ok(())
}
