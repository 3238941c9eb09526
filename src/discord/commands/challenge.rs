//! `/yut challenge`: a 1v1 or 2v2 challenge with held seats.

use super::*;

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
