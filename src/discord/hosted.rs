//! Games where Yutbot is not a member: a group DM of friends, or a server that has not added
//! the bot, reached through a person who installed the app on their own account. The bot may
//! not post in such a channel (403), but it may answer interactions: the lobby is the
//! command's own answer, every click answers with UPDATE_MESSAGE as in servers (one call), and
//! what happens between clicks (bot turns, time-outs, pings) goes through the freshest
//! interaction token of that game.
//!
//! Discord's limits, modelled here: a token lives 15 minutes from its interaction; a
//! user-installed app that is not in the server may send at most 5 follow-up messages per
//! interaction (error 40094 past that); a lapsed token is refused (401, 50027). So a game whose
//! last token is about to lapse with nobody clicking is held ([`yut_table::Command::Hold`]):
//! its board says so and waits; the next click (Continue, or any button of the board, even an
//! out-of-date one) brings a fresh token and the game goes on from there. Nothing is applied
//! that could not be shown.
//!
//! The poster ([`super::send`]) holds the show locks and the connection to Discord; this
//! module asks it for them, and what shows the boards asks this module about hosted games.

use super::send::Poster;
use super::wire::{edit_response, followup_message, is_stale, mark_shown, ping_text, Turn};
use super::Data;
use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, ComponentInteraction,
    CreateAllowedMentions, CreateInteractionResponseFollowup, GuildId, HttpError, MessageId,
    UserId,
};
use serenity::builder::Builder;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use yut_service::HostedToken;
use yut_table::View;

/// Follow-up messages Discord allows per interaction of a user-installed app that is not in
/// the server (the turn pings of a hosted game use them).
pub const FOLLOWUPS_PER_TOKEN: u32 = 5;

/// Does an interaction come from where the bot cannot post, so that its game must live in
/// the interaction's own message? True when the app is installed only to the person's
/// account there: a group DM, a DM between users, or a server that has not added Yutbot. An
/// interaction without `authorizing_integration_owners` predates user installs (a server
/// install); a DM with the bot itself is the bot's own channel.
pub fn is_hosted(guild: Option<GuildId>, owners: &AuthorizingIntegrationOwners) -> bool {
    if owners.0.is_empty() {
        return false;
    }
    !owners
        .0
        .iter()
        .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(g) if *g == guild))
}

/// A click from where the bot cannot post ([`is_hosted`]).
pub fn is_hosted_click(c: &ComponentInteraction) -> bool {
    is_hosted(c.guild_id, &c.authorizing_integration_owners)
}

/// A hosted game's freshest token.
#[derive(Debug, Clone)]
struct Token {
    token: String,
    /// When it arrived (ms since the Unix epoch, the service's clock).
    issued_ms: i64,
    /// Follow-ups sent through it.
    followups: u32,
    /// The game was held for this token's end.
    hold_sent: bool,
    /// Discord refused it as lapsed.
    dead: bool,
    /// The board's message where it is a follow-up of this token (an Activity's launch),
    /// edited by its id; None: the token's original answer is the board.
    board: Option<u64>,
}

impl Token {
    /// May it still be used at `now_ms` (not refused, not past its life)?
    fn usable(&self, now_ms: i64, life_ms: i64) -> bool {
        !self.dead && now_ms < self.issued_ms + life_ms
    }
}

/// The hosted games this process shows, and what happened to them.
pub struct Hosted {
    /// Its connection to Discord, the service and the games' show locks.
    poster: Arc<Poster>,
    life: Duration,
    games: Mutex<HashMap<i64, Token>>,
    /// Boards shown through a token (not counting the clicks' own answers).
    pub edits: AtomicU64,
    /// Games held because their last token was about to lapse.
    pub holds: AtomicU64,
    /// Boards that could not be shown: the token had lapsed.
    pub lapsed: AtomicU64,
    /// Pings not sent: the token's follow-ups were used up (or there was no live token).
    pub pings_skipped: AtomicU64,
}

impl Hosted {
    /// `life`: how long an interaction's token lasts (Discord: 15 minutes).
    pub fn new(poster: Arc<Poster>, life: Duration) -> Hosted {
        Hosted {
            poster,
            life,
            games: Mutex::new(HashMap::new()),
            edits: AtomicU64::new(0),
            holds: AtomicU64::new(0),
            lapsed: AtomicU64::new(0),
            pings_skipped: AtomicU64::new(0),
        }
    }

    fn life_ms(&self) -> i64 {
        self.life.as_millis() as i64
    }

    /// How long before a token lapses its game is held: a fifteenth of its life (a minute
    /// for Discord's 15 minutes), ample for the last edit.
    fn margin_ms(&self) -> i64 {
        (self.life_ms() / 15).max(200)
    }

    /// Is this game shown through interaction tokens here?
    pub fn has(&self, game: i64) -> bool {
        self.games.lock().expect("hosted lock").contains_key(&game)
    }

    /// The game's token if it can still be used at `now_ms`, with the board's message
    /// where it is one of its follow-ups.
    fn live(&self, game: i64, now_ms: i64) -> Option<(String, Option<u64>)> {
        let games = self.games.lock().expect("hosted lock");
        games
            .get(&game)
            .filter(|t| t.usable(now_ms, self.life_ms()))
            .map(|t| (t.token.clone(), t.board))
    }

    fn keep(&self, game: i64, token: &str, issued_ms: i64, followups: u32, board: Option<u64>) {
        let mut games = self.games.lock().expect("hosted lock");
        let same = games.get(&game).is_some_and(|t| t.token == token);
        let fresher = games.get(&game).is_none_or(|t| t.issued_ms <= issued_ms);
        if fresher && !same {
            games.insert(
                game,
                Token {
                    token: token.to_string(),
                    issued_ms,
                    followups,
                    hold_sent: false,
                    dead: false,
                    board,
                },
            );
        }
    }

    /// Load the tokens of the hosted games still running (at start-up), with the follow-ups
    /// each has used.
    pub fn load(&self, tokens: Vec<HostedToken>) {
        for t in tokens {
            self.keep(t.game, &t.token, t.issued_ms, t.followups, t.message);
        }
    }

    /// The game is over: no more boards through its tokens.
    pub fn forget(&self, game: i64) {
        self.games.lock().expect("hosted lock").remove(&game);
    }

    /// The game's live token with a follow-up left by this process's count (None: used up,
    /// or no live token): its text and issue time. The database's count decides
    /// ([`Hosted::ping`]).
    fn followup_token(&self, game: i64, now_ms: i64) -> Option<(String, i64)> {
        let games = self.games.lock().expect("hosted lock");
        let t = games.get(&game)?;
        if t.followups >= FOLLOWUPS_PER_TOKEN || !t.usable(now_ms, self.life_ms()) {
            return None;
        }
        Some((t.token.clone(), t.issued_ms))
    }

    /// Count a follow-up taken (`used_up`: the database says none is left).
    fn count_followup(&self, game: i64, token: &str, used_up: bool) {
        if let Some(t) = self.games.lock().expect("hosted lock").get_mut(&game) {
            if t.token == token {
                t.followups = if used_up {
                    FOLLOWUPS_PER_TOKEN
                } else {
                    (t.followups + 1).min(FOLLOWUPS_PER_TOKEN)
                };
            }
        }
    }

    fn mark_dead(&self, game: i64, token: &str) {
        if let Some(t) = self.games.lock().expect("hosted lock").get_mut(&game) {
            if t.token == token {
                t.dead = true;
            }
        }
    }

    /// The games whose token lapses within the margin and that were not held for it yet
    /// (each marked as held).
    fn due_for_hold(&self, now_ms: i64) -> Vec<i64> {
        let (life, margin) = (self.life_ms(), self.margin_ms());
        let mut games = self.games.lock().expect("hosted lock");
        games
            .iter_mut()
            .filter(|(_, t)| !t.hold_sent && now_ms >= t.issued_ms + life - margin)
            .map(|(g, t)| {
                t.hold_sent = true;
                *g
            })
            .collect()
    }
}

/// Is this Discord refusing a lapsed or unknown interaction token (401 / 50027 Invalid
/// Webhook Token, 404 / 10015 Unknown Webhook)?
fn token_lapsed(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            matches!(r.error.code, 50027 | 10015) || r.status_code.as_u16() == 401
        }
        _ => false,
    }
}

/// Did Discord refuse a follow-up past the interaction's limit (40094)?
fn followups_used_up(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == 40094)
}

impl Hosted {
    /// A hosted game's fresh token (from its command or a click): kept here, and in the
    /// database so that a restarted bot goes on.
    pub fn keep_token(&self, game: i64, token: &str) {
        self.keep_with_board(game, token, None);
    }

    /// A hosted game whose board is message `board`, a follow-up of `token` (the lobby an
    /// Activity's launch opened: its answer made no message). Its boards are edits of that
    /// message, until a click brings a token whose answer is the board.
    pub fn keep_board_token(&self, game: i64, token: &str, board: u64) {
        self.keep_with_board(game, token, Some(board));
    }

    fn keep_with_board(&self, game: i64, token: &str, board: Option<u64>) {
        let now = self.poster.service.now_ms();
        self.keep(game, token, now, u32::from(board.is_some()), board);
        let service = self.poster.service.clone();
        let token = token.to_string();
        tokio::spawn(async move {
            if let Err(p) = service.save_token(game, &token, now, board).await {
                tracing::warn!(game, problem = ?p, "could not store the game's interaction token");
            }
        });
    }

    /// Show a hosted game's board through its freshest token (an edit of the interaction's
    /// message, the game's board); true if it is shown (then the turn's reminder follows, as
    /// for a channel).
    pub async fn show(&self, game: i64, view: &View) -> bool {
        let poster = &self.poster;
        let now = poster.service.now_ms();
        let Some((token, board)) = self.live(game, now) else {
            tracing::info!(
                game,
                "no live interaction token: the board waits for the next click"
            );
            self.lapsed.fetch_add(1, Ordering::Relaxed);
            return false;
        };
        // Just restarted: the application's id (in the token's route) comes with READY.
        let mut waited = 0;
        while poster.http.application_id().is_none() && waited < 600 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            waited += 1;
        }
        let mut shown = poster.lock(game).await;
        if is_stale(&shown, view) {
            return false;
        }
        let edited = match board {
            Some(id) => followup_message(view)
                .execute(&poster.http, (Some(MessageId::new(id)), &token))
                .await
                .map(|_| ()),
            None => edit_response(view)
                .execute(&poster.http, &token)
                .await
                .map(|_| ()),
        };
        match edited {
            Ok(_) => {
                mark_shown(&mut shown, view);
                self.edits.fetch_add(1, Ordering::Relaxed);
                true
            }
            Err(e) if token_lapsed(&e) => {
                tracing::info!(game, error = %e, "the interaction token lapsed: the board waits for the next click");
                self.mark_dead(game, &token);
                self.lapsed.fetch_add(1, Ordering::Relaxed);
                false
            }
            Err(e) => {
                tracing::warn!(game, error = %e, "showing a hosted game's board failed");
                false
            }
        }
    }

    /// Delete a hosted game's pings in view (those older than `keep_version`, or all of them
    /// with `None`) through the tokens that sent them, while those live; the database forgets
    /// them either way (a follow-up whose token lapsed cannot be deleted by anyone).
    pub async fn delete_pings(&self, game: i64, keep_version: Option<u64>) {
        let rows = match self.poster.service.pings_of_game(game).await {
            Ok(rows) => rows,
            Err(p) => {
                tracing::warn!(game, problem = ?p, "could not read the game's pings in view");
                return;
            }
        };
        let now = self.poster.service.now_ms();
        for r in rows {
            if keep_version.is_some_and(|v| r.version >= v) {
                continue;
            }
            self.delete_ping(&r, now).await;
        }
    }

    /// Delete one hosted ping through its token (while it lives); forget it.
    pub async fn delete_ping(&self, r: &yut_service::PingRow, now_ms: i64) {
        if let Some((token, issued)) = &r.token {
            if now_ms < issued + self.life_ms() {
                if let Err(e) = self
                    .poster
                    .http
                    .delete_followup_message(token, MessageId::new(r.message))
                    .await
                {
                    tracing::debug!(game = r.game, error = %e, "a hosted game's ping could not be deleted");
                }
            }
        }
        if let Err(p) = self.poster.service.ping_deleted(r.message).await {
            tracing::warn!(game = r.game, problem = ?p, "could not record a ping's deletion");
        }
    }

    /// A hosted game's turn ping: a follow-up message that mentions the player (an edit
    /// notifies nobody), through the game's freshest token while it has follow-ups left; the
    /// previous ping is deleted to keep the conversation tidy.
    pub async fn ping(&self, turn: &Turn) {
        let service = &self.poster.service;
        let now = service.now_ms();
        // This turn's ping already in view (sent before a restart or a takeover): not twice.
        match service.pings_of_game(turn.game).await {
            Ok(rows) if rows.iter().any(|r| r.version >= turn.version) => {
                tracing::debug!(game = turn.game, "this turn's ping is already in view");
                return;
            }
            Ok(_) => {}
            Err(p) => {
                tracing::warn!(game = turn.game, problem = ?p, "could not read the game's pings; no ping");
                return;
            }
        }
        let Some((token, issued)) = self.followup_token(turn.game, now) else {
            tracing::debug!(
                game = turn.game,
                "no follow-up left on the game's token: no ping"
            );
            self.pings_skipped.fetch_add(1, Ordering::Relaxed);
            return;
        };
        // The database counts the token's follow-ups, across restarts and processes: never
        // more than Discord allows.
        let taken = service
            .take_followup(turn.game, &token, issued, FOLLOWUPS_PER_TOKEN)
            .await;
        self.count_followup(turn.game, &token, !matches!(taken, Ok(true)));
        if !matches!(taken, Ok(true)) {
            tracing::info!(game = turn.game, result = ?taken, "no follow-up left on the game's token (by the database's count): no ping");
            self.pings_skipped.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let msg = CreateInteractionResponseFollowup::new()
            .content(ping_text(turn.user, turn.lang, turn.deadline_ms))
            .allowed_mentions(
                CreateAllowedMentions::new()
                    .users([UserId::new(turn.user)])
                    .empty_roles(),
            );
        match msg.execute(&self.poster.http, (None, &token)).await {
            Ok(m) => {
                let row = yut_service::PingRow {
                    message: m.id.get(),
                    game: turn.game,
                    channel: turn.channel,
                    version: turn.version,
                    user: turn.user,
                    token: Some((token, issued)),
                };
                if let Err(p) = service.ping_posted(row).await {
                    tracing::warn!(game = turn.game, problem = ?p, "could not record the turn ping in view");
                }
                // The previous one goes, through the token that sent it, while it lives.
                self.delete_pings(turn.game, Some(turn.version)).await;
            }
            Err(e) if followups_used_up(&e) => {
                tracing::info!(
                    game = turn.game,
                    "Discord refused the ping: the token's follow-ups are used up"
                );
                self.pings_skipped.fetch_add(1, Ordering::Relaxed);
            }
            Err(e) => {
                tracing::warn!(game = turn.game, error = %e, "a hosted game's ping failed");
            }
        }
    }
}

/// Hold every hosted game whose last token is about to lapse, a few times per token's
/// margin, for as long as the bot runs.
pub async fn hold_sweep(hosted: Arc<Hosted>) {
    let every = Duration::from_millis((hosted.margin_ms() / 4).clamp(50, 15_000) as u64);
    let service = &hosted.poster.service;
    loop {
        tokio::time::sleep(every).await;
        let now = service.now_ms();
        for game in hosted.due_for_hold(now) {
            match service.hold(game).await {
                Ok(()) => {
                    tracing::info!(
                        game,
                        "held: its last interaction token lapses soon and nobody clicked"
                    );
                    hosted.holds.fetch_add(1, Ordering::Relaxed);
                }
                Err(yut_service::Problem::NoGame) => hosted.forget(game),
                Err(p) => tracing::debug!(game, problem = ?p, "not held"),
            }
        }
    }
}

/// A click in a hosted game on a board that is out of date (a pause, a move made meanwhile):
/// the clicker's answer is the game's board as it is now, and a held game goes on. The click
/// brings the fresh token a held game waits for.
pub async fn refresh(data: &Data, c: &ComponentInteraction, actor: &yut_table::Actor) -> View {
    let channel = c.channel_id.get();
    match data
        .service
        .command(channel, actor, yut_table::Command::Resume)
        .await
    {
        Ok(v) => v,
        Err(_) => data.service.board(channel).await.unwrap_or_default(),
    }
}
