//! `/yut notify` (how a person hears that it is their turn) and `/yut follow` (the players
//! and games a person follows). Both are the person's own: they work anywhere, answer
//! privately and are kept per person, not per server.

use super::*;
use yut_service::{Followed, NotifyMode, NotifyPref};

/// Where turn reminders go.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum NotifyChoice {
    #[name = "notify-channel"]
    Channel,
    #[name = "notify-dm"]
    Dm,
    #[name = "notify-both"]
    Both,
    #[name = "notify-none"]
    None,
}

impl NotifyChoice {
    pub fn mode(self) -> NotifyMode {
        match self {
            NotifyChoice::Channel => NotifyMode::Channel,
            NotifyChoice::Dm => NotifyMode::Dm,
            NotifyChoice::Both => NotifyMode::Both,
            NotifyChoice::None => NotifyMode::None,
        }
    }
}

/// How a person's turn reminders read: "**a direct message ...**, only once half ...".
pub fn notify_text(lang: Lang, pref: NotifyPref, saved: bool) -> String {
    let mode = match pref.mode {
        NotifyMode::Channel => word(lang, "notify-mode-channel"),
        NotifyMode::Dm => word(lang, "notify-mode-dm"),
        NotifyMode::Both => word(lang, "notify-mode-both"),
        NotifyMode::None => word(lang, "notify-mode-none"),
    };
    let half = if pref.half && pref.mode != NotifyMode::None {
        word(lang, "notify-half")
    } else {
        String::new()
    };
    let key = if saved { "notify-saved" } else { "notify-now" };
    say(lang, key, &[("mode", mode.into()), ("half", half.into())])
}

// `/yut notify [mode] [half_time]`: its names and descriptions for Discord are `reg-notify*`
// in `assets/locales/*/registration.ftl`. Without options: what is set.
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    mode: Option<NotifyChoice>,
    half_time: Option<bool>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    let user = ctx.author().id.get();
    let data = ctx.data();
    let now = data.service.notify_pref(user).await;
    if mode.is_none() && half_time.is_none() {
        return private(ctx, notify_text(lang, now, false)).await;
    }
    let pref = NotifyPref {
        mode: mode.map_or(now.mode, NotifyChoice::mode),
        half: half_time.unwrap_or(now.half),
    };
    let text = match data.service.set_notify_pref(user, pref).await {
        Ok(()) => {
            data.boards.reminders.remember(user, pref);
            notify_text(lang, pref, true)
        }
        Err(p) => p.message(lang),
    };
    private(ctx, text).await
}

// `/yut follow [player] [remove]`: its names and descriptions for Discord are `reg-follow*`
// in `assets/locales/*/registration.ftl`. Without options: the list, numbered.
#[poise::command(slash_command)]
pub async fn follow(
    ctx: Context<'_>,
    player: Option<User>,
    #[min = 1] remove: Option<u32>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    let me = ctx.author().id.get();
    let service = &ctx.data().service;
    let text = if let Some(n) = remove {
        match service.follows_of(me).await {
            Ok(list) => match list.get(n as usize - 1) {
                Some(&what) => match service.unfollow(me, what).await {
                    Ok(_) => say(
                        lang,
                        "follow-removed",
                        &[("what", followed_name(lang, what).into())],
                    ),
                    Err(p) => p.message(lang),
                },
                None => say(lang, "follow-no-such", &[("number", n.into())]),
            },
            Err(p) => p.message(lang),
        }
    } else if let Some(u) = player {
        follow_player(service, me, &u, lang).await
    } else {
        match service.follows_of(me).await {
            Ok(list) => follows_list(lang, &list),
            Err(p) => p.message(lang),
        }
    };
    private(ctx, text).await
}

async fn follow_player(service: &yut_service::Service, me: u64, u: &User, lang: Lang) -> String {
    if u.bot {
        return word(lang, "follow-bot");
    }
    if u.id.get() == me {
        return word(lang, "follow-self");
    }
    let what = Followed::Player(u.id.get());
    let name = u.mention().to_string();
    match service.follow(me, what, lang).await {
        Ok(true) => say(lang, "follow-player-on", &[("name", name.into())]),
        Ok(false) => match service.unfollow(me, what).await {
            Ok(true) => say(lang, "follow-player-off", &[("name", name.into())]),
            Ok(false) => super::super::follow::full(lang),
            Err(p) => p.message(lang),
        },
        Err(p) => p.message(lang),
    }
}

fn followed_name(lang: Lang, what: Followed) -> String {
    match what {
        Followed::Game(g) => say(lang, "follow-item-game", &[("game", g.to_string().into())]),
        Followed::Player(u) => say(
            lang,
            "follow-item-player",
            &[("name", format!("<@{u}>").into())],
        ),
    }
}

/// What a person follows, numbered for `remove:`.
pub fn follows_list(lang: Lang, list: &[Followed]) -> String {
    if list.is_empty() {
        return word(lang, "follow-list-empty");
    }
    let mut s = word(lang, "follow-list-head");
    for (i, &what) in list.iter().enumerate() {
        s.push_str(&format!("\n{}. {}", i + 1, followed_name(lang, what)));
    }
    s
}
