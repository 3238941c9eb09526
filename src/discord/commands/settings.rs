//! `/yut settings`: the server's defaults for new games.

use super::*;

/// The server's defaults as text.
pub(crate) fn describe_defaults(
    d: &yut_service::ServerDefaults,
    bot_seconds: u32,
    lang: Lang,
) -> String {
    let preset = d.preset.as_deref().unwrap_or("standard");
    // Its name in the reader's language, and its word (what the setting takes) as code.
    let preset = yut_table::view::preset_with_word(preset, lang);
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
    let web = match d.web.as_deref() {
        Some("off") => "cmd-settings-web-off",
        Some("standings") => "cmd-settings-web-standings",
        _ => "cmd-settings-web-links",
    };
    let web = say(lang, "cmd-defaults-web", &[("web", word(lang, web).into())]);
    format!("{defaults} {threads} {web}")
}

/// The server's standings page, when it shows one and the bot serves pages.
fn standings_link(
    options: &crate::discord::Options,
    guild: u64,
    d: &yut_service::ServerDefaults,
) -> Option<String> {
    let web = options.web.as_ref()?;
    (d.web.as_deref() == Some("standings")).then(|| {
        let signer = yut_web::sign::Signer::new(web.secret.as_bytes());
        yut_web::standings::link(&signer, &web.url, guild, d.web_epoch)
    })
}

// `/yut settings`: its names and descriptions for Discord are `reg-settings*` in
// `assets/locales/*/registration.ftl`.
// Each argument is one of the command's options on Discord.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, check = "in_server")]
pub async fn settings(
    ctx: Context<'_>,
    preset: Option<PresetChoice>,
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
    #[min = 10]
    #[max = 300]
    seconds: Option<u32>,
    seasons: Option<SeasonChoice>,
    threads: Option<bool>,
    web: Option<WebChoice>,
    web_revoke: Option<bool>,
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
        && web.is_none()
        && web_revoke != Some(true)
        && !reset
    {
        let mut text = describe_defaults(&current, bot_seconds, lang);
        if let Some(url) = standings_link(&data.options, guild.get(), &current) {
            text.push('\n');
            text.push_str(&say(
                lang,
                "cmd-settings-standings-link",
                &[("url", url.into())],
            ));
        }
        return private(ctx, text).await;
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
        // A reset never brings back links that were revoked.
        yut_service::ServerDefaults {
            web_epoch: current.web_epoch,
            ..yut_service::ServerDefaults::default()
        }
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
    if let Some(w) = web {
        next.web = w.setting();
    }
    let revoked = web_revoke == Some(true);
    if revoked {
        next.web_epoch += 1;
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
        Ok(()) => {
            // This process's pages follow the change at once (others within seconds).
            if let Some(p) = &data.web {
                p.forget(guild.get());
            }
        }
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
    let mut text = format!("{saved} {}", describe_defaults(&next, bot_seconds, lang));
    if revoked {
        text.push('\n');
        text.push_str(&word(lang, "cmd-settings-web-revoked"));
    }
    if web.is_some() || revoked {
        text.push('\n');
        match standings_link(&data.options, guild.get(), &next) {
            Some(url) => text.push_str(&say(
                lang,
                "cmd-settings-standings-link",
                &[("url", url.into())],
            )),
            None if data.options.web.is_none() => text.push_str(&word(lang, "cmd-settings-no-web")),
            None => {}
        }
    }
    private(ctx, text).await
}
