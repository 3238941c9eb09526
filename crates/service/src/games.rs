//! Opening games and answering clicks and commands: each goes to its game's actor in one
//! round trip.

use super::*;

impl Service {
    /// Open a game as a person asks for it (`/yut new`): the server's defaults fill what the
    /// request leaves out, house rules are checked, the bots asked for are seated.
    pub async fn create_game(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        request: &yut_table::open::GameRequest,
    ) -> Result<View, Problem> {
        let defaults = self.server_defaults(guild).await?;
        let settings =
            yut_table::open::settings(&defaults, request).map_err(Problem::HouseRules)?;
        let thread = defaults.threads && request.can_thread;
        let mut view = self
            .create_in(guild, channel, actor, settings, thread)
            .await?;
        for _ in 0..request.bots.min(3) {
            match self
                .command(
                    channel,
                    actor,
                    Command::AddBot {
                        level: request.level,
                    },
                )
                .await
            {
                Ok(v) => view = v,
                Err(_) => break,
            }
        }
        Ok(view)
    }

    /// The server's defaults (`/yut settings`).
    pub async fn server_defaults(&self, guild: u64) -> Result<yut_store::ServerDefaults, Problem> {
        self.inner.store.server_defaults(guild).await.map_err(|e| {
            tracing::error!(guild, error = %e, "reading the server's defaults");
            Problem::Settings(e)
        })
    }

    /// Save the server's defaults; their house rules are checked first.
    pub async fn set_server_defaults(
        &self,
        guild: u64,
        defaults: &yut_store::ServerDefaults,
    ) -> Result<(), Problem> {
        if let Some(text) = &defaults.house_rules {
            let base = defaults
                .preset
                .as_deref()
                .and_then(yut_game::Preset::from_word)
                .unwrap_or(yut_game::Preset::Standard);
            yut_table::open::house_rules(base, text).map_err(Problem::HouseRules)?;
        }
        let now = self.now_ms();
        self.inner
            .store
            .set_server_defaults(guild, defaults, now)
            .await
            .map_err(|e| {
                tracing::error!(guild, error = %e, "saving the server's defaults");
                Problem::Settings(e)
            })
    }

    /// Open a lobby in a channel, hosted by `actor`.
    pub async fn create(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        settings: Settings,
    ) -> Result<View, Problem> {
        self.create_in(guild, channel, actor, settings, false).await
    }

    /// Open a lobby in a channel; `thread`: the game moves to a thread of its own when it
    /// starts.
    pub async fn create_in(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        settings: Settings,
        thread: bool,
    ) -> Result<View, Problem> {
        settings.check().map_err(Problem::Refused)?;
        let fence = self.fence_of(guild).ok_or(Problem::Elsewhere)?;
        if let Some(h) = self.handle_of(channel) {
            if let Some((t, message_id)) = peek_message(&h).await {
                if t.status.is_active() {
                    return Err(Problem::AlreadyRunning { message_id });
                }
            }
        }
        let host = actor.clone();
        self.open(actor, fence, move |id, seed, now| {
            let mut t = Table::with_seed(id, guild, channel, &host, settings, seed);
            t.thread = thread.then_some(yut_table::core::Thread::Wanted);
            t.arm_lobby(now);
            t
        })
        .await
    }

    /// A new game's secret throw seed.
    pub(crate) fn next_seed(&self) -> ThrowSeed {
        if self.inner.config.os_seeds {
            // rand's thread generator: ChaCha seeded (and periodically reseeded) from the OS.
            ThrowSeed(rand::rng().random::<[u8; 32]>())
        } else {
            ThrowSeed::from_u64(self.inner.seeds.lock().expect("seed lock").random::<u64>())
        }
    }

    /// Store a new game (built by `make` from its id, a fresh seed and now), start its actor and
    /// answer with its first view.
    pub(crate) async fn open(
        &self,
        actor: &Actor,
        fence: i64,
        make: impl FnOnce(i64, ThrowSeed, i64) -> Table,
    ) -> Result<View, Problem> {
        let seed = self.next_seed();
        let now = self.now_ms();
        let store = &self.inner.store;
        let id = store.new_game_id().await.map_err(Problem::Storage)?;
        let table = make(id, seed, now);
        let new = NewGame {
            id,
            guild: table.guild,
            channel: table.channel,
            host: table.host,
            status: persist::status_row(table.status),
            rules: persist::rules_text(&table).map_err(Problem::Storage)?,
            state: persist::state_text(&table).map_err(Problem::Storage)?,
            version: table.version,
            deadline_ms: table.deadline_ms,
            seats: persist::seat_rows(&table),
            log: persist::log_row(table.version, actor, &Command::Create, None, now)
                .map_err(Problem::Storage)?,
            now_ms: now,
            fence,
            lease: self.inner.leased.then(|| {
                let count = self.inner.shards.count;
                (count, ShardSet::shard_of(count, table.guild))
            }),
        };
        store.create(new).await.map_err(|e| match e {
            StoreError::Conflict => Problem::AlreadyRunning { message_id: None },
            StoreError::Fenced { .. } => {
                self.inner
                    .let_go(ShardSet::shard_of(self.inner.shards.count, table.guild));
                Problem::Elsewhere
            }
            e => Problem::Storage(e),
        })?;
        let table = Arc::new(table);
        let view = self
            .drawn((yut_table::view::table_summary(&table), Some(table.clone())))
            .await;
        let snapshot_version = table.version;
        let table = Arc::try_unwrap(table).unwrap_or_else(|t| (*t).clone());
        self.spawn(
            Stored {
                table,
                message_id: None,
                message_ms: None,
                snapshot_version,
            },
            fence,
            false,
        );
        Ok(view)
    }

    /// The message that shows a game's board: its actor's (the one owner while it runs),
    /// else as stored.
    pub async fn message_of(&self, game: i64) -> Option<u64> {
        if let Some(h) = self.running_actor(game) {
            if let Some((_, m)) = peek_message(&h).await {
                return m;
            }
        }
        self.inner
            .store
            .load(game)
            .await
            .ok()
            .and_then(|l| l.row.message_id)
    }

    /// Draw an actor's answer (off the async threads).
    pub(crate) async fn drawn(&self, answer: (View, Option<Arc<Table>>)) -> View {
        self.drawn_in(Lane::Other, answer).await
    }

    pub(crate) async fn drawn_in(&self, lane: Lane, answer: (View, Option<Arc<Table>>)) -> View {
        let (view, table) = answer;
        let Some(table) = table else { return view };
        let update = Update {
            game: table.id,
            channel: table.channel,
            message_id: None,
            repost: false,
            view,
            table: Some(table),
        };
        self.draw_in(lane, update).await
    }

    /// A button press: the custom id carries game, version and action.
    pub async fn click(
        &self,
        channel: u64,
        actor: &Actor,
        custom_id: &str,
    ) -> Result<View, Problem> {
        self.click_on(channel, actor, custom_id, None)
            .await
            .map(Answer::into_view)
    }

    /// A button press on message `on`, by its custom id: see [`Service::press`]. A custom id
    /// that is not one of a game's buttons is refused with [`Problem::BadButton`].
    pub async fn click_on(
        &self,
        channel: u64,
        actor: &Actor,
        custom_id: &str,
        on: Option<u64>,
    ) -> Result<Answer, Problem> {
        let button = custom_id
            .parse::<ButtonId>()
            .map_err(|_| Problem::BadButton)?;
        self.press(channel, actor, button, on).await
    }

    /// A button press on message `on`: what to show (edit that message, or post a new one
    /// for a rematch). Refused with [`Problem::Moved`] when the game's board lives on
    /// another message now, [`Problem::Stale`] for an old board, [`Problem::BadButton`] for a
    /// button that is not a game's (an after-game button is answered by the after-game
    /// queries, never by the game's actor).
    pub async fn press(
        &self,
        channel: u64,
        actor: &Actor,
        button: ButtonId,
        on: Option<u64>,
    ) -> Result<Answer, Problem> {
        let ButtonId::Game {
            game,
            version,
            command: cmd,
        } = button
        else {
            return Err(Problem::BadButton);
        };
        if cmd == Command::Rematch {
            return self
                .rematch(channel, actor, game, version)
                .await
                .map(Answer::Post);
        }
        // One round trip to the game's actor: the registry knows which game a channel's
        // actor drives; the actor checks the version and the message, applies and answers.
        let Some(h) = self.handle_of_game(channel, game) else {
            return Err(self.not_this_game(channel, game).await);
        };
        let t0 = std::time::Instant::now();
        let answer = send(&h, actor.clone(), cmd, Some(version), on).await;
        let answer = match answer {
            Ok(a) => Answer::Edit(self.drawn_in(Lane::Press, a).await),
            Err(p) => {
                self.inner.counters.clicks.observe(t0.elapsed());
                return Err(p);
            }
        };
        self.inner.counters.clicks.observe(t0.elapsed());
        Ok(answer)
    }

    /// Why a button of game `game` does nothing in `channel`: a board of another channel's
    /// game (or of no game at all) is not one of ours here; an older game of this channel is
    /// out of date.
    pub(crate) async fn not_this_game(&self, channel: u64, game: i64) -> Problem {
        match self.inner.store.load(game).await {
            Ok(l) if l.row.channel == channel => Problem::Stale,
            Ok(_) | Err(StoreError::NotFound) => Problem::BadButton,
            Err(_) => Problem::Stale,
        }
    }

    /// A command without a version (slash commands): applies to the channel's active game.
    pub async fn command(
        &self,
        channel: u64,
        actor: &Actor,
        cmd: Command,
    ) -> Result<View, Problem> {
        let h = self.handle_of(channel).ok_or(Problem::NoGame)?;
        let answer = send(&h, actor.clone(), cmd, None, None).await?;
        Ok(self.drawn(answer).await)
    }

    /// The current view of the channel's game (active or the last finished one).
    pub async fn board(&self, channel: u64) -> Result<View, Problem> {
        if let Some(h) = self.handle_of(channel) {
            if let Some(t) = peek(&h).await {
                return Ok(self
                    .drawn((yut_table::view::table_summary(&t), Some(t)))
                    .await);
            }
        }
        let id = match self.inner.store.latest_in_channel(channel).await {
            Ok(Some(id)) => id,
            Ok(None) => return Err(Problem::NoGame),
            Err(e) => return Err(Problem::Storage(e)),
        };
        let s = persist::load(&self.inner.store, id)
            .await
            .map_err(Problem::Storage)?;
        let t = Arc::new(s.table);
        Ok(self
            .drawn((yut_table::view::table_summary(&t), Some(t)))
            .await)
    }

    /// The running games and open lobbies of server `guild`, oldest first, each with the
    /// message that shows it (this process drives every game of the servers whose
    /// interactions it receives).
    pub async fn games_in(&self, guild: u64) -> Vec<(Arc<Table>, Option<u64>)> {
        let handles: Vec<_> = {
            let games = self.inner.games.lock().expect("games lock");
            games
                .values()
                .filter(|h| h.guild == guild && !h.tx.is_closed())
                .map(|h| h.tx.clone())
                .collect()
        };
        let mut out = Vec::with_capacity(handles.len());
        for h in handles {
            if let Some((t, m)) = peek_message(&h).await {
                if t.status.is_active() {
                    out.push((t, m));
                }
            }
        }
        out.sort_by_key(|(t, _)| t.id);
        out
    }

    /// A lobby opened from a page (the Activity launched in a channel without a game): the
    /// lobby `/yut new` opens with `request`, shown in the channel as a new message by
    /// whoever shows the boards (the Discord edge, from the updates). A game already running
    /// there (or opened at the same moment by another launch) is answered as it is.
    pub async fn open_from_page(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        request: &yut_table::open::GameRequest,
    ) -> Result<i64, Problem> {
        if let Some(t) = self.table(channel).await.filter(|t| t.status.is_active()) {
            return Ok(t.id);
        }
        match self.create_game(guild, channel, actor, request).await {
            Ok(_) => {}
            Err(Problem::AlreadyRunning { .. }) => {
                return self
                    .table(channel)
                    .await
                    .map(|t| t.id)
                    .ok_or(Problem::NoGame)
            }
            Err(e) => return Err(e),
        }
        let t = self.table(channel).await.ok_or(Problem::NoGame)?;
        let _ = self.inner.updates.send(Update {
            game: t.id,
            channel,
            message_id: None,
            repost: true,
            view: yut_table::view::table_summary(&t),
            table: Some(t.clone()),
        });
        Ok(t.id)
    }

    /// The game a page that follows a channel shows (the Activity): the one running here,
    /// else the channel's newest as stored (driven by another process, or over).
    pub async fn game_of_channel(&self, channel: u64) -> Result<Option<i64>, Problem> {
        if let Some(t) = self.table(channel).await {
            return Ok(Some(t.id));
        }
        self.inner
            .store
            .latest_in_channel(channel)
            .await
            .map_err(Problem::Storage)
    }

    /// The active game that `user` sits in and that moved from channel `parent` to a thread
    /// of its own (the server's threads setting): `(game, thread)`, the newest if several.
    /// An Activity launched in the channel shows that game rather than a new lobby.
    pub async fn seated_in_thread_of(
        &self,
        guild: u64,
        parent: u64,
        user: u64,
    ) -> Result<Option<(i64, u64)>, Problem> {
        let games = self
            .inner
            .store
            .seated_active(guild, user, 8)
            .await
            .map_err(Problem::Storage)?;
        for g in games {
            if let Some(t) = self.page_table(g).await? {
                let moved = matches!(t.thread, Some(yut_table::core::Thread::Open { parent: p }) if p == parent);
                if moved && t.status.is_active() {
                    return Ok(Some((t.id, t.channel)));
                }
            }
        }
        Ok(None)
    }

    /// The table of the channel's active game, if any (shared, not copied).
    pub async fn table(&self, channel: u64) -> Option<Arc<Table>> {
        let h = self.handle_of(channel)?;
        peek(&h).await
    }

    pub(crate) async fn rematch(
        &self,
        channel: u64,
        actor: &Actor,
        game: i64,
        version: u64,
    ) -> Result<View, Problem> {
        let old = persist::load(&self.inner.store, game)
            .await
            .map_err(|e| match e {
                StoreError::NotFound => Problem::Stale,
                e => Problem::Storage(e),
            })?
            .table;
        if old.channel != channel || old.version != version {
            return Err(Problem::Stale);
        }
        let fence = self.fence_of(old.guild).ok_or(Problem::Elsewhere)?;
        // Validates that the game is over and the actor sat in it.
        let mut probe = old.clone();
        probe
            .apply(actor, &Command::Rematch, self.now_ms())
            .map_err(Problem::Refused)?;
        if let Some(h) = self.handle_of(channel) {
            if peek(&h).await.is_some_and(|t| t.status.is_active()) {
                return Err(Problem::AlreadyRunning { message_id: None });
            }
        }
        let by = actor.id().unwrap_or(old.host);
        let chances = self.predicted_chances(&old).await;
        self.open(actor, fence, move |id, seed, now| {
            let mut t = old.rematch_with_seed(id, seed, now, by);
            if let Some(i) = &mut t.invite {
                i.chances = chances;
            }
            t
        })
        .await
    }
}

impl Service {
    /// The Discord layer opened the thread of `game` (the game in `channel`): `Some` id, the
    /// game moves there; None, it could not (a missing permission): the game is played in the
    /// channel, and its board says why. Either way the first player's time starts now.
    pub async fn thread_opened(
        &self,
        game: i64,
        channel: u64,
        thread: Option<u64>,
    ) -> Result<(), Problem> {
        let h = {
            let games = self.inner.games.lock().expect("games lock");
            games
                .get(&channel)
                .filter(|h| h.game == game && !h.tx.is_closed())
                .map(|h| h.tx.clone())
        };
        let h = h.ok_or(Problem::NoGame)?;
        send(
            &h,
            Actor::System,
            Command::Thread { id: thread },
            None,
            None,
        )
        .await?;
        Ok(())
    }

    /// The Discord layer posted the board of `game` as message `message_id`.
    pub async fn message_posted(
        &self,
        game: i64,
        channel: u64,
        message_id: u64,
    ) -> Result<(), Problem> {
        let at = self.now_ms();
        self.inner
            .store
            .set_message(game, Some(message_id), Some(at))
            .await
            .map_err(Problem::Storage)?;
        if let Some(h) = self.handle_of(channel) {
            let _ = h
                .send(Msg::Posted {
                    message_id,
                    at_ms: at,
                })
                .await;
        }
        Ok(())
    }
}
