//! Community events (issue 49) over the store: an event's state is the pure core's
//! [`Run`], kept whole in its row and changed by read, apply, write-over-the-version-read
//! (again from the top when another write came first), so every change is applied once
//! whichever process or task makes it.
//!
//! A round's games are opened by whoever runs the event (the Discord edge opens a thread
//! for each, a benchmark a channel of its own) with [`Service::event_open_game`]; each
//! game's end reports its result to its event by itself (the actor calls
//! [`Service::event_game_over`]), and [`EventNews`] says so to whoever listens.

use crate::*;
use yut_event::{EventFormat, Mode, Pairing, Progress, Run, RunError, Setup, Stage};
use yut_store::EventRow;

/// What happened to an event, for whoever runs it (the edge, a benchmark).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventNews {
    /// A game of round `round` ended and its result counts; `progress` says whether the
    /// round (or the event) is complete.
    Reported {
        event: i64,
        round: u32,
        game: i64,
        progress: Progress,
    },
}

/// A game of a round to open: its pairing's index and its two entrants.
#[derive(Debug, Clone, PartialEq)]
pub struct EventGame {
    pub index: u32,
    pub pairing: Pairing,
}

/// What an event is, as its creator chose it.
#[derive(Debug, Clone, PartialEq)]
pub struct EventSpec {
    pub name: String,
    pub rounds: u32,
    /// The most entrants taken (0: no cap).
    pub cap: u32,
    pub lang: Lang,
    pub mode: Mode,
    /// Entrants check in before the first round.
    pub check_in: bool,
    pub setup: Setup,
    pub format: EventFormat,
    /// Games per match (elimination and round robin).
    pub best_of: u32,
}

impl EventSpec {
    /// A Swiss event of one person per entrant, the server's rules, rated.
    pub fn swiss(name: &str, rounds: u32, lang: Lang) -> EventSpec {
        EventSpec {
            name: name.to_string(),
            rounds,
            cap: 0,
            lang,
            mode: Mode::Solo,
            check_in: false,
            setup: Setup::default(),
            format: EventFormat::Swiss,
            best_of: 1,
        }
    }

    /// The event's state before anyone joins.
    pub fn run(&self) -> Run {
        let mut run = Run::new(&self.name, self.rounds, self.cap);
        run.lang = yut_text::code(self.lang).to_string();
        run.mode = self.mode;
        run.check_in = self.check_in;
        run.setup = self.setup.clone();
        // During sign-up with nobody in, a format is always taken.
        let _ = run.set_format(self.format, self.best_of.max(1));
        run
    }
}

/// How many times a change is tried again when another write came first.
const TRIES: usize = 32;

fn stage_name(run: &Run) -> &'static str {
    match run.stage {
        Stage::SignUp => "signup",
        Stage::Round(_) => "round",
        Stage::Finished => "finished",
        Stage::Cancelled => "cancelled",
    }
}

fn state_of(run: &Run) -> String {
    serde_json::to_string(run).expect("an event serializes")
}

impl Service {
    /// Open a Swiss event of one person per entrant in `channel` of server `guild`, the
    /// server's rules, rated: sign-ups open.
    pub async fn create_event(
        &self,
        guild: u64,
        channel: u64,
        name: &str,
        rounds: u32,
        cap: u32,
        lang: Lang,
    ) -> Result<i64, Problem> {
        let mut spec = EventSpec::swiss(name, rounds, lang);
        spec.cap = cap;
        self.create_event_with(guild, channel, &spec).await
    }

    /// Open an event in `channel` of server `guild` as `spec` says: sign-ups open.
    pub async fn create_event_with(
        &self,
        guild: u64,
        channel: u64,
        spec: &EventSpec,
    ) -> Result<i64, Problem> {
        let store = &self.inner.store;
        let id = store.new_game_id().await.map_err(Problem::Storage)?;
        let run = spec.run();
        let row = EventRow {
            id,
            guild,
            channel,
            message: None,
            stage: stage_name(&run).into(),
            state: state_of(&run),
            version: 1,
        };
        store
            .create_event(row, self.now_ms())
            .await
            .map_err(Problem::Storage)?;
        Ok(id)
    }

    /// An event as stored, with its state.
    pub async fn event(&self, id: i64) -> Result<(EventRow, Run), Problem> {
        let row = self.inner.store.event(id).await.map_err(|e| match e {
            StoreError::NotFound => Problem::NoEvent,
            e => Problem::Storage(e),
        })?;
        let run: Run = serde_json::from_str(&row.state)
            .map_err(|e| Problem::Storage(StoreError::Corrupt(format!("event {id}: {e}"))))?;
        Ok((row, run))
    }

    /// Apply `f` to event `id` and store what it made (once, whatever else writes it).
    pub(crate) async fn change_event<T>(
        &self,
        id: i64,
        f: impl Fn(&mut Run) -> Result<T, RunError>,
    ) -> Result<(Run, T), Problem> {
        for attempt in 0..TRIES {
            if attempt > 0 {
                // Another write came first (a round's games ending together): a short wait,
                // longer each time, so that the writers do not keep meeting.
                tokio::time::sleep(Duration::from_millis(1 << attempt.min(6))).await;
            }
            let (row, mut run) = self.event(id).await?;
            let out = f(&mut run).map_err(Problem::Event)?;
            let saved = self
                .inner
                .store
                .save_event(
                    id,
                    row.version,
                    stage_name(&run),
                    state_of(&run),
                    self.now_ms(),
                )
                .await
                .map_err(Problem::Storage)?;
            if saved {
                return Ok((run, out));
            }
        }
        Err(Problem::Stale)
    }

    /// `user` signs up (`rating`: for the first round's order).
    pub async fn event_join(
        &self,
        id: i64,
        user: u64,
        name: &str,
        rating: f64,
    ) -> Result<Run, Problem> {
        Ok(self
            .change_event(id, |run| run.join(user, name, rating))
            .await?
            .0)
    }

    /// `user` leaves (before the start) or drops out (after it).
    pub async fn event_leave(&self, id: i64, user: u64) -> Result<Run, Problem> {
        Ok(self.change_event(id, |run| run.leave(user)).await?.0)
    }

    /// Pair the event's next round: the round's number and its games to open, in order (the
    /// bye counts at once).
    pub async fn event_start_round(&self, id: i64) -> Result<(u32, Vec<EventGame>), Problem> {
        let now = self.now_ms();
        let (run, games) = self
            .change_event(id, |run| {
                run.start_round()?;
                run.round_started(now);
                let (_, round) = run.current().ok_or(RunError::NotNow)?;
                Ok(round
                    .games
                    .iter()
                    .enumerate()
                    .map(|(i, p)| EventGame {
                        index: i as u32,
                        pairing: p.clone(),
                    })
                    .collect::<Vec<_>>())
            })
            .await?;
        let round = match run.stage {
            Stage::Round(n) => n,
            _ => 0,
        };
        Ok((round, games))
    }

    /// Open pairing `index` of event `id`'s round `round` as a started game in `channel`
    /// (a thread of its own, say), with `settings`: the first entrant hosts and sits first,
    /// the second joins. The game's id, kept with the event so that its end reports there.
    pub async fn event_open_game(
        &self,
        id: i64,
        round: u32,
        index: u32,
        channel: u64,
        settings: Settings,
    ) -> Result<i64, Problem> {
        let (row, run) = self.event(id).await?;
        let pairing = match run.current() {
            Some((n, r)) if n == round => r
                .games
                .get(index as usize)
                .cloned()
                .ok_or(Problem::Event(RunError::NoSuchGame))?,
            _ => return Err(Problem::Event(RunError::NotNow)),
        };
        // Seats in playing order: first entrant's, second's (a team's two people after
        // them, so the lobby's teams are A1 B1 A2 B2).
        let people = |e: u64| {
            run.entrant(e)
                .map_or_else(|| vec![(e, e.to_string())], |s| s.people_named())
        };
        let [first, second] = pairing.seats();
        let (a, b) = (people(first), people(second));
        let mut order = Vec::new();
        for i in 0..a.len().max(b.len()) {
            order.extend(a.get(i).cloned());
            order.extend(b.get(i).cloned());
        }
        // A free-for-all table's third and fourth seats.
        for &e in &pairing.more {
            order.extend(people(e));
        }
        let mut settings = settings;
        if run.format == EventFormat::Tables {
            settings.teams = false;
            settings.seats = order.len() as u8;
        }
        let actors: Vec<Actor> = order
            .iter()
            .map(|(id, name)| Actor::user(*id, name))
            .collect();
        let first = actors[0].clone();
        self.create(row.guild, channel, &first, settings).await?;
        for who in &actors[1..] {
            self.command(channel, who, Command::Join).await?;
        }
        let view = self.command(channel, &first, Command::Start).await?;
        let game = view.game.ok_or(Problem::NoGame)?;
        // Nobody clicked for it: the edge posts the game's board in its channel (as for a
        // lobby an Activity opens).
        if let Some(t) = self.table(channel).await {
            let _ = self.inner.updates.send(Update {
                game,
                channel,
                message_id: None,
                repost: true,
                view: yut_table::view::table_summary(&t),
                table: Some(t.clone()),
            });
        }
        self.inner
            .store
            .event_game(game, id, round, index, run.setup.rated)
            .await
            .map_err(Problem::Storage)?;
        let now = self.now_ms();
        self.change_event(id, |run| match run.current() {
            Some((n, _)) if n == round => run.opened(index as usize, game, now),
            _ => Err(RunError::NotNow),
        })
        .await?;
        Ok(game)
    }

    /// An admin decides pairing `index` of the current round (a no-show, a dispute): `by`
    /// says who and why, for the event's log.
    pub async fn event_set_result(
        &self,
        id: i64,
        index: u32,
        winner: u64,
        by: &str,
        why: &str,
    ) -> Result<Progress, Problem> {
        Ok(self
            .change_event(id, |run| run.set_result(index as usize, winner, by, why))
            .await?
            .1)
    }

    /// Call the event off.
    pub async fn event_cancel(&self, id: i64, by: &str) -> Result<Run, Problem> {
        Ok(self.change_event(id, |run| run.cancel(by)).await?.0)
    }

    /// The events being played in this process's servers (those it runs), with their state.
    pub(crate) async fn running_events(&self) -> Result<Vec<(EventRow, Run)>, Problem> {
        let rows = self
            .inner
            .store
            .events_in_stage("round")
            .await
            .map_err(Problem::Storage)?;
        Ok(rows
            .into_iter()
            .filter(|row| self.fence_of(row.guild).is_some())
            .filter_map(|row| match serde_json::from_str::<Run>(&row.state) {
                Ok(run) => Some((row, run)),
                Err(_) => {
                    tracing::error!(event = row.id, "an event's stored state does not read");
                    None
                }
            })
            .collect())
    }

    /// The events of this process's servers that wait for their runner after a restart or
    /// a takeover: a round complete whose next round was not paired (the process stopped in
    /// between), or games of the round not opened yet. Oldest first.
    pub async fn events_to_carry_on(&self) -> Result<Vec<i64>, Problem> {
        let mut out = Vec::new();
        for (row, run) in self.running_events().await? {
            let unopened = run
                .current()
                .is_some_and(|(_, r)| r.games.iter().any(|g| g.game.is_none()));
            if run.round_done() || unopened {
                out.push(row.id);
            }
        }
        Ok(out)
    }

    /// What happens to events, from now on.
    pub fn event_news(&self) -> tokio::sync::broadcast::Receiver<EventNews> {
        self.inner.event_news.subscribe()
    }

    /// A finished game (with its result row): if it plays for an event, its result counts
    /// there. Called by the game's actor once the result is recorded.
    pub(crate) async fn event_game_over(&self, result: &yut_store::ResultRow) {
        let game = result.game;
        let (event, round) = match self.inner.store.event_of_game(game).await {
            Ok(Some((e, r, _))) => (e, r),
            Ok(None) => return,
            Err(e) => {
                tracing::error!(game, error = %e, "could not read which event the game plays for");
                return;
            }
        };
        let pieces_of = |run: &Run, entrant: u64| {
            let people = run.entrant(entrant).map(|e| e.people()).unwrap_or_default();
            result
                .players
                .iter()
                .filter(|p| people.contains(&p.user))
                .map(|p| p.pieces_home)
                .max()
                .unwrap_or(0)
        };
        let winner = result.players.iter().find(|p| p.won).map(|p| p.user);
        let reported = self
            .change_event(event, |run| {
                let index = run.pairing_of(game).ok_or(RunError::NoSuchGame)?;
                let (_, r) = run.current().ok_or(RunError::NotNow)?;
                let p = &r.games[index];
                if run.format == EventFormat::Tables && !p.more.is_empty() {
                    // A table: its entrants in finishing order, by their seats' places.
                    let mut seats: Vec<(usize, u64)> = result
                        .seats
                        .iter()
                        .filter_map(|s| {
                            let user = s.occupant.user()?;
                            let rank = result.side_ranks.get(s.side as usize).copied()?;
                            Some((rank, run.entrant_of(user)?.id))
                        })
                        .collect();
                    seats.sort();
                    let places: Vec<u64> = seats.iter().map(|s| s.1).collect();
                    let pieces: Vec<u32> = places.iter().map(|&e| pieces_of(run, e)).collect();
                    return run.report_table(game, &places, &pieces);
                }
                // No person won (both left, the bots played it out): an admin decides.
                let winner = winner.ok_or(RunError::NotInGame)?;
                let winner = run.entrant_of(winner).ok_or(RunError::NotInGame)?.id;
                let pieces = [pieces_of(run, p.first), pieces_of(run, p.second)];
                run.report(game, winner, pieces)
            })
            .await;
        match reported {
            Ok((_, progress)) => {
                let _ = self.inner.event_news.send(EventNews::Reported {
                    event,
                    round,
                    game,
                    progress,
                });
            }
            Err(p) => {
                tracing::warn!(game, event, problem = ?p, "a game's result could not count for its event");
            }
        }
    }
}

impl Service {
    /// The event's message was posted in its channel (as message `message`).
    pub async fn event_posted(&self, id: i64, message: u64) -> Result<(), Problem> {
        self.inner
            .store
            .set_event_message(id, message)
            .await
            .map_err(Problem::Storage)
    }

    /// The settings of event `run`'s games in server `guild`: the server's defaults, or the
    /// event's preset and seconds per action, for two people or two teams, in the event's
    /// language, at the bot's own pace (`turn_seconds`: the operator's default).
    pub async fn event_game_settings(
        &self,
        guild: u64,
        run: &Run,
        turn_seconds: u32,
        bot_delay_ms: u32,
    ) -> Result<Settings, Problem> {
        let defaults = self.server_defaults(guild).await?;
        let lang = yut_text::lang_of(&run.lang);
        let mut request = yut_table::open::GameRequest::plain(lang, turn_seconds, bot_delay_ms);
        let teams = run.mode == Mode::Teams;
        request.seats = Some(if teams { 4 } else { 2 });
        request.teams = teams;
        if run.setup.turn_seconds > 0 {
            request.turn_seconds = Some(run.setup.turn_seconds);
        }
        request.preset = yut_game::Preset::from_word(&run.setup.preset);
        let mut s = yut_table::open::settings(&defaults, &request).map_err(Problem::HouseRules)?;
        s.seats = if teams { 4 } else { 2 };
        s.teams = teams;
        Ok(s)
    }
}

/// Rows of an event's standings picture.
const SHOWN: usize = 16;

/// An event's picture as it stands: its standings (the top [`SHOWN`]: place, name, points,
/// record, Buchholz, pieces home), or the podium once it is over. In the event's language.
pub fn event_picture(run: &Run) -> Vec<u8> {
    use yut_render::event::{PodiumPicture, StandingRow, StandingsPicture};
    use yut_text::say;
    let lang = yut_text::lang_of(&run.lang);
    let standings = run.standings();
    let name_of = |id: u64| {
        run.entrant(id)
            .map_or_else(|| id.to_string(), |e| e.name.clone())
    };
    if run.stage == Stage::Finished {
        let places: Vec<(String, String)> = standings
            .iter()
            .take(3)
            .map(|s| {
                let points = say(lang, "event-points", &[("points", s.score.into())]);
                (name_of(s.entrant), points)
            })
            .collect();
        return yut_render::event::podium_png(
            &PodiumPicture {
                title: &run.name,
                subtitle: "",
                places: &places,
            },
            lang,
        );
    }
    if let Some(bracket) = &run.bracket {
        return bracket_picture(run, bracket);
    }
    let records = yut_event::records(&[], &run.history(), &run.scoring);
    let rows: Vec<StandingRow> = standings
        .iter()
        .take(SHOWN)
        .map(|s| {
            let rec = records.get(&s.entrant).cloned().unwrap_or_default();
            let wins = rec.score.saturating_sub(rec.byes * run.scoring.bye);
            StandingRow {
                place: s.rank,
                name: name_of(s.entrant),
                score: s.score.to_string(),
                record: format!("{wins}-{}", rec.games.saturating_sub(wins)),
                tiebreaks: vec![s.buchholz.to_string(), s.pieces.to_string()],
                me: false,
            }
        })
        .collect();
    let heads = vec![
        say(lang, yut_event::Tiebreak::Buchholz.key(), &[]),
        say(lang, yut_event::Tiebreak::Pieces.key(), &[]),
    ];
    let round = match run.stage {
        Stage::Round(n) => n + 1,
        _ => run.played.len() as u32,
    };
    let active = run.entrants.iter().filter(|e| !e.dropped).count() as u32;
    let subtitle = say(
        lang,
        "event-standings-subtitle",
        &[
            ("round", round.into()),
            ("rounds", run.rounds.into()),
            ("count", active.into()),
        ],
    );
    yut_render::event::standings_png(
        &StandingsPicture {
            title: &run.name,
            subtitle: &subtitle,
            rows: &rows,
            more: standings.len().saturating_sub(SHOWN) as u32,
            tiebreak_heads: &heads,
        },
        lang,
    )
}

/// An elimination event's bracket as it stands, in the event's language: every match with
/// its names (a bye said as such, a match still waiting for an earlier one blank), its
/// winner, a best-of's score, and the matches being played marked live.
fn bracket_picture(run: &Run, bracket: &yut_event::Bracket) -> Vec<u8> {
    use yut_event::bracket::{Occupant, Side};
    use yut_render::event::{BracketMatch, BracketPicture, BracketSide};
    use yut_text::say;
    let lang = yut_text::lang_of(&run.lang);
    let name_of = |o: Occupant| match o {
        Occupant::Entrant(id) => Some(
            run.entrant(id)
                .map_or_else(|| id.to_string(), |e| e.name.clone()),
        ),
        Occupant::Bye => Some(say(lang, "event-bracket-bye", &[])),
        Occupant::Pending => None,
    };
    // Each bracket match's pairing, if it was (or is being) played.
    let pairing_of = |m: usize| {
        run.played
            .iter()
            .flat_map(|r| r.games.iter())
            .find(|p| p.bracket_match == Some(m))
    };
    let mut slots: std::collections::BTreeMap<(u8, u32), u32> = Default::default();
    let matches: Vec<BracketMatch> = bracket
        .matches
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let at = slots.entry((m.side as u8, m.round)).or_default();
            let slot = *at;
            *at += 1;
            let (side, round) = match m.side {
                Side::Winners => (BracketSide::Upper, m.round - 1),
                Side::Losers => (BracketSide::Lower, m.round - 1),
                Side::GrandFinal => (BracketSide::Final, 0),
                Side::Reset => (BracketSide::Final, 1),
            };
            let occupants = bracket.entrants(i);
            // A reset not (yet) needed is not drawn.
            if m.side == Side::Reset && occupants.iter().all(|o| *o == Occupant::Pending) {
                return None;
            }
            let names = occupants.map(name_of);
            let winner = m
                .winner
                .and_then(|w| occupants.iter().position(|o| *o == Occupant::Entrant(w)));
            let pairing = pairing_of(i);
            let score = pairing.filter(|_| run.best_of > 1).map(|p| {
                // `wins` are the pairing's `[first, second]`: said in the box's order.
                let first_on_top = occupants[0] == Occupant::Entrant(p.first);
                let [a, b] = p.wins;
                if first_on_top {
                    format!("{a}-{b}")
                } else {
                    format!("{b}-{a}")
                }
            });
            let live = pairing.is_some_and(|p| p.result.is_none() && p.game.is_some());
            Some(BracketMatch {
                side,
                round,
                slot,
                names,
                winner,
                score,
                live,
            })
        })
        .collect();
    let round = match run.stage {
        Stage::Round(n) => n + 1,
        _ => run.played.len() as u32,
    };
    let subtitle = say(
        lang,
        "event-bracket-subtitle",
        &[
            ("round", round.into()),
            ("count", (run.entrants.len() as u32).into()),
        ],
    );
    yut_render::event::bracket_png(
        &BracketPicture {
            title: &run.name,
            subtitle: &subtitle,
            matches: &matches,
        },
        lang,
    )
}
