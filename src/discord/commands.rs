//! The `/yut` slash command and its subcommands, localized for English, Korean and Spanish
//! (names and descriptions here, for Discord's registration; every answer in the text catalog,
//! `cmd-*`). Each one translates to a service call; the rules live in `table` and `game`.

use super::send;
use super::{rules_text, Context, Error};
use poise::CreateReply;
use serenity::all::{Mentionable, User};
use yut_ai::Level;
use yut_game::{Preset, Rules};
use yut_rating::season::SeasonLength;
use yut_rating::ModeFamily;
use yut_service::{Invitee, Problem, Update};
use yut_table::open::{rules_error, GameRequest, Pieces};
use yut_table::{Actor, Command, Lang, View};
use yut_text::{say, word};

fn lang(ctx: &Context<'_>) -> Lang {
    ctx.locale().map_or(Lang::En, Lang::from_locale)
}

fn actor(ctx: &Context<'_>) -> Actor {
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    super::router::actor_of(ctx.author(), member).speaking(lang(ctx))
}

/// Can the command's channel hold a thread for a game: a text or announcement channel, not a
/// thread itself (unknown: try, and play in the channel if Discord refuses)?
fn can_thread(ctx: &Context<'_>) -> bool {
    use serenity::all::ChannelType;
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .channel
            .as_ref()
            .is_none_or(|c| matches!(c.kind, ChannelType::Text | ChannelType::News)),
        poise::Context::Prefix(_) => false,
    }
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

/// The channel already has a game, with a link to its board.
fn already_running(lang: Lang, link: String) -> String {
    say(lang, "cmd-already-running-link", &[("link", link.into())])
}

/// Yut Nori (윷놀이).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "윷"),
    name_localized("es-ES", "yut"),
    name_localized("es-419", "yut"),
    description_localized("ko", "윷놀이"),
    description_localized("es-ES", "Yut Nori (윷놀이)"),
    description_localized("es-419", "Yut Nori (윷놀이)"),
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
    #[name_localized("es-ES", "Todos contra todos")]
    #[name_localized("es-419", "Todos contra todos")]
    Solo,
    #[name = "2v2 teams"]
    #[name_localized("ko", "2대2 팀전")]
    #[name_localized("es-ES", "Equipos 2 contra 2")]
    #[name_localized("es-419", "Equipos 2 contra 2")]
    Teams,
}

/// A rated mode family.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FamilyChoice {
    #[name = "1v1"]
    #[name_localized("ko", "1대1")]
    #[name_localized("es-ES", "1 contra 1")]
    #[name_localized("es-419", "1 contra 1")]
    OneVsOne,
    #[name = "2v2 teams"]
    #[name_localized("ko", "2대2 팀전")]
    #[name_localized("es-ES", "Equipos 2 contra 2")]
    #[name_localized("es-419", "Equipos 2 contra 2")]
    Teams,
    #[name = "Free for all (3-4 players)"]
    #[name_localized("ko", "개인전 (3~4명)")]
    #[name_localized("es-ES", "Todos contra todos (3-4 jugadores)")]
    #[name_localized("es-419", "Todos contra todos (3-4 jugadores)")]
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
    #[name_localized("es-ES", "Mensual")]
    #[name_localized("es-419", "Mensual")]
    Monthly,
    #[name = "Quarterly"]
    #[name_localized("ko", "석 달마다")]
    #[name_localized("es-ES", "Trimestral")]
    #[name_localized("es-419", "Trimestral")]
    Quarterly,
    #[name = "Off (one season for ever)"]
    #[name_localized("ko", "끄기 (시즌 없음)")]
    #[name_localized("es-ES", "Desactivadas (una sola temporada)")]
    #[name_localized("es-419", "Desactivadas (una sola temporada)")]
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
    #[name_localized("es-ES", "Estándar")]
    #[name_localized("es-419", "Estándar")]
    Standard,
    #[name = "Board game"]
    #[name_localized("ko", "보드게임")]
    #[name_localized("es-ES", "Juego de mesa")]
    #[name_localized("es-419", "Juego de mesa")]
    Boardgame,
    #[name = "Yunnori"]
    #[name_localized("ko", "윷놀이")]
    #[name_localized("es-ES", "Yunnori")]
    #[name_localized("es-419", "Yunnori")]
    Yunnori,
    #[name = "Nyout (old rules)"]
    #[name_localized("ko", "옛 규칙")]
    #[name_localized("es-ES", "Nyout (reglas antiguas)")]
    #[name_localized("es-419", "Nyout (reglas antiguas)")]
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
    #[name_localized("es-ES", "2 fichas")]
    #[name_localized("es-419", "2 fichas")]
    Two,
    #[name = "3 pieces"]
    #[name_localized("ko", "말 3개")]
    #[name_localized("es-ES", "3 fichas")]
    #[name_localized("es-419", "3 fichas")]
    Three,
    #[name = "4 pieces"]
    #[name_localized("ko", "말 4개")]
    #[name_localized("es-ES", "4 fichas")]
    #[name_localized("es-419", "4 fichas")]
    Four,
    #[name = "By number of sides"]
    #[name_localized("ko", "편 수에 따라")]
    #[name_localized("es-ES", "Según el número de bandos")]
    #[name_localized("es-419", "Según el número de bandos")]
    Auto,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "Easy"]
    #[name_localized("ko", "쉬움")]
    #[name_localized("es-ES", "Fácil")]
    #[name_localized("es-419", "Fácil")]
    Easy,
    #[name = "Normal"]
    #[name_localized("ko", "보통")]
    #[name_localized("es-ES", "Normal")]
    #[name_localized("es-419", "Normal")]
    Normal,
    #[name = "Master"]
    #[name_localized("ko", "어려움")]
    #[name_localized("es-ES", "Maestro")]
    #[name_localized("es-419", "Maestro")]
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
    name_localized("es-ES", "nueva"),
    name_localized("es-419", "nueva"),
    description_localized("ko", "이 채널에 새 판을 열어요"),
    description_localized("es-ES", "Abre una partida nueva en este canal"),
    description_localized("es-419", "Abre una partida nueva en este canal")
)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Free for all or 2v2 teams"]
    #[description_localized("ko", "개인전 또는 2대2 팀전")]
    #[description_localized("es-ES", "Todos contra todos o equipos 2 contra 2")]
    #[description_localized("es-419", "Todos contra todos o equipos 2 contra 2")]
    #[name_localized("ko", "방식")]
    #[name_localized("es-ES", "modo")]
    #[name_localized("es-419", "modo")]
    mode: Option<Mode>,
    #[description = "Seats for free for all (2 to 4)"]
    #[description_localized("ko", "개인전 자리 수 (2~4)")]
    #[description_localized("es-ES", "Asientos en todos contra todos (2 a 4)")]
    #[description_localized("es-419", "Asientos en todos contra todos (2 a 4)")]
    #[name_localized("ko", "자리")]
    #[name_localized("es-ES", "asientos")]
    #[name_localized("es-419", "asientos")]
    #[min = 2]
    #[max = 4]
    seats: Option<u8>,
    #[description = "Rule preset"]
    #[description_localized("ko", "규칙")]
    #[description_localized("es-ES", "Reglas base")]
    #[description_localized("es-419", "Reglas base")]
    #[name_localized("ko", "규칙")]
    #[name_localized("es-ES", "reglas")]
    #[name_localized("es-419", "reglas")]
    preset: Option<PresetChoice>,
    #[description = "House rules on top of the preset, e.g. backdo=off finish=exact (/yut rules options)"]
    #[description_localized(
        "ko",
        "규칙에 더할 집안 규칙, 예: backdo=off finish=exact (/윷 규칙 옵션)"
    )]
    #[description_localized(
        "es-ES",
        "Reglas caseras sobre las reglas base, p. ej. backdo=off finish=exact (/yut reglas opciones)"
    )]
    #[description_localized(
        "es-419",
        "Reglas caseras sobre las reglas base, p. ej. backdo=off finish=exact (/yut reglas opciones)"
    )]
    #[name_localized("ko", "집안규칙")]
    #[name_localized("es-ES", "reglas_caseras")]
    #[name_localized("es-419", "reglas_caseras")]
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
    #[description = "Pieces per side"]
    #[description_localized("ko", "편마다 말 수")]
    #[description_localized("es-ES", "Fichas por bando")]
    #[description_localized("es-419", "Fichas por bando")]
    #[name_localized("ko", "말")]
    #[name_localized("es-ES", "fichas")]
    #[name_localized("es-419", "fichas")]
    pieces: Option<PiecesChoice>,
    #[description = "Seconds per action (10 to 300)"]
    #[description_localized("ko", "한 수에 주는 시간(초, 10~300)")]
    #[description_localized("es-ES", "Segundos por acción (10 a 300)")]
    #[description_localized("es-419", "Segundos por acción (10 a 300)")]
    #[name_localized("ko", "초")]
    #[name_localized("es-ES", "segundos")]
    #[name_localized("es-419", "segundos")]
    #[min = 10]
    #[max = 300]
    seconds: Option<u32>,
    #[description = "Wins needed to take the match (1 to 9)"]
    #[description_localized("ko", "승부에 필요한 승 수 (1~9)")]
    #[description_localized("es-ES", "Victorias necesarias para ganar el encuentro (1 a 9)")]
    #[description_localized("es-419", "Victorias necesarias para ganar el encuentro (1 a 9)")]
    #[name_localized("ko", "승수")]
    #[name_localized("es-ES", "victorias")]
    #[name_localized("es-419", "victorias")]
    #[min = 1]
    #[max = 9]
    match_length: Option<u8>,
    #[description = "Bots to seat at once (0 to 3)"]
    #[description_localized("ko", "처음부터 앉힐 봇 수 (0~3)")]
    #[description_localized("es-ES", "Bots que se sientan desde el principio (0 a 3)")]
    #[description_localized("es-419", "Bots que se sientan desde el principio (0 a 3)")]
    #[name_localized("ko", "봇")]
    #[name_localized("es-ES", "bots")]
    #[name_localized("es-419", "bots")]
    #[min = 0]
    #[max = 3]
    bots: Option<u8>,
    #[description = "Strength of those bots"]
    #[description_localized("ko", "봇의 실력")]
    #[description_localized("es-ES", "Nivel de esos bots")]
    #[description_localized("es-419", "Nivel de esos bots")]
    #[name_localized("ko", "봇실력")]
    #[name_localized("es-ES", "nivel_bots")]
    #[name_localized("es-419", "nivel_bots")]
    bot_level: Option<LevelChoice>,
) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    let (Some(guild), channel) = (ctx.guild_id(), ctx.channel_id().get()) else {
        return private(ctx, word(lang, "cmd-servers-only")).await;
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
        can_thread: can_thread(&ctx),
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
                Some(m) => already_running(lang, link(guild.get(), channel, m)),
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
    name_localized("es-ES", "desafiar"),
    name_localized("es-419", "desafiar"),
    description_localized("ko", "다른 사람에게 도전 (1대1, 또는 짝과 함께 2대2)"),
    description_localized(
        "es-ES",
        "Desafía a alguien (1 contra 1), o a dos con un compañero (2 contra 2)"
    ),
    description_localized(
        "es-419",
        "Desafía a alguien (1 contra 1), o a dos con un compañero (2 contra 2)"
    )
)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you challenge"]
    #[description_localized("ko", "도전할 상대")]
    #[description_localized("es-ES", "A quién desafías")]
    #[description_localized("es-419", "A quién desafías")]
    #[name_localized("ko", "상대")]
    #[name_localized("es-ES", "rival")]
    #[name_localized("es-419", "rival")]
    opponent: User,
    #[description = "2v2: your partner (then also name a second opponent)"]
    #[description_localized("ko", "2대2: 내 짝 (두 번째 상대도 함께 고르세요)")]
    #[description_localized(
        "es-ES",
        "2 contra 2: tu compañero (elige también a un segundo rival)"
    )]
    #[description_localized(
        "es-419",
        "2 contra 2: tu compañero (elige también a un segundo rival)"
    )]
    #[name_localized("ko", "짝")]
    #[name_localized("es-ES", "compañero")]
    #[name_localized("es-419", "compañero")]
    partner: Option<User>,
    #[description = "2v2: the second opponent"]
    #[description_localized("ko", "2대2: 두 번째 상대")]
    #[description_localized("es-ES", "2 contra 2: el segundo rival")]
    #[description_localized("es-419", "2 contra 2: el segundo rival")]
    #[name_localized("ko", "상대2")]
    #[name_localized("es-ES", "rival2")]
    #[name_localized("es-419", "rival2")]
    opponent2: Option<User>,
    #[description = "Rule preset"]
    #[description_localized("ko", "규칙")]
    #[description_localized("es-ES", "Reglas base")]
    #[description_localized("es-419", "Reglas base")]
    #[name_localized("ko", "규칙")]
    #[name_localized("es-ES", "reglas")]
    #[name_localized("es-419", "reglas")]
    preset: Option<PresetChoice>,
    #[description = "House rules on top of the preset, e.g. backdo=off finish=exact (/yut rules options)"]
    #[description_localized(
        "ko",
        "규칙에 더할 집안 규칙, 예: backdo=off finish=exact (/윷 규칙 옵션)"
    )]
    #[description_localized(
        "es-ES",
        "Reglas caseras sobre las reglas base, p. ej. backdo=off finish=exact (/yut reglas opciones)"
    )]
    #[description_localized(
        "es-419",
        "Reglas caseras sobre las reglas base, p. ej. backdo=off finish=exact (/yut reglas opciones)"
    )]
    #[name_localized("ko", "집안규칙")]
    #[name_localized("es-ES", "reglas_caseras")]
    #[name_localized("es-419", "reglas_caseras")]
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
        _ => return private(ctx, word(lang, "cmd-challenge-names")).await,
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
        can_thread: can_thread(&ctx),
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
            let text = already_running(lang, link(guild.get(), channel, m));
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
    let (open, lang) = (view.open_thread.clone(), view.lang);
    let Some(update) = Update::of_view(view, channel, message_id) else {
        return;
    };
    data.poster.show(&update).await;
    // `/yut start` in a server that plays each game in a thread: open it from the lobby.
    if let (Some(name), Some(lobby)) = (open, message_id) {
        let perms = match ctx {
            poise::Context::Application(a) => a.interaction.app_permissions,
            poise::Context::Prefix(_) => None,
        };
        data.poster
            .open_thread(game, channel, lobby, &name, lang, perms)
            .await;
    }
}

/// Take a seat in this channel's game.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "참가"),
    name_localized("es-ES", "unirse"),
    name_localized("es-419", "unirse"),
    description_localized("ko", "이 채널의 판에 참가해요"),
    description_localized("es-ES", "Siéntate en la partida de este canal"),
    description_localized("es-419", "Siéntate en la partida de este canal")
)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Join, word(l, "cmd-joined")).await
}

/// Leave this channel's game (a bot takes your seat if it has started).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "나가기"),
    name_localized("es-ES", "salir"),
    name_localized("es-419", "salir"),
    description_localized("ko", "판에서 나가요 (시작한 판이면 봇이 대신해요)"),
    description_localized(
        "es-ES",
        "Sal de la partida (si ya empezó, un bot juega en tu asiento)"
    ),
    description_localized(
        "es-419",
        "Sal de la partida (si ya empezó, un bot juega en tu asiento)"
    )
)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    // The table decides: a lobby seat is given up, a running game's seat goes to a bot.
    table_command(ctx, Command::Leave, word(l, "cmd-left")).await
}

/// Start the game.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "시작"),
    name_localized("es-ES", "empezar"),
    name_localized("es-419", "empezar"),
    description_localized("ko", "판을 시작해요"),
    description_localized("es-ES", "Empieza la partida"),
    description_localized("es-419", "Empieza la partida")
)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Start, word(l, "cmd-started")).await
}

/// Stop the game (host or moderator).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "끝내기"),
    name_localized("es-ES", "terminar"),
    name_localized("es-419", "terminar"),
    description_localized("ko", "판을 끝내요 (방장이나 관리자)"),
    description_localized("es-ES", "Termina la partida (anfitrión o moderador)"),
    description_localized("es-419", "Termina la partida (anfitrión o moderador)")
)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Stop, word(l, "cmd-stopped")).await
}

/// Show the board again as a new message.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "판보기"),
    name_localized("es-ES", "tablero"),
    name_localized("es-419", "tablero"),
    description_localized("ko", "판을 새 메시지로 다시 보여 줘요"),
    description_localized("es-ES", "Vuelve a mostrar el tablero en un mensaje nuevo"),
    description_localized("es-419", "Vuelve a mostrar el tablero en un mensaje nuevo")
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
fn describe_defaults(d: &yut_store::ServerDefaults, bot_seconds: u32, lang: Lang) -> String {
    let preset = d.preset.as_deref().unwrap_or("standard");
    let house = d.house_rules.as_deref().unwrap_or("");
    let seconds = d.turn_seconds.unwrap_or(bot_seconds);
    let seasons = match SeasonLength::from_setting(d.seasons.as_deref()) {
        SeasonLength::Monthly => "cmd-season-monthly",
        SeasonLength::Quarterly => "cmd-season-quarterly",
        SeasonLength::Off => "cmd-season-off",
    };
    let house = if house.is_empty() {
        word(lang, "cmd-defaults-no-house")
    } else {
        format!("`{house}`")
    };
    let threads = if d.threads {
        "cmd-settings-threads-on"
    } else {
        "cmd-settings-threads-off"
    };
    let defaults = say(
        lang,
        "cmd-defaults",
        &[
            ("preset", preset.into()),
            ("house", house.into()),
            ("seconds", seconds.into()),
            ("seasons", word(lang, seasons).into()),
        ],
    );
    let threads = say(
        lang,
        "cmd-defaults-threads",
        &[("threads", word(lang, threads).into())],
    );
    format!("{defaults} {threads}")
}

/// This server's defaults for `/yut new` (changing them needs Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "설정"),
    name_localized("es-ES", "ajustes"),
    name_localized("es-419", "ajustes"),
    description_localized("ko", "이 서버의 새 판 기본값 (바꾸려면 서버 관리 권한)"),
    description_localized(
        "es-ES",
        "Valores por defecto de este servidor para /yut nueva (cambiarlos: Gestionar servidor)"
    ),
    description_localized(
        "es-419",
        "Valores por defecto de este servidor para /yut nueva (cambiarlos: Gestionar servidor)"
    )
)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Default rule preset"]
    #[description_localized("ko", "기본 규칙")]
    #[description_localized("es-ES", "Reglas base por defecto")]
    #[description_localized("es-419", "Reglas base por defecto")]
    #[name_localized("ko", "규칙")]
    #[name_localized("es-ES", "reglas")]
    #[name_localized("es-419", "reglas")]
    preset: Option<PresetChoice>,
    #[description = "Default house rules, e.g. backdo=off finish=exact (none: clear)"]
    #[description_localized("ko", "기본 집안 규칙, 예: backdo=off finish=exact (none: 지우기)")]
    #[description_localized(
        "es-ES",
        "Reglas caseras por defecto, p. ej. backdo=off finish=exact (none: borrarlas)"
    )]
    #[description_localized(
        "es-419",
        "Reglas caseras por defecto, p. ej. backdo=off finish=exact (none: borrarlas)"
    )]
    #[name_localized("ko", "집안규칙")]
    #[name_localized("es-ES", "reglas_caseras")]
    #[name_localized("es-419", "reglas_caseras")]
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
    #[description = "Default seconds per action (10 to 300)"]
    #[description_localized("ko", "한 수에 주는 기본 시간(초, 10~300)")]
    #[description_localized("es-ES", "Segundos por acción por defecto (10 a 300)")]
    #[description_localized("es-419", "Segundos por acción por defecto (10 a 300)")]
    #[name_localized("ko", "초")]
    #[name_localized("es-ES", "segundos")]
    #[name_localized("es-419", "segundos")]
    #[min = 10]
    #[max = 300]
    seconds: Option<u32>,
    #[description = "Rating seasons: at each end the standings are archived and ratings softly reset"]
    #[description_localized(
        "ko",
        "점수 시즌: 시즌이 끝나면 순위를 보관하고 점수를 절반쯤 되돌려요"
    )]
    #[description_localized("es-ES", "Temporadas: al final de cada una se archiva la clasificación y las puntuaciones se suavizan")]
    #[description_localized("es-419", "Temporadas: al final de cada una se archiva la clasificación y las puntuaciones se suavizan")]
    #[name_localized("ko", "시즌")]
    #[name_localized("es-ES", "temporadas")]
    #[name_localized("es-419", "temporadas")]
    seasons: Option<SeasonChoice>,
    #[description = "Play each game in a thread of its own (needs Create Public Threads)"]
    #[description_localized("ko", "판마다 스레드를 따로 열어 두기 (공개 스레드 만들기 권한 필요)")]
    #[description_localized(
        "es-ES",
        "Jugar cada partida en su propio hilo (requiere Crear hilos públicos)"
    )]
    #[description_localized(
        "es-419",
        "Jugar cada partida en su propio hilo (requiere Crear hilos públicos)"
    )]
    #[name_localized("ko", "스레드")]
    #[name_localized("es-ES", "hilos")]
    #[name_localized("es-419", "hilos")]
    threads: Option<bool>,
    #[description = "Forget every default"]
    #[description_localized("ko", "기본값을 모두 지우기")]
    #[description_localized("es-ES", "Olvidar todos los valores por defecto")]
    #[description_localized("es-419", "Olvidar todos los valores por defecto")]
    #[name_localized("ko", "초기화")]
    #[name_localized("es-ES", "restablecer")]
    #[name_localized("es-419", "restablecer")]
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
    if preset.is_none()
        && house_rules.is_none()
        && seconds.is_none()
        && seasons.is_none()
        && threads.is_none()
        && !reset
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
        let text = word(lang, "cmd-settings-not-admin");
        return private(ctx, text).await;
    }
    let mut next = if reset {
        yut_store::ServerDefaults::default()
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
    if let Some(on) = threads {
        next.threads = on;
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
            let text = say(
                lang,
                "cmd-settings-bad-house-rules",
                &[("why", rules_error(&e, lang).into())],
            );
            return private(ctx, text).await;
        }
        Err(p) => return private(ctx, p.message(lang)).await,
    }
    let saved = word(lang, "cmd-saved");
    let text = format!("{saved} {}", describe_defaults(&next, bot_seconds, lang));
    private(ctx, text).await
}

/// A short summary of the rules.
#[poise::command(
    slash_command,
    name_localized("ko", "규칙"),
    name_localized("es-ES", "reglas"),
    name_localized("es-419", "reglas"),
    description_localized("ko", "규칙을 간단히 알려 줘요"),
    description_localized("es-ES", "Un resumen breve de las reglas"),
    description_localized("es-419", "Un resumen breve de las reglas")
)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Rule preset (default: this channel's game, else standard)"]
    #[description_localized("ko", "규칙 (기본: 이 채널의 판, 없으면 기본 규칙)")]
    #[description_localized(
        "es-ES",
        "Reglas base (por defecto: las de la partida del canal; si no hay, estándar)"
    )]
    #[description_localized(
        "es-419",
        "Reglas base (por defecto: las de la partida del canal; si no hay, estándar)"
    )]
    #[name_localized("ko", "규칙")]
    #[name_localized("es-ES", "reglas")]
    #[name_localized("es-419", "reglas")]
    preset: Option<PresetChoice>,
    #[description = "List every house-rule option for /yut new instead"]
    #[description_localized("ko", "/윷 새판에 쓸 수 있는 집안 규칙 옵션을 모두 보기")]
    #[description_localized(
        "es-ES",
        "Ver en su lugar todas las opciones de reglas caseras para /yut nueva"
    )]
    #[description_localized(
        "es-419",
        "Ver en su lugar todas las opciones de reglas caseras para /yut nueva"
    )]
    #[name_localized("ko", "옵션")]
    #[name_localized("es-ES", "opciones")]
    #[name_localized("es-419", "opciones")]
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
            let now = word(lang, "cmd-rules-this-game");
            return private(ctx, rules_text::options_of(&t.settings.rules, &now, lang)).await;
        }
        (true, None) => rules_text::options(p, lang),
        (false, _) => rules_text::summary(p, lang),
    };
    if let Some(t) = &game {
        let house = yut_table::view::house_rules(t);
        if !house.is_empty() {
            let head = word(lang, "cmd-rules-also-plays");
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
    name_localized("es-ES", "estadísticas"),
    name_localized("es-419", "estadísticas"),
    description_localized("ko", "이 서버에서의 전적과 점수"),
    description_localized("es-ES", "El historial y las puntuaciones de alguien en este servidor"),
    description_localized(
        "es-419",
        "El historial y las puntuaciones de alguien en este servidor"
    )
)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"]
    #[description_localized("ko", "누구의 전적 (기본: 나)")]
    #[description_localized("es-ES", "De quién (por defecto: tú)")]
    #[description_localized("es-419", "De quién (por defecto: tú)")]
    #[name_localized("ko", "사람")]
    #[name_localized("es-ES", "usuario")]
    #[name_localized("es-419", "usuario")]
    user: Option<User>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let user = user.as_ref().unwrap_or_else(|| ctx.author());
    let text = match ctx.data().service.card(guild.get(), user.id.get()).await? {
        None => say(
            lang,
            "cmd-stats-none",
            &[("who", user.mention().to_string().into())],
        ),
        Some(card) => yut_table::standings::card_text(&card, guild.get(), lang),
    };
    private(ctx, text).await
}

/// The replay of a finished game (default: this channel's last), with its record.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "다시보기"),
    name_localized("es-ES", "repetición"),
    name_localized("es-419", "repetición"),
    description_localized("ko", "끝난 판을 다시 보기 (기본: 이 채널의 마지막 판), 기록 파일과 함께"),
    description_localized("es-ES", "La repetición de una partida terminada (por defecto: la última de este canal), con su registro"),
    description_localized("es-419", "La repetición de una partida terminada (por defecto: la última de este canal), con su registro")
)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "The game's number (default: this channel's last finished game)"]
    #[description_localized("ko", "판 번호 (기본: 이 채널에서 마지막으로 끝난 판)")]
    #[description_localized(
        "es-ES",
        "El número de la partida (por defecto: la última terminada en este canal)"
    )]
    #[description_localized(
        "es-419",
        "El número de la partida (por defecto: la última terminada en este canal)"
    )]
    #[name_localized("ko", "판")]
    #[name_localized("es-ES", "partida")]
    #[name_localized("es-419", "partida")]
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
    name_localized("es-ES", "historial"),
    name_localized("es-419", "historial"),
    description_localized("ko", "이 서버의 최근 판과 다시 보기 버튼"),
    description_localized(
        "es-ES",
        "Las últimas partidas de este servidor, con botones para sus repeticiones"
    ),
    description_localized(
        "es-419",
        "Las últimas partidas de este servidor, con botones para sus repeticiones"
    )
)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Only games this person played"]
    #[description_localized("ko", "이 사람이 한 판만")]
    #[description_localized("es-ES", "Solo las partidas que jugó esta persona")]
    #[description_localized("es-419", "Solo las partidas que jugó esta persona")]
    #[name_localized("ko", "사람")]
    #[name_localized("es-ES", "usuario")]
    #[name_localized("es-419", "usuario")]
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
    name_localized("es-ES", "clasificación"),
    name_localized("es-419", "clasificación"),
    description_localized("ko", "이 서버의 점수 순위"),
    description_localized("es-ES", "Los mejores jugadores de este servidor, por puntuación"),
    description_localized("es-419", "Los mejores jugadores de este servidor, por puntuación")
)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which mode (default: all three)"]
    #[description_localized("ko", "어떤 방식 (기본: 셋 다)")]
    #[description_localized("es-ES", "Qué modo (por defecto: los tres)")]
    #[description_localized("es-419", "Qué modo (por defecto: los tres)")]
    #[name_localized("ko", "방식")]
    #[name_localized("es-ES", "modo")]
    #[name_localized("es-419", "modo")]
    mode: Option<FamilyChoice>,
    #[description = "A past season, e.g. 2026-11 or 2026-Q3 (default: this one)"]
    #[description_localized("ko", "지난 시즌, 예: 2026-11, 2026-Q3 (기본: 이번 시즌)")]
    #[description_localized(
        "es-ES",
        "Una temporada pasada, p. ej. 2026-11 o 2026-Q3 (por defecto: la actual)"
    )]
    #[description_localized(
        "es-419",
        "Una temporada pasada, p. ej. 2026-11 o 2026-Q3 (por defecto: la actual)"
    )]
    #[name_localized("ko", "시즌")]
    #[name_localized("es-ES", "temporada")]
    #[name_localized("es-419", "temporada")]
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
                word(lang, "cmd-seasons-none-yet")
            } else {
                seasons.join(", ")
            };
            let text = say(
                lang,
                "cmd-no-such-season",
                &[("season", format!("{s:?}").into()), ("known", known.into())],
            );
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
    let text = yut_table::standings::leaderboard_text(&boards, &seasons, lang);
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
    name_localized("es-ES", "fortuna"),
    name_localized("es-419", "fortuna"),
    description_localized("ko", "오늘의 윷점: 세 번 던져 64가지 점괘 중 하나를 읽어요"),
    description_localized(
        "es-ES",
        "윷점: tu fortuna del yut de hoy, tres tiradas leídas entre 64 augurios"
    ),
    description_localized(
        "es-419",
        "윷점: tu fortuna del yut de hoy, tres tiradas leídas entre 64 augurios"
    )
)]
pub async fn fortune(ctx: Context<'_>) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let day = yut_table::fortune::day_of(ctx.data().service.now_ms(), lang);
    let f = yut_table::fortune::cast(guild.get(), ctx.author().id.get(), day);
    let Actor::User { name, .. } = actor(&ctx) else {
        return Ok(());
    };
    ctx.send(
        CreateReply::default()
            .content(yut_table::fortune::text(&f, &name, lang))
            .allowed_mentions(send::no_mentions()),
    )
    .await?;
    Ok(())
}

/// How to use the bot.
#[poise::command(
    slash_command,
    name_localized("ko", "도움말"),
    name_localized("es-ES", "ayuda"),
    name_localized("es-419", "ayuda"),
    description_localized("ko", "사용법"),
    description_localized("es-ES", "Cómo usar el bot"),
    description_localized("es-419", "Cómo usar el bot")
)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = word(lang(&ctx), "cmd-help");
    private(ctx, text).await
}
