//! Which process drives a game, and presses that arrive at any of them (a web page, later a
//! touch in the Activity): applied here when this process drives the game, else the caller
//! forwards them to the process that does (found through the leases, see [`Driving`]).

use super::*;

/// Where a game is driven, as this process sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Driving {
    /// Here: press with [`Service::press_here`].
    Here,
    /// By the live holder of the game's shard lease, reached at this address.
    There { owner: String, address: String },
    /// By nobody reachable now (the holder's lease ran out and nobody took it over yet, or
    /// it gave no address): try again in a few seconds.
    Nobody,
}

/// How long the holder of a shard's lease, once read, is taken as its driver without reading
/// it again (never past its lease's expiry). A holder that let go meanwhile answers a
/// forwarded press "try again", and is read again at once.
const DRIVER_KEPT_MS: i64 = 1_000;

impl Service {
    /// Which process drives game `game`. A game whose actor runs here is answered at once
    /// (nothing read).
    pub async fn driving(&self, game: i64) -> Result<Driving, Problem> {
        if !self.inner.leased || self.running_actor(game).is_some() {
            return Ok(Driving::Here);
        }
        let t = self.game_table(game).await.ok_or(Problem::NoGame)?;
        self.driving_of(&t).await
    }

    /// Which process drives the game of table `t` (as stored or running here).
    pub async fn driving_of(&self, t: &Table) -> Result<Driving, Problem> {
        if !self.inner.leased || self.running_actor(t.id).is_some() {
            return Ok(Driving::Here);
        }
        self.driving_guild(t.guild).await
    }

    /// Which process drives server `guild`'s games (its shard's lease holder): where a game
    /// opened there must be opened.
    pub async fn driving_guild(&self, guild: u64) -> Result<Driving, Problem> {
        if !self.inner.leased {
            return Ok(Driving::Here);
        }
        let count = self.inner.shards.count;
        let shard = ShardSet::shard_of(count, guild);
        if self
            .inner
            .fences
            .lock()
            .expect("fences lock")
            .contains_key(&shard)
        {
            return Ok(Driving::Here);
        }
        let now = self.now_ms();
        let kept = self
            .inner
            .drivers
            .lock()
            .expect("drivers lock")
            .get(&shard)
            .filter(|(d, read)| now - read < DRIVER_KEPT_MS && d.expires_ms > now)
            .map(|(d, _)| d.clone());
        let driver = match kept {
            Some(d) => Some(d),
            None => {
                let d = self
                    .inner
                    .store
                    .driver(count, shard)
                    .await
                    .map_err(Problem::Storage)?;
                if let Some(d) = &d {
                    self.inner
                        .drivers
                        .lock()
                        .expect("drivers lock")
                        .insert(shard, (d.clone(), now));
                }
                d
            }
        };
        Ok(match driver {
            Some(d) if d.expires_ms > now => match d.address {
                Some(address) => Driving::There {
                    owner: d.owner,
                    address,
                },
                None => Driving::Nobody,
            },
            _ => Driving::Nobody,
        })
    }

    /// The driver read for game `t`'s shard did not take a press (it could not be reached
    /// or no longer drives it): read it again next time.
    pub fn forget_driver(&self, t: &Table) {
        let shard = ShardSet::shard_of(self.inner.shards.count, t.guild);
        self.inner
            .drivers
            .lock()
            .expect("drivers lock")
            .remove(&shard);
    }

    /// The link to `user`'s own seat page in the game of `t` (see [`WebHooks::seat`]): None
    /// without web pages, where the server shows nothing there, or without a seat.
    pub fn seat_link(&self, t: &Table, user: u64) -> Option<String> {
        self.inner
            .config
            .web
            .as_ref()
            .and_then(|w| (w.seat)(t, user))
    }

    /// A press on game `game` applied by this process, which must drive it (else
    /// [`Problem::Elsewhere`]: the caller says "try again"). The same checks as a click on
    /// its message (whose turn, the version), and the game's message is updated as after a
    /// bot's action. The view drawn, with the table it shows.
    pub async fn press_here(
        &self,
        game: i64,
        actor: &Actor,
        button: ButtonId,
    ) -> Result<(View, Arc<Table>), Problem> {
        let ButtonId::Game {
            game: g,
            version,
            command,
        } = button
        else {
            return Err(Problem::BadButton);
        };
        if g != game || command == Command::Rematch {
            return Err(Problem::BadButton);
        }
        let Some(h) = self.running_actor(game) else {
            let t = self.game_table(game).await.ok_or(Problem::NoGame)?;
            return Err(match self.driving_of(&t).await {
                Ok(Driving::Here) if !t.status.is_active() => Problem::Stale,
                Ok(_) => Problem::Elsewhere,
                Err(p) => p,
            });
        };
        let t0 = std::time::Instant::now();
        let answer = send(&h, actor.clone(), command, Some(version), None).await;
        self.inner.counters.clicks.observe(t0.elapsed());
        let (view, table) = answer?;
        let table = table.ok_or(Problem::Stale)?;
        // Shown in the game's channel too, as after a bot's action.
        let _ = h.send(Msg::Show).await;
        let view = self
            .drawn_in(Lane::Press, (view, Some(table.clone())))
            .await;
        Ok((view, table))
    }
}
