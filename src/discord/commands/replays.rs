//! `/yut replay` and `/yut history`.

use super::*;

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
    crate::discord::after::replay_command(ctx, game, lang(&ctx)).await
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
    crate::discord::after::history_command(ctx, user.map(|u| u.id.get()), lang(&ctx)).await
}
