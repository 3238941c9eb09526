//! Community events in Discord (issue 49): `/yut event` opens a Swiss event in a channel
//! (admins), its message lets members join and leave and an admin start it. Each round is
//! paired by the service; every game gets a line in the channel naming (and pinging) its two
//! players and a thread of its own opened from that line, where the game is played as any
//! other. Each game's end counts by itself; when a round is complete the next is paired at
//! once, and after the last the message shows the podium. The message shows the standings
//! (a picture drawn like the board) after every result.

use super::{Context, Data, Error};
use serenity::all::{
    ButtonStyle, ChannelId, ComponentInteraction, Context as SerenityContext, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage, CreateThread, EditMessage, MessageId, UserId,
};
use yut_event::{Progress, Run, Stage};
use yut_service::{EventNews, Problem};
use yut_table::Lang;
use yut_text::say;

/// Custom ids of the event message's buttons: `yutev:<event>:<join|leave|start|cancel>`.
const PREFIX: &str = "yutev:";

fn is_admin(member: Option<&serenity::all::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The message of an event: its words, its buttons while it takes sign-ups or runs, and its
/// picture (the standings, or the podium once it is over).
fn message_of(event: i64, run: &Run) -> (String, Vec<CreateActionRow>, CreateAttachment) {
    let lang = yut_text::lang_of(&run.lang);
    let mut text = say(
        lang,
        "event-title",
        &[
            ("name", run.name.clone().into()),
            ("rounds", run.rounds.into()),
        ],
    );
    text.push('\n');
    let standings = run.standings();
    let name_of = |id: u64| {
        run.entrant(id)
            .map_or_else(|| id.to_string(), |e| e.name.clone())
    };
    match run.stage {
        Stage::SignUp => text.push_str(&say(lang, "event-sign-up", &[])),
        Stage::Round(n) => text.push_str(&say(
            lang,
            "event-round",
            &[("round", (n + 1).into()), ("rounds", run.rounds.into())],
        )),
        Stage::Finished => text.push_str(&say(
            lang,
            "event-finished",
            &[(
                "name",
                standings
                    .first()
                    .map_or_else(String::new, |s| name_of(s.entrant))
                    .into(),
            )],
        )),
        Stage::Cancelled => text.push_str(&say(lang, "event-cancelled", &[])),
    }
    text.push('\n');
    let active: Vec<String> = run
        .entrants
        .iter()
        .filter(|e| !e.dropped)
        .map(|e| e.name.clone())
        .collect();
    if active.is_empty() {
        text.push_str(&say(lang, "event-no-entrants", &[]));
    } else {
        let mut names = active
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if active.len() > 40 {
            names.push_str(", …");
        }
        text.push_str(&say(
            lang,
            "event-entrants",
            &[
                ("count", (active.len() as u32).into()),
                ("names", names.into()),
            ],
        ));
    }
    let button = |action: &str, key: &str, style: ButtonStyle| {
        CreateButton::new(format!("{PREFIX}{event}:{action}"))
            .label(say(lang, key, &[]))
            .style(style)
    };
    let rows = match run.stage {
        Stage::SignUp => vec![CreateActionRow::Buttons(vec![
            button("join", "event-button-join", ButtonStyle::Primary),
            button("leave", "event-button-leave", ButtonStyle::Secondary),
            button("start", "event-button-start", ButtonStyle::Success),
            button("cancel", "event-button-cancel", ButtonStyle::Danger),
        ])],
        Stage::Round(_) => vec![CreateActionRow::Buttons(vec![
            button("leave", "event-button-leave", ButtonStyle::Secondary),
            button("cancel", "event-button-cancel", ButtonStyle::Danger),
        ])],
        Stage::Finished | Stage::Cancelled => vec![],
    };
    let picture = yut_service::event_picture(run);
    (text, rows, CreateAttachment::bytes(picture, "event.png"))
}

/// `/yut event`: open a Swiss event in this channel (admins), its message posted here.
pub async fn open(ctx: Context<'_>, name: String, rounds: Option<u32>) -> Result<(), Error> {
    let lang = ctx.locale().map_or(Lang::En, Lang::from_locale);
    let admin = match ctx {
        poise::Context::Application(a) => is_admin(a.interaction.member.as_deref()),
        poise::Context::Prefix(_) => false,
    };
    let private = |text: String| {
        poise::CreateReply::default()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new())
    };
    let Some(guild) = ctx.guild_id() else {
        ctx.send(private(say(lang, "event-not-admin", &[]))).await?;
        return Ok(());
    };
    if !admin {
        ctx.send(private(say(lang, "event-not-admin", &[]))).await?;
        return Ok(());
    }
    let data = ctx.data();
    let channel = ctx.channel_id().get();
    let name: String = name.trim().chars().take(60).collect();
    let rounds = rounds.unwrap_or(5).clamp(1, 15);
    let event = match data
        .service
        .create_event(guild.get(), channel, &name, rounds, 0, lang)
        .await
    {
        Ok(e) => e,
        Err(p) => {
            ctx.send(private(p.message(lang))).await?;
            return Ok(());
        }
    };
    let mut run = Run::new(&name, rounds, 0);
    run.lang = yut_text::code(lang).to_string();
    let (text, rows, picture) = message_of(event, &run);
    let reply = poise::CreateReply::default()
        .content(text)
        .components(rows)
        .attachment(picture)
        .allowed_mentions(CreateAllowedMentions::new());
    let handle = ctx.send(reply).await?;
    let message = handle.message().await?;
    if let Err(p) = data.service.event_posted(event, message.id.get()).await {
        tracing::warn!(event, problem = ?p, "could not keep the event's message");
    }
    Ok(())
}

/// A press on an event message's button.
pub async fn click(ctx: &SerenityContext, data: &Data, c: &ComponentInteraction) -> bool {
    let Some(rest) = c.data.custom_id.strip_prefix(PREFIX) else {
        return false;
    };
    let lang = Lang::from_locale(&c.locale);
    let mut parts = rest.split(':');
    let (Some(Ok(event)), Some(action)) = (parts.next().map(str::parse::<i64>), parts.next())
    else {
        refuse(ctx, c, Problem::BadButton.message(lang)).await;
        return true;
    };
    let svc = &data.service;
    let user = c.user.id.get();
    let name = c.member.as_ref().map_or_else(
        || c.user.display_name().to_string(),
        |m| m.display_name().to_string(),
    );
    let admin = is_admin(c.member.as_ref());
    let done = match action {
        "join" => svc.event_join(event, user, &name, 1500.0).await,
        "leave" => svc.event_leave(event, user).await,
        "start" | "cancel" if !admin => {
            refuse(ctx, c, say(lang, "event-not-admin", &[])).await;
            return true;
        }
        "start" => match svc.event_start_round(event).await {
            Ok(_) => svc.event(event).await.map(|(_, run)| run),
            Err(p) => Err(p),
        },
        "cancel" => svc.event_cancel(event).await,
        _ => Err(Problem::BadButton),
    };
    let run = match done {
        Ok(run) => run,
        Err(p) => {
            refuse(ctx, c, p.message(lang)).await;
            return true;
        }
    };
    let (text, rows, picture) = message_of(event, &run);
    let update = CreateInteractionResponseMessage::new()
        .content(text)
        .components(rows)
        .files([picture])
        .allowed_mentions(CreateAllowedMentions::new());
    if let Err(e) = c
        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
        .await
    {
        tracing::warn!(event, error = %e, "answering an event's button failed");
    }
    if action == "start" {
        open_round(data, event).await;
    }
    true
}

async fn refuse(ctx: &SerenityContext, c: &ComponentInteraction, text: String) {
    let answer = CreateInteractionResponse::Message(super::wire::private_message(text));
    if let Err(e) = c.create_response(&ctx.http, answer).await {
        tracing::warn!(error = %e, "sending a private refusal failed");
    }
}

/// Open the games of the event's round being played: for each, a line in the event's
/// channel pinging its two players, a thread from that line, the game started there.
async fn open_round(data: &Data, event: i64) {
    let svc = &data.service;
    let Ok((row, run)) = svc.event(event).await else {
        return;
    };
    let lang = yut_text::lang_of(&run.lang);
    let Some((round, games)) = run.current().map(|(n, r)| (n, r.clone())) else {
        return;
    };
    let http = &data.poster.http;
    let channel = ChannelId::new(row.channel);
    let name_of = |id: u64| {
        run.entrant(id)
            .map_or_else(|| id.to_string(), |e| e.name.clone())
    };
    if let Some(who) = games.bye {
        let line = say(
            lang,
            "event-bye",
            &[
                ("event", run.name.clone().into()),
                ("round", (round + 1).into()),
                ("who", who.to_string().into()),
            ],
        );
        let m = CreateMessage::new()
            .content(line)
            .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(who)]));
        if let Err(e) = channel.send_message(http, m).await {
            tracing::warn!(event, error = %e, "could not say the round's bye");
        }
    }
    let settings = match svc
        .event_game_settings(
            row.guild,
            lang,
            data.options.turn_seconds,
            data.options.bot_delay_ms,
        )
        .await
    {
        Ok(s) => s,
        Err(p) => {
            tracing::error!(event, problem = ?p, "the event's games cannot be opened");
            return;
        }
    };
    for (i, p) in games.games.iter().enumerate() {
        if p.game.is_some() {
            continue;
        }
        let line = say(
            lang,
            "event-pairing",
            &[
                ("event", run.name.clone().into()),
                ("round", (round + 1).into()),
                ("game", (i as u32 + 1).into()),
                ("first", p.first.to_string().into()),
                ("second", p.second.to_string().into()),
            ],
        );
        let mentions =
            CreateAllowedMentions::new().users([UserId::new(p.first), UserId::new(p.second)]);
        let posted = channel
            .send_message(
                http,
                CreateMessage::new()
                    .content(line)
                    .allowed_mentions(mentions),
            )
            .await;
        let thread_name: String = say(
            lang,
            "event-thread",
            &[
                ("event", run.name.clone().into()),
                ("round", (round + 1).into()),
                ("first", name_of(p.first).into()),
                ("second", name_of(p.second).into()),
            ],
        )
        .chars()
        .take(100)
        .collect();
        // The game's thread, from its line; where threads cannot be opened, the line's
        // channel would hold only one game: the event needs threads.
        let thread = match posted {
            Ok(m) => channel
                .create_thread_from_message(
                    http,
                    m.id,
                    CreateThread::new(thread_name)
                        .auto_archive_duration(serenity::all::AutoArchiveDuration::OneDay),
                )
                .await
                .map(|t| t.id.get()),
            Err(e) => Err(e),
        };
        match thread {
            Ok(thread) => {
                if let Err(p) = svc
                    .event_open_game(event, round, i as u32, thread, settings.clone())
                    .await
                {
                    tracing::error!(event, round, problem = ?p, "an event game could not be opened");
                }
            }
            Err(e) => {
                tracing::error!(event, round, error = %e, "an event game's thread could not be opened");
            }
        }
    }
}

/// Follow the events' news: after each result the event's message shows the standings; a
/// complete round pairs the next at once; the last shows the podium.
pub fn follow_news(data: Data) {
    let mut news = data.service.event_news();
    // After a restart or a takeover: the events this process now runs that wait for it.
    let carry = data.clone();
    tokio::spawn(async move {
        if !carry
            .service
            .wait_for_shards(std::time::Duration::from_secs(600))
            .await
        {
            return;
        }
        let waiting = match carry.service.events_to_carry_on().await {
            Ok(w) => w,
            Err(p) => {
                tracing::warn!(problem = ?p, "could not read the events to carry on");
                return;
            }
        };
        for event in waiting {
            let done = carry
                .service
                .event(event)
                .await
                .is_ok_and(|(_, run)| run.round_done());
            if done {
                if let Err(p) = carry.service.event_start_round(event).await {
                    tracing::warn!(event, problem = ?p, "the event's next round could not be paired");
                    continue;
                }
            }
            tracing::info!(event, "carrying on an event's round");
            open_round(&carry, event).await;
            show(&carry, event).await;
        }
    });
    tokio::spawn(async move {
        loop {
            let n = match news.recv().await {
                Ok(n) => n,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            };
            let EventNews::Reported {
                event, progress, ..
            } = n;
            if progress == Progress::RoundDone {
                if let Err(p) = data.service.event_start_round(event).await {
                    tracing::warn!(event, problem = ?p, "the event's next round could not be paired");
                } else {
                    open_round(&data, event).await;
                }
            }
            show(&data, event).await;
        }
    });
}

/// Edit the event's message to show it as it stands.
async fn show(data: &Data, event: i64) {
    let Ok((row, run)) = data.service.event(event).await else {
        return;
    };
    let Some(message) = row.message else { return };
    let (text, rows, picture) = message_of(event, &run);
    let edit = EditMessage::new()
        .content(text)
        .components(rows)
        .new_attachment(picture);
    if let Err(e) = ChannelId::new(row.channel)
        .edit_message(&data.poster.http, MessageId::new(message), edit)
        .await
    {
        tracing::warn!(event, error = %e, "could not show the event's message");
    }
}
