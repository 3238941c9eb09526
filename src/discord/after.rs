//! After the game, on Discord: `/yut replay`, `/yut history` and the Replay, Analysis and
//! My game review buttons of a finished board. Each answers with one call when its files are
//! ready within 1.5 s (they take a few hundred milliseconds), else acknowledges first and sends
//! them after: the replay and the chart in the channel, the review privately to the person who
//! asked.

use super::wire;
use super::{Context, Data, Error};
use poise::CreateReply;
use serenity::all::{
    ComponentInteraction, Context as SerenityContext, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
};
use yut_service::after::{self, AfterButton, AfterProblem};
use yut_table::{Lang, View};
use yut_text::say;

/// The replay's size limit: what the interaction allows, else Discord's smallest tier.
fn limit(attachment_size_limit: u32) -> usize {
    match attachment_size_limit as usize {
        0 => yut_replay::anim::DEFAULT_LIMIT,
        // Leave room for the record and the request around the files.
        n => n.saturating_sub(256 * 1024).max(1 << 20),
    }
}

fn replay_attachments(files: &after::ReplayFiles) -> Vec<CreateAttachment> {
    vec![
        CreateAttachment::bytes(files.replay.gif.clone(), format!("yut-{}.gif", files.game))
            .description(files.alt.clone()),
        CreateAttachment::bytes(
            files.record.clone().into_bytes(),
            format!("yut-{}.json", files.game),
        ),
    ]
}

/// `/yut replay [game]`.
pub async fn replay_command(ctx: Context<'_>, game: Option<i64>, lang: Lang) -> Result<(), Error> {
    let (Some(guild), channel) = (ctx.guild_id(), ctx.channel_id()) else {
        return Ok(());
    };
    let size = match ctx {
        poise::Context::Application(a) => a.interaction.attachment_size_limit,
        poise::Context::Prefix(_) => 0,
    };
    let service = ctx.data().service.clone();
    let work = service.replay(guild.get(), channel.get(), game, limit(size));
    tokio::pin!(work);
    // One answer when the files are ready in time; else "thinking…" first.
    let answer = match tokio::time::timeout(wire::ANSWER_WITHIN, &mut work).await {
        Ok(a) => a,
        Err(_) => {
            ctx.defer().await?;
            work.await
        }
    };
    match answer {
        Ok(files) => {
            let mut reply = CreateReply::default()
                .content(files.text.clone())
                .allowed_mentions(wire::no_mentions());
            for a in replay_attachments(&files) {
                reply = reply.attachment(a);
            }
            ctx.send(reply).await?;
        }
        Err(p) => refuse(ctx, &p, lang).await?,
    }
    Ok(())
}

/// `/yut verify`: a record attached (as `/yut replay` gives it), or a finished game of this
/// server by number, checked: the seed against its commitment, then every throw played again.
/// Answered privately: verified with the number of throws, or the first thing that differs.
pub async fn verify_command(
    ctx: Context<'_>,
    game: Option<i64>,
    record: Option<serenity::all::Attachment>,
    lang: Lang,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let private = |text: String| {
        CreateReply::default()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(wire::no_mentions())
    };
    let max = yut_replay::record::MAX_BYTES;
    let checked = match (record, game) {
        (Some(file), _) => {
            if file.size as usize > max {
                Err(yut_replay::record::Rejected::TooLarge(file.size as usize))
            } else {
                ctx.defer_ephemeral().await?;
                match file.download().await {
                    Ok(bytes) => {
                        tokio::task::spawn_blocking(move || yut_replay::record::verify(&bytes))
                            .await
                            .map_err(|e| anyhow::anyhow!("verifying a record: {e}"))?
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "a record to verify could not be downloaded");
                        let text = say(lang, "after-verify-download", &[]);
                        ctx.send(private(text)).await?;
                        return Ok(());
                    }
                }
            }
        }
        (None, Some(game)) => match ctx.data().service.verify_game(guild.get(), game).await {
            Ok(r) => r,
            Err(p) => return refuse(ctx, &p, lang).await,
        },
        (None, None) => {
            ctx.send(private(say(lang, "after-verify-how", &[])))
                .await?;
            return Ok(());
        }
    };
    let text = match checked {
        Ok(n) => say(lang, "after-verified", &[("throws", (n as u32).into())]),
        Err(why) => say(
            lang,
            "after-not-verified",
            &[("why", why.to_string().into())],
        ),
    };
    ctx.send(private(text)).await?;
    Ok(())
}

async fn refuse(ctx: Context<'_>, p: &AfterProblem, lang: Lang) -> Result<(), Error> {
    if let Some(why) = p.broken() {
        tracing::error!(channel = ctx.channel_id().get(), why = %why, "a replay failed");
    }
    ctx.send(
        CreateReply::default()
            .content(p.message(lang))
            .ephemeral(true)
            .allowed_mentions(wire::no_mentions()),
    )
    .await?;
    Ok(())
}

/// `/yut history [user]`: the last games of this server with buttons to their replays.
pub async fn history_command(ctx: Context<'_>, user: Option<u64>, lang: Lang) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let games = match ctx.data().service.history(guild.get(), user, 10).await {
        Ok(g) => g,
        Err(p) => return refuse(ctx, &p, lang).await,
    };
    let rows = games
        .chunks(5)
        .map(|chunk| {
            chunk
                .iter()
                .map(|g| yut_table::Button {
                    label: format!("🎞️ #{}", g.game),
                    style: yut_table::Style::Secondary,
                    custom_id: after::encode_after(g.game, AfterButton::Replay),
                    disabled: false,
                })
                .collect::<Vec<_>>()
                .into()
        })
        .collect();
    let view = View {
        rows,
        ..View::default()
    };
    ctx.send(
        CreateReply::default()
            .content(after::history_text(&games, lang))
            .components(wire::components(&view))
            .ephemeral(true)
            .allowed_mentions(wire::no_mentions()),
    )
    .await?;
    Ok(())
}

/// What an after-game button answers: a message with files (or a refusal).
struct Files {
    text: String,
    files: Vec<CreateAttachment>,
}

#[allow(clippy::too_many_arguments)]
async fn after_files(
    data: &Data,
    guild: u64,
    channel: u64,
    game: i64,
    which: AfterButton,
    user: u64,
    size_limit: u32,
    lang: Lang,
) -> Result<Files, AfterProblem> {
    let service = &data.service;
    match which {
        AfterButton::Replay => service
            .replay(guild, channel, Some(game), limit(size_limit))
            .await
            .map(|f| Files {
                text: f.text.clone(),
                files: replay_attachments(&f),
            }),
        AfterButton::Analysis => service
            .analysis(guild, game)
            .await
            .map(|(chart, text)| Files {
                text,
                files: vec![
                    CreateAttachment::bytes(chart.png, format!("yut-{game}-chart.png"))
                        .description(chart.alt),
                ],
            }),
        AfterButton::Fair => service.fair(guild, game, lang).await.map(|text| Files {
            text,
            files: vec![],
        }),
        // (Follow is answered by `follow::click`, never here.)
        AfterButton::Follow | AfterButton::Board => Err(AfterProblem::NoSuchGame),
        AfterButton::Review => {
            service
                .my_review(guild, game, user, lang)
                .await
                .map(|(text, pngs)| Files {
                    text: truncate(text),
                    files: pngs
                        .into_iter()
                        .enumerate()
                        .map(|(i, p)| {
                            CreateAttachment::bytes(
                                p.png,
                                format!("yut-{game}-decision-{}.png", i + 1),
                            )
                            .description(p.alt)
                        })
                        .collect(),
                })
        }
    }
}

/// A broken game record is the bot's fault: logged, besides the refusal the player reads.
fn log_broken(game: i64, channel: u64, p: &AfterProblem) {
    if let AfterProblem::Broken(why) = p {
        tracing::error!(game, channel, why = %why, "after-game files failed");
    }
}

/// A click on Replay, Analysis or My game review. Answered with one call (the files, or a
/// private refusal) when they are ready within [`super::wire::ANSWER_WITHIN`]; else
/// acknowledged first and the answer edited in.
pub async fn click(
    ctx: &SerenityContext,
    data: &Data,
    c: &ComponentInteraction,
    game: i64,
    which: AfterButton,
) {
    let lang = Lang::from_locale(&c.locale);
    let channel = c.channel_id.get();
    // In a DM (a follower's "game over" message), the game's own server.
    let guild = match c.guild_id {
        Some(g) => g.get(),
        None => match data.service.game_table(game).await {
            Some(t) => t.guild,
            None => 0,
        },
    };
    // A review is the clicker's own; and a button on a private message (the `/yut history`
    // list) answers privately too: nobody else saw the question.
    let private = matches!(which, AfterButton::Review | AfterButton::Fair)
        || c.message
            .flags
            .is_some_and(|f| f.contains(serenity::all::MessageFlags::EPHEMERAL));
    let work = after_files(
        data,
        guild,
        channel,
        game,
        which,
        c.user.id.get(),
        c.attachment_size_limit,
        lang,
    );
    tokio::pin!(work);
    if let Ok(answer) = tokio::time::timeout(wire::ANSWER_WITHIN, &mut work).await {
        let msg = match answer {
            Ok(f) => CreateInteractionResponseMessage::new()
                .content(f.text)
                .add_files(f.files)
                .ephemeral(private),
            Err(p) => {
                log_broken(game, channel, &p);
                CreateInteractionResponseMessage::new()
                    .content(p.message(lang))
                    .ephemeral(true)
            }
        };
        let msg = msg.allowed_mentions(wire::no_mentions());
        if let Err(e) = c
            .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
            .await
        {
            tracing::warn!(game, channel, error = %e, "sending after-game files failed");
        }
        return;
    }
    let defer = CreateInteractionResponse::Defer(
        CreateInteractionResponseMessage::new().ephemeral(private),
    );
    if let Err(e) = c.create_response(&ctx.http, defer).await {
        tracing::warn!(game, channel, error = %e, "acknowledging an after-game button failed");
        return;
    }
    let msg = match work.await {
        Ok(f) => f
            .files
            .into_iter()
            .fold(EditInteractionResponse::new().content(f.text), |m, a| {
                m.new_attachment(a)
            }),
        Err(p) => {
            log_broken(game, channel, &p);
            if !private {
                // The refusal goes only to the person who clicked.
                let _ = c.delete_response(&ctx.http).await;
                let note = CreateInteractionResponseFollowup::new()
                    .content(p.message(lang))
                    .ephemeral(true)
                    .allowed_mentions(wire::no_mentions());
                if let Err(e) = c.create_followup(&ctx.http, note).await {
                    tracing::warn!(game, channel, error = %e, "sending a private refusal failed");
                }
                return;
            }
            EditInteractionResponse::new().content(p.message(lang))
        }
    };
    let msg = msg.allowed_mentions(wire::no_mentions());
    if let Err(e) = c.edit_response(&ctx.http, msg).await {
        tracing::warn!(game, channel, error = %e, "sending after-game files failed");
    }
}

fn truncate(s: String) -> String {
    if s.chars().count() <= wire::MAX_CONTENT {
        s
    } else {
        s.chars().take(wire::MAX_CONTENT - 1).collect::<String>() + "…"
    }
}
