//! `/yut new`: open a game in this channel.

use super::*;

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
