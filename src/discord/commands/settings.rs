//! `/yut settings`: the server's defaults for new games.

use super::*;

/// The server's defaults as text.
pub(crate) fn describe_defaults(
    d: &yut_store::ServerDefaults,
    bot_seconds: u32,
    lang: Lang,
) -> String {
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
