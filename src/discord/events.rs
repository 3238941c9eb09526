//! Community events in Discord (issue 49): `/yut event` opens an event in a channel
//! (admins: Swiss, single or double elimination, round robin; one person or a 2v2 team per
//! entrant), its message lets members join, check in and leave and an admin start it; 2v2
//! teams sign up with `/yut event-team` (the partner accepts), and admins steer it with
//! `/yut event-admin` ([`steer`]). Each round is paired by the service; every game gets a
//! line in the channel naming (and pinging) its players and a thread of its own opened from
//! that line, where the game is played as any other (a best-of's next game in the same
//! thread). Each game's end counts by itself; when a round is complete the next is paired at
//! once, and after the last the message shows the podium. The message shows the standings
//! (a picture drawn like the board) and the event's log after every result, and links the
//! event's web page where the server shows pages.

mod steer;
pub use steer::{admin, team, EventActionChoice};

use super::{Context, Data, Error};
use serenity::all::{
    ButtonStyle, ChannelId, ComponentInteraction, Context as SerenityContext, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage, CreateThread, EditMessage, MessageId, UserId,
};
use yut_event::{Act, EventFormat, Mode, Progress, Run, Setup, Stage};
use yut_service::{EventNews, EventSpec, Problem};
use yut_table::Lang;
use yut_text::say;

/// Custom ids of the event message's buttons: `yutev:<event>:<join|leave|start|cancel>`.
const PREFIX: &str = "yutev:";

fn is_admin(member: Option<&serenity::all::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The name of entrant `id` of `run`.
fn name_in(run: &Run, id: u64) -> String {
    run.entrant(id)
        .map_or_else(|| id.to_string(), |e| e.name.clone())
}

/// How an entrant is named in a line that pings: a person's mention, or a team's name with
/// its two people's mentions.
fn pinged(run: &Run, id: u64) -> String {
    match run.entrant(id) {
        Some(e) if !e.members.is_empty() => {
            let people: Vec<String> = e.members.iter().map(|m| format!("<@{m}>")).collect();
            format!("**{}** ({})", e.name, people.join(" "))
        }
        _ => format!("<@{id}>"),
    }
}

/// The event's format in words (its rounds, its matches).
fn format_text(run: &Run) -> String {
    let lang = yut_text::lang_of(&run.lang);
    let key = match run.format {
        EventFormat::Swiss => "event-format-swiss",
        EventFormat::Single => "event-format-single",
        EventFormat::Double => "event-format-double",
        EventFormat::RoundRobin => "event-format-robin",
        EventFormat::Tables => "event-format-tables",
    };
    let mut text = say(lang, key, &[("rounds", run.rounds.into())]);
    if run.best_of > 1 {
        text.push_str(" · ");
        text.push_str(&say(
            lang,
            "event-best-of",
            &[("games", run.best_of.into())],
        ));
    }
    if run.mode == Mode::Teams {
        text.push_str(" · ");
        text.push_str(&say(lang, "event-mode-teams", &[]));
    }
    if !run.setup.rated {
        text.push_str(" · ");
        text.push_str(&say(lang, "event-unrated", &[]));
    }
    text
}

/// One line of the event's log, in its language.
fn log_line(run: &Run, line: &yut_event::Logged) -> String {
    let lang = yut_text::lang_of(&run.lang);
    let by = if line.by.is_empty() {
        say(lang, "event-log-bot", &[])
    } else {
        line.by.clone()
    };
    let (key, who) = match &line.what {
        Act::Result { winner, .. } => ("event-log-result", name_in(run, *winner)),
        Act::NoShow { absent, .. } => ("event-log-no-show", name_in(run, *absent)),
        Act::Disqualified { entrant } => ("event-log-disqualified", name_in(run, *entrant)),
        Act::NotCheckedIn { entrant } => ("event-log-not-checked-in", entrant.to_string()),
        Act::Paused => ("event-log-paused", String::new()),
        Act::Resumed => ("event-log-resumed", String::new()),
        Act::Cancelled => ("event-log-cancelled", String::new()),
    };
    let mut text = say(
        lang,
        key,
        &[
            ("round", line.round.into()),
            ("by", by.into()),
            ("who", who.into()),
        ],
    );
    if !line.why.is_empty() {
        text.push_str(" (");
        text.push_str(&line.why);
        text.push(')');
    }
    text
}

/// Lines of the log the message shows (the newest).
const LOG_SHOWN: usize = 4;

/// The message of an event: its words, its buttons while it takes sign-ups or runs, a link
/// to its page (`link`, where the server shows pages), and its picture (the standings, or
/// the podium once it is over).
fn message_of(
    event: i64,
    run: &Run,
    link: Option<String>,
) -> (String, Vec<CreateActionRow>, CreateAttachment) {
    let lang = yut_text::lang_of(&run.lang);
    let mut text = say(
        lang,
        "event-title",
        &[
            ("name", run.name.clone().into()),
            ("format", format_text(run).into()),
        ],
    );
    text.push('\n');
    let standings = run.standings();
    match run.stage {
        Stage::SignUp if run.mode == Mode::Teams => {
            text.push_str(&say(lang, "event-sign-up-teams", &[]))
        }
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
                    .map_or_else(String::new, |s| name_in(run, s.entrant))
                    .into(),
            )],
        )),
        Stage::Cancelled => text.push_str(&say(lang, "event-cancelled", &[])),
    }
    if run.paused {
        text.push('\n');
        text.push_str(&say(lang, "event-paused-line", &[]));
    } else if let (true, Some(at)) = (run.round_done(), run.next_round_at()) {
        text.push('\n');
        text.push_str(&say(
            lang,
            "event-next-round-at",
            &[("at", format!("<t:{}:R>", at / 1000).into())],
        ));
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
    if run.check_in && run.stage == Stage::SignUp {
        let checked = run.entrants.iter().filter(|e| e.checked_in).count() as u32;
        text.push('\n');
        text.push_str(&say(
            lang,
            "event-checked-in",
            &[
                ("count", checked.into()),
                ("total", (run.entrants.len() as u32).into()),
            ],
        ));
    }
    let log: Vec<String> = run
        .log
        .iter()
        .rev()
        .take(LOG_SHOWN)
        .rev()
        .map(|l| format!("> {}", log_line(run, l)))
        .collect();
    if !log.is_empty() {
        text.push('\n');
        text.push_str(&log.join("\n"));
    }
    let button = |action: &str, key: &str, style: ButtonStyle| {
        CreateButton::new(format!("{PREFIX}{event}:{action}"))
            .label(say(lang, key, &[]))
            .style(style)
    };
    let mut buttons = match run.stage {
        Stage::SignUp => {
            let mut b = vec![
                button("join", "event-button-join", ButtonStyle::Primary),
                button("leave", "event-button-leave", ButtonStyle::Secondary),
            ];
            if run.check_in {
                b.push(button(
                    "checkin",
                    "event-button-check-in",
                    ButtonStyle::Primary,
                ));
            }
            b.push(button("start", "event-button-start", ButtonStyle::Success));
            b.push(button("cancel", "event-button-cancel", ButtonStyle::Danger));
            b
        }
        Stage::Round(_) => vec![
            button("leave", "event-button-leave", ButtonStyle::Secondary),
            button("cancel", "event-button-cancel", ButtonStyle::Danger),
        ],
        Stage::Finished | Stage::Cancelled => vec![],
    };
    if let Some(url) = link {
        buttons.push(CreateButton::new_link(url).label(say(lang, "event-button-page", &[])));
    }
    let rows = if buttons.is_empty() {
        vec![]
    } else {
        vec![CreateActionRow::Buttons(buttons)]
    };
    let picture = yut_service::event_picture(run);
    (text, rows, CreateAttachment::bytes(picture, "event.png"))
}

/// The link to event `event`'s page, where the bot serves pages and the server shows them
/// (its web setting is not `off`).
async fn page_link(data: &Data, event: i64, guild: u64) -> Option<String> {
    let web = data.options.web.as_ref()?;
    let d = data.service.server_defaults(guild).await.ok()?;
    if d.web.as_deref() == Some("off") {
        return None;
    }
    let signer = yut_web::sign::Signer::new(web.secret.as_bytes());
    Some(yut_web::event_page::link(
        &signer,
        &web.url,
        event,
        guild,
        d.web_epoch,
    ))
}

/// What `/yut event` was asked for.
pub struct Asked {
    pub name: String,
    pub format: Option<EventFormat>,
    pub teams: bool,
    pub rounds: Option<u32>,
    pub best_of: Option<u32>,
    pub preset: Option<String>,
    pub seconds: Option<u32>,
    pub check_in: Option<bool>,
    pub no_show: Option<u32>,
    pub cap: Option<u32>,
    pub rated: Option<bool>,
    pub round_minutes: Option<u32>,
}

impl Asked {
    fn spec(&self, lang: Lang) -> EventSpec {
        let name: String = self.name.trim().chars().take(60).collect();
        let mut spec = EventSpec::swiss(&name, self.rounds.unwrap_or(5).clamp(1, 15), lang);
        spec.format = self.format.unwrap_or_default();
        spec.best_of = self.best_of.unwrap_or(1).clamp(1, 7);
        if self.teams {
            spec.mode = Mode::Teams;
        }
        spec.cap = self.cap.unwrap_or(0);
        spec.check_in = self.check_in.unwrap_or(false);
        spec.setup = Setup {
            turn_seconds: self.seconds.unwrap_or(0),
            preset: self.preset.clone().unwrap_or_default(),
            no_show_seconds: self.no_show.unwrap_or(5).max(1) * 60,
            rated: self.rated.unwrap_or(true),
            round_minutes: self.round_minutes.unwrap_or(0),
        };
        spec
    }
}

/// `/yut event`: open an event in this channel (admins), its message posted here.
pub async fn open(ctx: Context<'_>, asked: Asked) -> Result<(), Error> {
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
    let spec = asked.spec(lang);
    let event = match data
        .service
        .create_event_with(guild.get(), channel, &spec)
        .await
    {
        Ok(e) => e,
        Err(p) => {
            ctx.send(private(p.message(lang))).await?;
            return Ok(());
        }
    };
    let link = page_link(data, event, guild.get()).await;
    let (text, rows, picture) = message_of(event, &spec.run(), link);
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

/// A press on an event message's button (or an invitation's).
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
    if action == "accept" || action == "decline" {
        steer::answer_invite(ctx, data, c, event, action == "accept", &name).await;
        return true;
    }
    let done = match action {
        "join" => svc.event_join(event, user, &name, 1500.0).await,
        "leave" => svc.event_leave(event, user).await,
        "checkin" => svc.event_check_in(event, user).await,
        "start" | "cancel" if !admin => {
            refuse(ctx, c, say(lang, "event-not-admin", &[])).await;
            return true;
        }
        "start" => match svc.event_start_round(event).await {
            Ok(_) => svc.event(event).await.map(|(_, run)| run),
            Err(p) => Err(p),
        },
        "cancel" => svc.event_cancel(event, &name).await,
        _ => Err(Problem::BadButton),
    };
    let run = match done {
        Ok(run) => run,
        Err(p) => {
            refuse(ctx, c, p.message(lang)).await;
            return true;
        }
    };
    let link = match c.guild_id {
        Some(g) => page_link(data, event, g.get()).await,
        None => None,
    };
    let (text, rows, picture) = message_of(event, &run, link);
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
    let name_of = |id: u64| name_in(&run, id);
    if let Some(who) = games.bye {
        let line = say(
            lang,
            "event-bye",
            &[
                ("event", run.name.clone().into()),
                ("round", (round + 1).into()),
                ("who", pinged(&run, who).into()),
            ],
        );
        let people = run.entrant(who).map(|e| e.people()).unwrap_or_default();
        let m = CreateMessage::new().content(line).allowed_mentions(
            CreateAllowedMentions::new().users(people.into_iter().map(UserId::new)),
        );
        if let Err(e) = channel.send_message(http, m).await {
            tracing::warn!(event, error = %e, "could not say the round's bye");
        }
    }
    let settings = match svc
        .event_game_settings(
            row.guild,
            &run,
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
        if p.game.is_some() || p.result.is_some() {
            continue;
        }
        // A best-of's next game: in the thread of the match's games.
        if let Some(&last) = p.earlier.last() {
            if let Some(t) = svc.game_table(last).await {
                if let Err(problem) = svc
                    .event_open_game(event, round, i as u32, t.channel, settings.clone())
                    .await
                {
                    tracing::error!(
                        event,
                        round,
                        ?problem,
                        "a match's next game could not be opened"
                    );
                }
                continue;
            }
        }
        // The second seat, and a table's third and fourth.
        let others = p
            .everyone()
            .iter()
            .skip(1)
            .map(|&e| pinged(&run, e))
            .collect::<Vec<_>>()
            .join(" · ");
        let line = say(
            lang,
            "event-pairing",
            &[
                ("event", run.name.clone().into()),
                ("round", (round + 1).into()),
                ("game", (i as u32 + 1).into()),
                ("first", pinged(&run, p.first).into()),
                ("second", others.into()),
            ],
        );
        let people: Vec<UserId> = p
            .everyone()
            .iter()
            .flat_map(|&e| run.entrant(e).map(|e| e.people()).unwrap_or_default())
            .map(UserId::new)
            .collect();
        let mentions = CreateAllowedMentions::new().users(people);
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
                (
                    "second",
                    p.everyone()
                        .iter()
                        .skip(1)
                        .map(|&e| name_of(e))
                        .collect::<Vec<_>>()
                        .join(", ")
                        .into(),
                ),
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

/// How often the no-show rule looks at the events' games.
const SWEEP: std::time::Duration = std::time::Duration::from_secs(15);

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
            if carry.service.event_round_due(event).await {
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
    // The no-show rule, every [`SWEEP`].
    let sweeper = data.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SWEEP);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(p) = sweeper.service.event_sweep().await {
                tracing::warn!(problem = ?p, "the events' no-show sweep failed");
            }
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
            match progress {
                // Paired now, or when its time comes (the sweep says so then).
                Progress::RoundDone if data.service.event_round_due(event).await => {
                    match data.service.event_start_round(event).await {
                        Ok(_) => open_round(&data, event).await,
                        Err(p) => {
                            tracing::warn!(event, problem = ?p, "the event's next round could not be paired")
                        }
                    }
                }
                Progress::RoundDone => {}
                // A best-of's next game.
                Progress::NextGame => open_round(&data, event).await,
                Progress::Pending | Progress::Finished => {}
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
    let link = page_link(data, event, row.guild).await;
    let (text, rows, picture) = message_of(event, &run, link);
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
