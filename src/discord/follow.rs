//! Following (issue 29): the Follow button on a running board (a DM when that game ends) and
//! `/yut follow player:` (a DM when each of their games starts and ends). The process that
//! drives a game tells its followers, in the language each followed in, with a link to the
//! board and, once a game is over, its Replay button.

use super::notify::board_link;
use super::send::Poster;
use super::wire::private_message;
use super::Data;
use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow, CreateButton,
    CreateInteractionResponse, CreateMessage,
};
use std::sync::Arc;
use tokio::sync::mpsc;
use yut_service::GameEvent;
use yut_service::{Followed, Follower};
use yut_table::core::{Status, Table};
use yut_table::custom_id::{encode_after, AfterButton};
use yut_table::view::{follow_ended, follow_started, seated_name};
use yut_table::Lang;
use yut_text::say;

/// Tell the followers of every game that starts or ends here.
pub async fn pump(poster: Arc<Poster>, mut events: mpsc::UnboundedReceiver<GameEvent>) {
    while let Some(e) = events.recv().await {
        let poster = poster.clone();
        tokio::spawn(async move { tell(&poster, e).await });
    }
}

/// The direct message a follower gets about a game that started (`ended` false) or ended;
/// None when there is nothing to tell them (a game's follower hears of its end only; someone
/// who plays in the game sees it on the board).
pub fn follower_message(t: &Table, ended: bool, f: &Follower, link: &str) -> Option<CreateMessage> {
    if t.seat_of(f.user).is_some() {
        return None;
    }
    let lang = yut_text::lang_of(&f.lang);
    let why = match f.what {
        Followed::Game(_) => say(lang, "follow-why-game", &[]),
        Followed::Player(p) => say(lang, "follow-why-player", &[("name", name_of(t, p).into())]),
    };
    let text = match (ended, f.what) {
        (false, Followed::Game(_)) => return None,
        (false, Followed::Player(p)) => follow_started(t, lang, &name_of(t, p), link),
        (true, _) => follow_ended(t, lang, link),
    };
    let mut m = CreateMessage::new().content(format!("{text}\n{why}"));
    if ended && t.status == Status::Finished && t.game.is_some() {
        m = m.components(vec![CreateActionRow::Buttons(vec![CreateButton::new(
            encode_after(t.id, AfterButton::Replay),
        )
        .label(say(lang, "after-button-replay", &[]))
        .style(ButtonStyle::Secondary)])]);
    }
    Some(m)
}

fn name_of(t: &Table, user: u64) -> String {
    seated_name(t, user).unwrap_or_else(|| format!("<@{user}>"))
}

async fn tell(poster: &Arc<Poster>, e: GameEvent) {
    let (t, ended) = match &e {
        GameEvent::Started(t) => (t, false),
        GameEvent::Ended(t) => (t, true),
    };
    let followers = poster.service.followers(t, ended).await;
    if followers.is_empty() {
        return;
    }
    let message = match poster.current_message(t.id) {
        Some(m) => Some(m),
        None => poster.service.message_of(t.id).await,
    };
    let link = board_link(t.guild, t.channel, message);
    for f in followers {
        let Some(m) = follower_message(t, ended, &f, &link) else {
            continue;
        };
        if let Err(e) = poster.dm(f.user, m).await {
            tracing::info!(game = t.id, user = f.user, error = ?e, "a follower's DM was not delivered");
        }
    }
}

/// Follow on a board: follow the game (again: stop), answered privately.
pub async fn click(ctx: &SerenityContext, data: &Data, c: &ComponentInteraction, game: i64) {
    let lang = Lang::from_locale(&c.locale);
    let user = c.user.id.get();
    let text = follow_game(data, game, user, lang).await;
    let answer = CreateInteractionResponse::Message(private_message(text));
    if let Err(e) = c.create_response(&ctx.http, answer).await {
        tracing::warn!(game, error = %e, "answering Follow failed");
    }
}

async fn follow_game(data: &Data, game: i64, user: u64, lang: Lang) -> String {
    let service = &data.service;
    let Some(t) = service.game_table(game).await else {
        return say(lang, "problem-storage", &[]);
    };
    if !t.status.is_active() {
        return say(lang, "follow-game-over", &[]);
    }
    if t.seat_of(user).is_some() {
        return say(lang, "follow-self", &[]);
    }
    let what = Followed::Game(game);
    match service.follow(user, what, lang).await {
        Ok(true) => say(lang, "follow-game-on", &[]),
        Ok(false) => match service.unfollow(user, what).await {
            Ok(true) => say(lang, "follow-game-off", &[]),
            Ok(false) => full(lang),
            Err(p) => p.message(lang),
        },
        Err(p) => p.message(lang),
    }
}

/// The list is full.
pub fn full(lang: Lang) -> String {
    say(
        lang,
        "follow-full",
        &[("max", (yut_service::MAX_FOLLOWS as u32).into())],
    )
}
