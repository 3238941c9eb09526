//! The `/yut` slash command and its subcommands, localized for English and Korean. Each one
//! translates to a service call; the rules live in `table` and `game`.

use super::send;
use super::{rules_text, Context, Error};
use crate::ai::Level;
use crate::game::{Preset, Rules};
use crate::rating::season::SeasonLength;
use crate::rating::ModeFamily;
use crate::table::open::{rules_error_ko, GameRequest, Pieces};
use crate::table::service::{Invitee, Problem, Update};
use crate::table::{Actor, Command, Lang, View};
use poise::CreateReply;
use serenity::all::{Mentionable, User};

fn lang(ctx: &Context<'_>) -> Lang {
    ctx.locale().map_or(Lang::En, Lang::from_locale)
}

fn tr(lang: Lang, en: &str, ko: &str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::Ko => ko.to_string(),
    }
}

fn actor(ctx: &Context<'_>) -> Actor {
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    super::router::actor_of(ctx.author(), member).speaking(lang(ctx))
}

async fn private(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(send::no_mentions()),
    )
    .await?;
    Ok(())
}

fn link(guild: u64, channel: u64, message: u64) -> String {
    format!("https://discord.com/channels/{guild}/{channel}/{message}")
}

/// Yut Nori (윷놀이).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "윷"),
    description_localized("ko", "윷놀이"),
    subcommands(
        "new",
        "challenge",
        "join",
        "leave",
        "start",
        "stop",
        "board",
        "rules",
        "stats",
        "leaderboard",
        "settings",
        "replay",
        "history",
        "fortune",
        "help"
    ),
    subcommand_required
)]
pub async fn yut(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Mode {
    #[name = "Free for all"]
    #[name_localized("ko", "개인전")]
    Solo,
    #[name = "2v2 teams"]
    #[name_localized("ko", "2대2 팀전")]
    Teams,
}

/// A rated mode family.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FamilyChoice {
    #[name = "1v1"]
    #[name_localized("ko", "1대1")]
    OneVsOne,
    #[name = "2v2 teams"]
    #[name_localized("ko", "2대2 팀전")]
    Teams,
    #[name = "Free for all (3-4 players)"]
    #[name_localized("ko", "개인전 (3~4명)")]
    FreeForAll,
}

impl FamilyChoice {
    pub fn family(self) -> ModeFamily {
        match self {
            FamilyChoice::OneVsOne => ModeFamily::OneVsOne,
            FamilyChoice::Teams => ModeFamily::Teams,
            FamilyChoice::FreeForAll => ModeFamily::FreeForAll,
        }
    }
}

/// How long a season lasts.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SeasonChoice {
    #[name = "Monthly"]
    #[name_localized("ko", "한 달마다")]
    Monthly,
    #[name = "Quarterly"]
    #[name_localized("ko", "석 달마다")]
    Quarterly,
    #[name = "Off (one season for ever)"]
    #[name_localized("ko", "끄기 (시즌 없음)")]
    Off,
}

impl SeasonChoice {
    pub fn length(self) -> SeasonLength {
        match self {
            SeasonChoice::Monthly => SeasonLength::Monthly,
            SeasonChoice::Quarterly => SeasonLength::Quarterly,
            SeasonChoice::Off => SeasonLength::Off,
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PresetChoice {
    #[name = "Standard"]
    #[name_localized("ko", "기본")]
    Standard,
    #[name = "Board game"]
    #[name_localized("ko", "보드게임")]
    Boardgame,
    #[name = "Yunnori"]
    #[name_localized("ko", "윷놀이")]
    Yunnori,
    #[name = "Nyout (old rules)"]
    #[name_localized("ko", "옛 규칙")]
    Nyout,
}

impl PresetChoice {
    pub fn preset(self) -> Preset {
        match self {
            PresetChoice::Standard => Preset::Standard,
            PresetChoice::Boardgame => Preset::Boardgame,
            PresetChoice::Yunnori => Preset::Yunnori,
            PresetChoice::Nyout => Preset::Nyout,
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PiecesChoice {
    #[name = "2 pieces"]
    #[name_localized("ko", "말 2개")]
    Two,
    #[name = "3 pieces"]
    #[name_localized("ko", "말 3개")]
    Three,
    #[name = "4 pieces"]
    #[name_localized("ko", "말 4개")]
    Four,
    #[name = "By number of sides"]
    #[name_localized("ko", "편 수에 따라")]
    Auto,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "Easy"]
    #[name_localized("ko", "쉬움")]
    Easy,
    #[name = "Normal"]
    #[name_localized("ko", "보통")]
    Normal,
    #[name = "Master"]
    #[name_localized("ko", "어려움")]
    Master,
}

/// Suggestions while house rules are typed.
async fn complete_house_rules(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    Rules::complete_text(partial)
}

/// Open a new game in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "새판"),
    description_localized("ko", "이 채널에 새 판을 열어요")
)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Free for all or 2v2 teams"]
    #[description_localized("ko", "개인전 또는 2대2 팀전")]
    #[name_localized("ko", "방식")]
    mode: Option<Mode>,
    #[description = "Seats for free for all (2 to 4)"]
    #[description_localized("ko", "개인전 자리 수 (2~4)")]
    #[name_localized("ko", "자리")]
    #[min = 2]
    #[max = 4]
    seats: Option<u8>,
    #[description = "Rule preset"]
    #[description_localized("ko", "규칙")]
    #[name_localized("ko", "규칙")]
    preset: Option<PresetChoice>,
    #[description = "House rules on top of the preset, e.g. backdo=off finish=exact (/yut rules options)"]
    #[description_localized(
        "ko",
        "규칙에 더할 집안 규칙, 예: backdo=off finish=exact (/윷 규칙 옵션)"
    )]
    #[name_localized("ko", "집안규칙")]
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
    #[description = "Pieces per side"]
    #[description_localized("ko", "편마다 말 수")]
    #[name_localized("ko", "말")]
    pieces: Option<PiecesChoice>,
    #[description = "Seconds per action (10 to 300)"]
    #[description_localized("ko", "한 수에 주는 시간(초, 10~300)")]
    #[name_localized("ko", "초")]
    #[min = 10]
    #[max = 300]
    seconds: Option<u32>,
    #[description = "Wins needed to take the match (1 to 9)"]
    #[description_localized("ko", "승부에 필요한 승 수 (1~9)")]
    #[name_localized("ko", "승수")]
    #[min = 1]
    #[max = 9]
    match_length: Option<u8>,
    #[description = "Bots to seat at once (0 to 3)"]
    #[description_localized("ko", "처음부터 앉힐 봇 수 (0~3)")]
    #[name_localized("ko", "봇")]
    #[min = 0]
    #[max = 3]
    bots: Option<u8>,
    #[description = "Strength of those bots"]
    #[description_localized("ko", "봇의 실력")]
    #[name_localized("ko", "봇실력")]
    bot_level: Option<LevelChoice>,
) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    let (Some(guild), channel) = (ctx.guild_id(), ctx.channel_id().get()) else {
        return private(
            ctx,
            tr(
                lang,
                "Games are played in servers.",
                "서버에서만 할 수 있어요.",
            ),
        )
        .await;
    };
    let request = GameRequest {
        preset: preset.map(|p| p.preset()),
        house_rules,
        pieces: pieces.map(|p| match p {
            PiecesChoice::Two => Pieces::N(2),
            PiecesChoice::Three => Pieces::N(3),
            PiecesChoice::Four => Pieces::N(4),
            PiecesChoice::Auto => Pieces::Auto,
        }),
        first_to: match_length,
        teams: matches!(mode, Some(Mode::Teams)),
        seats,
        turn_seconds: seconds,
        lang,
        bots: bots.unwrap_or(0),
        level: match bot_level.unwrap_or(LevelChoice::Normal) {
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Normal => Level::Normal,
            LevelChoice::Master => Level::Master,
        },
        default_turn_seconds: data.options.turn_seconds,
        bot_delay_ms: data.options.bot_delay_ms,
    };
    let me = actor(&ctx);
    let created = data
        .service
        .create_game(guild.get(), channel, &me, &request)
        .await;
    let view = match created {
        Ok(v) => v,
        Err(Problem::AlreadyRunning { message_id }) => {
            // The game's actor knows its message (a lobby opened a moment ago may not have
            // one yet: then no link).
            let text = match message_id {
                Some(m) => match lang {
                    Lang::En => format!(
                        "This channel already has a game: {}",
                        link(guild.get(), channel, m)
                    ),
                    Lang::Ko => format!(
                        "이 채널에는 이미 판이 있어요: {}",
                        link(guild.get(), channel, m)
                    ),
                },
                None => Problem::AlreadyRunning { message_id }.message(lang),
            };
            return private(ctx, text).await;
        }
        Err(p) => return private(ctx, p.message(lang)).await,
    };
    let handle = ctx.send(send::reply(&view)).await?;
    let message = handle.message().await?;
    if let Some(game) = view.game {
        data.poster.posted(game, channel, message.id.get()).await;
    }
    Ok(())
}

/// Challenge someone (1v1), or two others with a partner (2v2)
///
/// The people named accept or decline with buttons; the game starts when all have accepted.
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "도전"),
    description_localized("ko", "다른 사람에게 도전 (1대1, 또는 짝과 함께 2대2)")
)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you challenge"]
    #[description_localized("ko", "도전할 상대")]
    #[name_localized("ko", "상대")]
    opponent: User,
    #[description = "2v2: your partner (then also name a second opponent)"]
    #[description_localized("ko", "2대2: 내 짝 (두 번째 상대도 함께 고르세요)")]
    #[name_localized("ko", "짝")]
    partner: Option<User>,
    #[description = "2v2: the second opponent"]
    #[description_localized("ko", "2대2: 두 번째 상대")]
    #[name_localized("ko", "상대2")]
    opponent2: Option<User>,
    #[description = "Rule preset"]
    #[description_localized("ko", "규칙")]
    #[name_localized("ko", "규칙")]
    preset: Option<PresetChoice>,
    #[description = "House rules on top of the preset, e.g. backdo=off finish=exact (/yut rules options)"]
    #[description_localized(
        "ko",
        "규칙에 더할 집안 규칙, 예: backdo=off finish=exact (/윷 규칙 옵션)"
    )]
    #[name_localized("ko", "집안규칙")]
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    let (Some(guild), channel) = (ctx.guild_id(), ctx.channel_id().get()) else {
        return Ok(());
    };
    let named: Vec<&User> = match (&partner, &opponent2) {
        (None, None) => vec![&opponent],
        (Some(p), Some(o2)) => vec![p, &opponent, o2],
        _ => {
            return private(
                ctx,
                tr(
                    lang,
                    "For 2v2 name both your partner and a second opponent; for 1v1 name only the opponent.",
                    "2대2는 짝과 두 번째 상대를 함께 골라 주세요. 1대1은 상대만 고르면 돼요.",
                ),
            )
            .await
        }
    };
    // The interaction carries the members of the server among the users named.
    let resolved = match ctx {
        poise::Context::Application(a) => Some(&a.interaction.data.resolved),
        poise::Context::Prefix(_) => None,
    };
    let invitees: Vec<Invitee> = named
        .iter()
        .map(|u| {
            let member = resolved.and_then(|r| r.members.get(&u.id));
            Invitee {
                user: u.id.get(),
                name: member
                    .and_then(|m| m.nick.clone())
                    .unwrap_or_else(|| u.display_name().to_string()),
                bot: u.bot,
                member: member.is_some(),
            }
        })
        .collect();
    let request = GameRequest {
        preset: preset.map(|p| p.preset()),
        house_rules,
        pieces: None,
        first_to: None,
        teams: invitees.len() == 3,
        seats: None,
        turn_seconds: None,
        lang,
        bots: 0,
        level: Level::Normal,
        default_turn_seconds: data.options.turn_seconds,
        bot_delay_ms: data.options.bot_delay_ms,
    };
    let me = actor(&ctx);
    let view = match data
        .service
        .challenge(guild.get(), channel, &me, &request, &invitees)
        .await
    {
        Ok(v) => v,
        Err(Problem::AlreadyRunning {
            message_id: Some(m),
        }) => {
            let text = match lang {
                Lang::En => format!(
                    "This channel already has a game: {}",
                    link(guild.get(), channel, m)
                ),
                Lang::Ko => format!(
                    "이 채널에는 이미 판이 있어요: {}",
                    link(guild.get(), channel, m)
                ),
            };
            return private(ctx, text).await;
        }
        Err(p) => return private(ctx, p.message(lang)).await,
    };
    let handle = ctx.send(send::reply(&view)).await?;
    let message = handle.message().await?;
    if let Some(game) = view.game {
        data.poster.posted(game, channel, message.id.get()).await;
    }
    Ok(())
}

/// A table command from a slash command: apply, show the board, confirm privately in one
/// response (acknowledged first only if the service is slow).
async fn table_command(ctx: Context<'_>, cmd: Command, done: String) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    let channel = ctx.channel_id().get();
    let me = actor(&ctx);
    let work = data.service.command(channel, &me, cmd);
    tokio::pin!(work);
    let result = match tokio::time::timeout(super::router::ANSWER_WITHIN, &mut work).await {
        Ok(r) => r,
        Err(_) => {
            ctx.defer_ephemeral().await?;
            work.await
        }
    };
    match result {
        Ok(view) => {
            // The answer first: showing the board may wait for the channel's writer, and the
            // command must be answered within Discord's 3 s.
            let answered = private(ctx, done).await;
            if let Some(game) = view.game {
                show(ctx, game, channel, view).await;
            }
            answered
        }
        Err(p) => private(ctx, p.message(lang)).await,
    }
}

/// Edit the game's live message (or repost it) with the view.
async fn show(ctx: Context<'_>, game: i64, channel: u64, view: View) {
    let data = ctx.data();
    let message_id = data.service.message_of(game).await;
    let Some(update) = Update::of_view(view, channel, message_id) else {
        return;
    };
    data.poster.show(&update).await;
}

/// Take a seat in this channel's game.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "참가"),
    description_localized("ko", "이 채널의 판에 참가해요")
)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Join, tr(l, "You joined.", "참가했어요.")).await
}

/// Leave this channel's game (a bot takes your seat if it has started).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "나가기"),
    description_localized("ko", "판에서 나가요 (시작한 판이면 봇이 대신해요)")
)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    // The table decides: a lobby seat is given up, a running game's seat goes to a bot.
    table_command(
        ctx,
        Command::Leave,
        tr(l, "You left the game.", "판에서 나갔어요."),
    )
    .await
}

/// Start the game.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "시작"),
    description_localized("ko", "판을 시작해요")
)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(
        ctx,
        Command::Start,
        tr(l, "The game starts.", "판을 시작했어요."),
    )
    .await
}

/// Stop the game (host or moderator).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "끝내기"),
    description_localized("ko", "판을 끝내요 (방장이나 관리자)")
)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(
        ctx,
        Command::Stop,
        tr(l, "The game was stopped.", "판을 끝냈어요."),
    )
    .await
}

/// Show the board again as a new message.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "판보기"),
    description_localized("ko", "판을 새 메시지로 다시 보여 줘요")
)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let channel = ctx.channel_id().get();
    let view = match data.service.board(channel).await {
        Ok(v) => v,
        Err(p) => return private(ctx, p.message(lang(&ctx))).await,
    };
    let handle = ctx.send(send::reply(&view)).await?;
    if let Some(game) = view.game {
        // Under the game's show lock, so no board update lands on the old message after its
        // buttons are cleared.
        let _shown = data.poster.lock(game).await;
        let old = data.service.message_of(game).await;
        let message = handle.message().await?;
        data.poster.posted(game, channel, message.id.get()).await;
        if let Some(old) = old.filter(|&o| o != message.id.get()) {
            data.poster.strip_buttons(channel, old);
        }
    }
    Ok(())
}

/// The server's defaults as text.
fn describe_defaults(d: &crate::store::ServerDefaults, bot_seconds: u32, lang: Lang) -> String {
    let preset = d.preset.as_deref().unwrap_or("standard");
    let house = d.house_rules.as_deref().unwrap_or("");
    let seconds = d.turn_seconds.unwrap_or(bot_seconds);
    let seasons = SeasonLength::from_setting(d.seasons.as_deref());
    match lang {
        Lang::En => format!(
            "New games in this server: **{preset}** rules; house rules: {}; {seconds} s per action. Rating seasons: **{seasons}**.",
            if house.is_empty() { "none".to_string() } else { format!("`{house}`") }
        ),
        Lang::Ko => format!(
            "이 서버의 새 판: **{preset}** 규칙, 집안 규칙: {}, 한 수에 {seconds}초. 점수 시즌: **{}**.",
            if house.is_empty() { "없음".to_string() } else { format!("`{house}`") },
            match seasons {
                SeasonLength::Monthly => "한 달마다",
                SeasonLength::Quarterly => "석 달마다",
                SeasonLength::Off => "없음",
            }
        ),
    }
}

/// This server's defaults for `/yut new` (changing them needs Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "설정"),
    description_localized("ko", "이 서버의 새 판 기본값 (바꾸려면 서버 관리 권한)")
)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Default rule preset"]
    #[description_localized("ko", "기본 규칙")]
    #[name_localized("ko", "규칙")]
    preset: Option<PresetChoice>,
    #[description = "Default house rules, e.g. backdo=off finish=exact (none: clear)"]
    #[description_localized("ko", "기본 집안 규칙, 예: backdo=off finish=exact (none: 지우기)")]
    #[name_localized("ko", "집안규칙")]
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
    #[description = "Default seconds per action (10 to 300)"]
    #[description_localized("ko", "한 수에 주는 기본 시간(초, 10~300)")]
    #[name_localized("ko", "초")]
    #[min = 10]
    #[max = 300]
    seconds: Option<u32>,
    #[description = "Rating seasons: at each end the standings are archived and ratings softly reset"]
    #[description_localized(
        "ko",
        "점수 시즌: 시즌이 끝나면 순위를 보관하고 점수를 절반쯤 되돌려요"
    )]
    #[name_localized("ko", "시즌")]
    seasons: Option<SeasonChoice>,
    #[description = "Forget every default"]
    #[description_localized("ko", "기본값을 모두 지우기")]
    #[name_localized("ko", "초기화")]
    reset: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let bot_seconds = data.options.turn_seconds;
    let current = match data.service.server_defaults(guild.get()).await {
        Ok(d) => d,
        Err(p) => return private(ctx, p.message(lang)).await,
    };
    let reset = reset == Some(true);
    if preset.is_none() && house_rules.is_none() && seconds.is_none() && seasons.is_none() && !reset
    {
        return private(ctx, describe_defaults(&current, bot_seconds, lang)).await;
    }
    let admin = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild() || p.administrator()),
        poise::Context::Prefix(_) => false,
    };
    if !admin {
        let text = tr(
            lang,
            "Only members with the Manage Server permission can change these. Nothing was changed.",
            "서버 관리 권한이 있는 사람만 바꿀 수 있어요. 바뀐 것은 없어요.",
        );
        return private(ctx, text).await;
    }
    let mut next = if reset {
        crate::store::ServerDefaults::default()
    } else {
        current
    };
    if let Some(p) = preset {
        next.preset = Some(p.preset().to_string());
    }
    if let Some(s) = seconds {
        next.turn_seconds = Some(s);
    }
    if let Some(s) = seasons {
        // Off is the default: stored as not set.
        next.seasons = match s.length() {
            SeasonLength::Off => None,
            l => Some(l.name().to_string()),
        };
    }
    if let Some(text) = house_rules {
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("none") {
            next.house_rules = None;
        } else {
            next.house_rules = Some(text.to_string());
        }
    }
    match data.service.set_server_defaults(guild.get(), &next).await {
        Ok(()) => {}
        Err(Problem::HouseRules(e)) => {
            let text = match lang {
                Lang::En => format!(
                    "Those house rules can't be used: {e}. `/yut rules options:True` lists every option. Nothing was changed."
                ),
                Lang::Ko => format!(
                    "그 집안 규칙은 쓸 수 없어요: {}. `/윷 규칙 옵션:True`에 모든 옵션이 있어요. 바뀐 것은 없어요.",
                    rules_error_ko(&e)
                ),
            };
            return private(ctx, text).await;
        }
        Err(p) => return private(ctx, p.message(lang)).await,
    }
    let saved = tr(lang, "Saved. ", "저장했어요. ");
    private(ctx, saved + &describe_defaults(&next, bot_seconds, lang)).await
}

/// A short summary of the rules.
#[poise::command(
    slash_command,
    name_localized("ko", "규칙"),
    description_localized("ko", "규칙을 간단히 알려 줘요")
)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Rule preset (default: this channel's game, else standard)"]
    #[description_localized("ko", "규칙 (기본: 이 채널의 판, 없으면 기본 규칙)")]
    #[name_localized("ko", "규칙")]
    preset: Option<PresetChoice>,
    #[description = "List every house-rule option for /yut new instead"]
    #[description_localized("ko", "/윷 새판에 쓸 수 있는 집안 규칙 옵션을 모두 보기")]
    #[name_localized("ko", "옵션")]
    options: Option<bool>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    // Without a preset: the rules of this channel's game, if there is one.
    let game = match preset {
        Some(_) => None,
        None => ctx.data().service.table(ctx.channel_id().get()).await,
    };
    let p = match (preset, &game) {
        (Some(p), _) => p.preset(),
        (None, Some(t)) => Preset::from_word(&t.settings.preset).unwrap_or(Preset::Standard),
        (None, None) => Preset::Standard,
    };
    let mut text = match (options == Some(true), &game) {
        (true, Some(t)) => {
            let now = tr(lang, "this channel's game", "이 채널의 판");
            return private(ctx, rules_text::options_of(&t.settings.rules, &now, lang)).await;
        }
        (true, None) => rules_text::options(p, lang),
        (false, _) => rules_text::summary(p, lang),
    };
    if let Some(t) = &game {
        let house = crate::table::view::house_rules(t);
        if !house.is_empty() {
            let head = tr(
                lang,
                "**This channel's game also plays with:**",
                "**이 채널의 판은 이것도 따라요:**",
            );
            text = format!("{text}\n\n{head} `{}`", house.join(" "));
        }
    }
    private(ctx, text).await
}

/// Someone's record and ratings in this server.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "전적"),
    description_localized("ko", "이 서버에서의 전적과 점수")
)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"]
    #[description_localized("ko", "누구의 전적 (기본: 나)")]
    #[name_localized("ko", "사람")]
    user: Option<User>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let user = user.as_ref().unwrap_or_else(|| ctx.author());
    let text = match ctx.data().service.card(guild.get(), user.id.get()).await? {
        None => match lang {
            Lang::En => format!("{} has not finished a game here yet.", user.mention()),
            Lang::Ko => format!("{} 님은 아직 이 서버에서 끝낸 판이 없어요.", user.mention()),
        },
        Some(card) => crate::table::standings::card_text(&card, guild.get(), lang),
    };
    private(ctx, text).await
}

/// The replay of a finished game (default: this channel's last), with its record.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "다시보기"),
    description_localized(
        "ko",
        "끝난 판을 다시 보기 (기본: 이 채널의 마지막 판), 기록 파일과 함께"
    )
)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "The game's number (default: this channel's last finished game)"]
    #[description_localized("ko", "판 번호 (기본: 이 채널에서 마지막으로 끝난 판)")]
    #[name_localized("ko", "판")]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    super::after::replay_command(ctx, game, lang(&ctx)).await
}

/// The last games in this server, with buttons to their replays.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "지난판"),
    description_localized("ko", "이 서버의 최근 판과 다시 보기 버튼")
)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Only games this person played"]
    #[description_localized("ko", "이 사람이 한 판만")]
    #[name_localized("ko", "사람")]
    user: Option<User>,
) -> Result<(), Error> {
    super::after::history_command(ctx, user.map(|u| u.id.get()), lang(&ctx)).await
}

/// Seasons a server has standings in, for the season option.
async fn complete_season(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let Some(guild) = ctx.guild_id() else {
        return Vec::new();
    };
    ctx.data()
        .service
        .seasons(guild.get())
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|s| s.starts_with(partial.trim()))
        .take(25)
        .collect()
}

/// The best players in this server, by rating.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "순위"),
    description_localized("ko", "이 서버의 점수 순위")
)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which mode (default: all three)"]
    #[description_localized("ko", "어떤 방식 (기본: 셋 다)")]
    #[name_localized("ko", "방식")]
    mode: Option<FamilyChoice>,
    #[description = "A past season, e.g. 2026-11 or 2026-Q3 (default: this one)"]
    #[description_localized("ko", "지난 시즌, 예: 2026-11, 2026-Q3 (기본: 이번 시즌)")]
    #[name_localized("ko", "시즌")]
    #[max_length = 20]
    #[autocomplete = "complete_season"]
    season: Option<String>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let service = &ctx.data().service;
    let seasons = service.seasons(guild.get()).await?;
    let season = season
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    if let Some(s) = &season {
        if !seasons.contains(s) {
            let known = if seasons.is_empty() {
                tr(lang, "none yet", "아직 없어요")
            } else {
                seasons.join(", ")
            };
            let text = match lang {
                Lang::En => format!("There is no season {s:?} in this server. Seasons: {known}."),
                Lang::Ko => format!("이 서버에는 {s:?} 시즌이 없어요. 시즌: {known}."),
            };
            return private(ctx, text).await;
        }
    }
    let families: Vec<ModeFamily> = match mode {
        Some(m) => vec![m.family()],
        None => ModeFamily::ALL.to_vec(),
    };
    let mut boards = Vec::new();
    for f in families {
        boards.push(service.standings(guild.get(), f, season.clone()).await?);
    }
    let text = crate::table::standings::leaderboard_text(&boards, &seasons, lang);
    ctx.send(
        CreateReply::default()
            .content(text)
            .allowed_mentions(send::no_mentions()),
    )
    .await?;
    Ok(())
}

/// 윷점: today's yut fortune, three throws read against 64 omens (one per person per day).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "윷점"),
    description_localized("ko", "오늘의 윷점: 세 번 던져 64가지 점괘 중 하나를 읽어요")
)]
pub async fn fortune(ctx: Context<'_>) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let day = crate::fortune::day_of(ctx.data().service.now_ms(), lang);
    let f = crate::fortune::cast(guild.get(), ctx.author().id.get(), day);
    let Actor::User { name, .. } = actor(&ctx) else {
        return Ok(());
    };
    ctx.send(
        CreateReply::default()
            .content(crate::fortune::text(&f, &name, lang))
            .allowed_mentions(send::no_mentions()),
    )
    .await?;
    Ok(())
}

/// How to use the bot.
#[poise::command(
    slash_command,
    name_localized("ko", "도움말"),
    description_localized("ko", "사용법")
)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = tr(
        lang(&ctx),
        "**Yutbot** plays Yut Nori (윷놀이) in this channel.
`/yut new` open a game (mode, seats, rules, house rules, pieces, seconds, match length, bots)
`/yut challenge opponent:@x` (2v2: also `partner:` `opponent2:`) a game that starts when everyone named accepts; a rematch asks everyone who played
`/yut join` · `/yut leave` take or give up a seat · `/yut start` start (the host, or anyone once every seat is filled) · `/yut stop` stop (host or moderator)
`/yut board` show the board again as a new message
`/yut rules` the rules in short (`options:True`: every house rule)
`/yut stats [user]` rating and place per mode, record, streaks, last games, time-outs and leaves · `/yut leaderboard [mode] [season]` the standings by rating
`/yut settings` this server's defaults for new games and rating seasons (monthly, quarterly or off; Manage Server to change)
**Ratings**: 1v1, 2v2 and free-for-all are rated apart, per server and season. A finished game is rated when at least one person plays in it; bots count at their level's fixed rating (beating Master gains more than beating Easy), and games of bots alone are not rated. A new player shows 1000, provisional for 10 games. Leaving a running game (`/yut leave`) counts as a loss, and time-outs and leaves are on your record. A game where nobody has played for a whole round (everyone away) is abandoned: not rated, not counted. A stopped game is not rated.
In the lobby the host can also switch the mode (2, 3, 4 players or 2v2 teams) and the rules with its buttons.
Play with the buttons under the board: throw, pick a result, pick a move (the letters match the board).
`/yut replay` the animated replay of a finished game, with its record · `/yut history` the last games here · `/yut fortune` today's 윷점
Fair throws: when a game starts the board shows the SHA-256 of its secret throw seed, and when it ends the seed itself. Run `yutbot verify` on the record `/yut replay` attaches to check that every throw came from that seed.",
        "**윷봇**은 이 채널에서 윷놀이를 열어요.
`/윷 새판` 판 열기 (방식, 자리, 규칙, 집안 규칙, 말, 시간, 승수, 봇)
`/윷 도전 상대:@x` (2대2: `짝:` `상대2:`도) 이름을 댄 모두가 수락하면 시작하는 판; 한 판 더는 함께한 모두에게 물어요
`/윷 참가` · `/윷 나가기` 자리에 앉거나 일어나기 · `/윷 시작` 시작 (방장, 또는 자리가 다 차면 누구나) · `/윷 끝내기` 판 끝내기 (방장이나 관리자)
`/윷 판보기` 판을 새 메시지로 다시 보기
`/윷 규칙` 규칙 요약 (`옵션:True`: 집안 규칙 모두)
`/윷 전적 [사람]` 방식별 점수와 순위, 전적, 연승, 최근 판, 시간 초과와 나간 판 · `/윷 순위 [방식] [시즌]` 점수 순위
`/윷 설정` 이 서버의 새 판 기본값과 점수 시즌 (한 달, 석 달 또는 끄기; 바꾸려면 서버 관리 권한)
**점수**: 1대1, 2대2, 개인전은 서버와 시즌마다 따로 매겨요. 사람이 한 명이라도 둔 판은 끝나면 점수에 들어가요. 봇은 난이도마다 정해진 점수로 셈해서(어려움을 이기면 쉬움을 이길 때보다 더 올라요), 봇끼리만 둔 판은 넣지 않아요. 처음엔 1000이고 첫 10판은 잠정이에요. 진행 중인 판에서 나가면(`/윷 나가기`) 진 것으로 치고, 시간 초과와 나간 판은 전적에 남아요. 한 바퀴 동안 아무도 두지 않은 판(모두 자리 비움)은 그만두고 점수와 전적에 넣지 않아요. 끝내기로 멈춘 판도 점수에 넣지 않아요.
대기실에서는 방장이 버튼으로 방식(2인, 3인, 4인, 2대2 팀전)과 규칙도 바꿀 수 있어요.
판 아래 버튼으로 둬요: 던지기, 결과 고르기, 말 고르기 (버튼 번호가 판의 번호와 같아요).
`/윷 다시보기` 끝난 판의 움직이는 다시 보기와 기록 · `/윷 지난판` 이 서버의 최근 판 · `/윷 윷점` 오늘의 윷점
공정한 던지기: 판이 시작할 때 비밀 던지기 시드의 SHA-256을, 끝날 때 시드 자체를 판에 보여 줘요. `/윷 다시보기`가 붙여 주는 기록 파일에 `yutbot verify`를 돌리면 모든 던지기가 그 시드에서 나왔는지 확인할 수 있어요.",
    );
    private(ctx, text).await
}
