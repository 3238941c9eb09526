//! Events, continued: teams signing up as pairs, check-in, what admins decide (results,
//! disqualifications, pause, resume), and the bot's own rule that a side which never shows
//! up in its game forfeits it ([`Service::event_sweep`]). Each change is applied once, over
//! the version read ([`Service::change_event`]), and said to whoever runs the event as
//! [`EventNews`] when it decides a game.

use crate::*;
use yut_event::{Progress, Run, RunError, Stage};

impl Service {
    /// Say that a decision in event `id` counts (an admin's or a no-show's): the runner
    /// redraws the message and pairs the next round when the round is complete.
    fn decided(&self, id: i64, run: &Run, game: i64, progress: Progress) {
        let round = match run.stage {
            Stage::Round(n) => n,
            _ => run.played.len().saturating_sub(1) as u32,
        };
        let _ = self.inner.event_news.send(EventNews::Reported {
            event: id,
            round,
            game,
            progress,
        });
    }

    /// `captain` asks `partner` to play event `id` with them as team `team`.
    pub async fn event_invite(
        &self,
        id: i64,
        captain: (u64, &str),
        partner: u64,
        team: &str,
        rating: f64,
    ) -> Result<Run, Problem> {
        Ok(self
            .change_event(id, |run| run.invite(captain, partner, team, rating))
            .await?
            .0)
    }

    /// `partner` accepts the invitation waiting for them: their team is in.
    pub async fn event_accept(&self, id: i64, partner: u64, name: &str) -> Result<Run, Problem> {
        Ok(self
            .change_event(id, |run| run.accept(partner, name))
            .await?
            .0)
    }

    /// `who` declines the invitation waiting for them (or takes theirs back).
    pub async fn event_decline(&self, id: i64, who: u64) -> Result<Run, Problem> {
        Ok(self.change_event(id, |run| run.decline(who)).await?.0)
    }

    /// `user` checks in for the first round.
    pub async fn event_check_in(&self, id: i64, user: u64) -> Result<Run, Problem> {
        Ok(self.change_event(id, |run| run.check_in(user)).await?.0)
    }

    /// An admin (`by`) gives the current round's game of `user` (a person, or a member of a
    /// team) to that user's side, saying `why`.
    pub async fn event_result_for(
        &self,
        id: i64,
        user: u64,
        by: &str,
        why: &str,
    ) -> Result<Run, Problem> {
        let (run, (game, progress)) = self
            .change_event(id, |run| {
                let winner = run.entrant_of(user).ok_or(RunError::NotIn)?.id;
                let (_, r) = run.current().ok_or(RunError::NotNow)?;
                let index = r
                    .games
                    .iter()
                    .position(|g| g.first == winner || g.second == winner)
                    .ok_or(RunError::NoSuchGame)?;
                let game = r.games[index].game.unwrap_or(0);
                Ok((game, run.set_result(index, winner, by, why)?))
            })
            .await?;
        self.stop_event_game(game).await;
        self.decided(id, &run, game, progress);
        Ok(run)
    }

    /// An admin disqualifies `user`'s entrant (`by`, `why`): paired no more, a game of
    /// theirs in the round goes to the other side.
    pub async fn event_disqualify(
        &self,
        id: i64,
        user: u64,
        by: &str,
        why: &str,
    ) -> Result<Run, Problem> {
        let (run, (game, progress)) = self
            .change_event(id, |run| {
                let entrant = run.entrant_of(user).ok_or(RunError::NotIn)?.id;
                let game = run.current().and_then(|(_, r)| {
                    r.games
                        .iter()
                        .find(|g| g.result.is_none() && (g.first == entrant || g.second == entrant))
                        .and_then(|g| g.game)
                });
                Ok((game, run.disqualify(entrant, by, why)?))
            })
            .await?;
        if let (Some(game), Some(progress)) = (game, progress) {
            self.stop_event_game(game).await;
            self.decided(id, &run, game, progress);
        } else if let Some(progress) = progress {
            self.decided(id, &run, 0, progress);
        }
        Ok(run)
    }

    /// Count finished game `t` for event `id` from the game itself (its sides' ranking, the
    /// people's pieces home), where its own report did not arrive.
    async fn report_finished(&self, id: i64, t: &yut_table::Table) {
        let Some(outcome) = t.game.as_ref().and_then(|g| g.outcome().cloned()) else {
            return;
        };
        let g = t.game.as_ref().expect("checked above");
        // The people of each side, best side first.
        let sides: Vec<Vec<(u64, u32)>> = outcome
            .ranking
            .iter()
            .map(|&side| {
                t.seats
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| g.side_of(*i as u8) == side)
                    .filter_map(|(_, s)| Some((s.player.user()?, s.pieces_home)))
                    .collect()
            })
            .collect();
        let game = t.id;
        let done = self
            .change_event(id, |run| {
                let index = run.pairing_of(game).ok_or(RunError::NoSuchGame)?;
                let entrant = |people: &Vec<(u64, u32)>| {
                    people
                        .iter()
                        .find_map(|(u, _)| run.entrant_of(*u).map(|e| e.id))
                };
                let pieces =
                    |people: &Vec<(u64, u32)>| people.iter().map(|p| p.1).max().unwrap_or(0);
                let p = run.current().ok_or(RunError::NotNow)?.1.games[index].clone();
                if !p.more.is_empty() {
                    let places: Vec<u64> = sides.iter().filter_map(entrant).collect();
                    let home: Vec<u32> = sides.iter().map(pieces).collect();
                    return run.report_table(game, &places, &home);
                }
                let winner = sides.first().and_then(entrant).ok_or(RunError::NotInGame)?;
                let of = |e: u64| {
                    sides
                        .iter()
                        .find(|s| entrant(s) == Some(e))
                        .map_or(0, pieces)
                };
                run.report(game, winner, [of(p.first), of(p.second)])
            })
            .await;
        match done {
            Ok((run, progress)) => {
                tracing::info!(
                    event = id,
                    game,
                    "a game's result counted late for its event"
                );
                self.decided(id, &run, game, progress);
            }
            Err(p) => {
                tracing::debug!(event = id, game, problem = ?p, "a finished game did not count")
            }
        }
    }

    /// An admin pauses event `id`.
    pub async fn event_pause(&self, id: i64, by: &str) -> Result<Run, Problem> {
        Ok(self.change_event(id, |run| run.pause(by)).await?.0)
    }

    /// An admin resumes event `id`; a complete round then pairs the next (said as news).
    pub async fn event_resume(&self, id: i64, by: &str) -> Result<Run, Problem> {
        let (run, done) = self.change_event(id, |run| run.resume(by)).await?;
        if done {
            self.decided(id, &run, 0, Progress::RoundDone);
        }
        Ok(run)
    }

    /// Is event `id`'s next round to be paired now (its round complete, not paused, the
    /// round's time come)?
    pub async fn event_round_due(&self, id: i64) -> bool {
        let now = self.now_ms();
        self.event(id)
            .await
            .is_ok_and(|(_, run)| run.next_round_due(now))
    }

    /// The event of `channel` still taking sign-ups or being played (the newest), if any.
    pub async fn event_in_channel(&self, guild: u64, channel: u64) -> Result<Option<i64>, Problem> {
        let rows = self
            .inner
            .store
            .events_of_guild(guild, 50)
            .await
            .map_err(Problem::Storage)?;
        Ok(rows
            .into_iter()
            .filter(|r| r.channel == channel && (r.stage == "signup" || r.stage == "round"))
            .map(|r| r.id)
            .max())
    }

    /// A game decided outside the board (an admin's result, a forfeit) is stopped, so that
    /// nobody plays on for nothing.
    async fn stop_event_game(&self, game: i64) {
        if game == 0 {
            return;
        }
        let Some(table) = self.game_table(game).await else {
            return;
        };
        if table.id != game || !table.status.is_active() {
            return;
        }
        // Its board shows it stopped (nobody clicked: the runner is told, as after a bot's
        // move).
        let message = self.message_of(game).await;
        match self
            .command(table.channel, &Actor::System, Command::Stop)
            .await
        {
            Ok(_) => {
                // As the actor pushes a board: the table's summary, drawn when shown.
                if let Some(t) = self.game_table(game).await {
                    let _ = self.inner.updates.send(Update {
                        game,
                        channel: t.channel,
                        message_id: message,
                        repost: message.is_none(),
                        view: yut_table::view::table_summary(&t),
                        table: Some(t),
                    });
                }
            }
            Err(p) => {
                tracing::debug!(game, problem = ?p, "an event game decided elsewhere was not stopped");
            }
        }
    }

    /// One pass of the no-show rule over this process's events: in a game opened more than
    /// the event's no-show seconds ago, a side none of whose people has acted forfeits it
    /// (the game is stopped). Where neither side showed, the game goes on (the timers play
    /// it and the result counts, or an admin decides). Returns the games forfeited.
    pub async fn event_sweep(&self) -> Result<Vec<i64>, Problem> {
        let now = self.now_ms();
        let mut forfeited = Vec::new();
        for (row, run) in self.running_events().await? {
            // A complete round whose next round waited for its time: now due.
            if run.round_done() && run.next_round_at().is_some() && run.next_round_due(now) {
                self.decided(row.id, &run, 0, Progress::RoundDone);
                continue;
            }
            // A game over whose result never reached the event (the process stopped between
            // the two writes, or the event's write lost too often): counted now, from the
            // game as stored.
            let unreported: Vec<i64> = run
                .current()
                .map(|(_, r)| {
                    r.games
                        .iter()
                        .filter(|p| p.result.is_none())
                        .filter_map(|p| p.game)
                        .collect()
                })
                .unwrap_or_default();
            for game in unreported {
                if let Some(t) = self.game_table(game).await {
                    if t.id == game && t.status == yut_table::Status::Finished {
                        self.report_finished(row.id, &t).await;
                    }
                }
            }
            let grace = i64::from(run.setup.no_show_seconds) * 1000;
            let Some((_, round)) = run.current() else {
                continue;
            };
            for (index, p) in round.games.iter().enumerate() {
                let (Some(game), Some(opened)) = (p.game, p.opened_ms) else {
                    continue;
                };
                if p.result.is_some() || now < opened + grace {
                    continue;
                }
                let Some(table) = self.game_table(game).await else {
                    continue;
                };
                if table.id != game || table.status != yut_table::Status::Playing {
                    continue;
                }
                let shown = |entrant: u64| {
                    let people = run.entrant(entrant).map(|e| e.people()).unwrap_or_default();
                    table
                        .seats
                        .iter()
                        .any(|s| s.shown && s.player.user().is_some_and(|u| people.contains(&u)))
                };
                let absent = match (shown(p.first), shown(p.second)) {
                    (false, true) => p.first,
                    (true, false) => p.second,
                    _ => continue,
                };
                let done = self
                    .change_event(row.id, |run| match run.pairing_of(game) {
                        Some(i) if i == index => run.forfeit(index, absent),
                        _ => Err(RunError::NoSuchGame),
                    })
                    .await;
                if let Ok((run, progress)) = done {
                    tracing::info!(
                        event = row.id,
                        game,
                        absent,
                        "a no-show forfeited an event game"
                    );
                    self.stop_event_game(game).await;
                    self.decided(row.id, &run, game, progress);
                    forfeited.push(game);
                }
            }
        }
        Ok(forfeited)
    }
}

/// Where a person finished in one of a server's events (their card shows it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventPlace {
    pub event: i64,
    pub name: String,
    /// Their entrant's place (1: the champion; shared places share it).
    pub rank: u32,
    /// Entrants ranked.
    pub of: u32,
    pub score: u32,
}

/// How many finished events a card shows (the newest).
const PLACES_SHOWN: usize = 5;

impl Service {
    /// Where `user` (alone or in a team) finished in server `guild`'s finished events, the
    /// newest first, at most [`PLACES_SHOWN`].
    pub async fn event_places(&self, guild: u64, user: u64) -> Result<Vec<EventPlace>, Problem> {
        let rows = self
            .inner
            .store
            .events_of_guild(guild, 200)
            .await
            .map_err(Problem::Storage)?;
        let mut out = Vec::new();
        for row in rows.into_iter().filter(|r| r.stage == "finished") {
            let Ok(run) = serde_json::from_str::<Run>(&row.state) else {
                continue;
            };
            let Some(entrant) = run.entrant_of(user).map(|e| e.id) else {
                continue;
            };
            let standings = run.standings();
            if let Some(s) = standings.iter().find(|s| s.entrant == entrant) {
                out.push(EventPlace {
                    event: row.id,
                    name: run.name.clone(),
                    rank: s.rank,
                    of: standings.len() as u32,
                    score: s.score,
                });
            }
            if out.len() >= PLACES_SHOWN {
                break;
            }
        }
        Ok(out)
    }
}
