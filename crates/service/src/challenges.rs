//! Challenges: the predicted chances of each side and the challenge's lobby.

use super::*;

impl Service {
    /// Each side's chance to win in percent, from the ratings (people's as of now, bots' fixed
    /// anchors); empty if the game would not be rated or the ratings cannot be read.
    pub async fn predicted_chances(&self, t: &Table) -> Vec<u8> {
        use yut_rating::{bot_rating, win_chances, ModeFamily, Rating};
        use yut_table::Player;
        let (Some(family), Some(preset)) = (
            ModeFamily::of(t.seats.len() as u8, t.settings.teams),
            yut_game::Preset::from_word(&t.settings.preset),
        ) else {
            return Vec::new();
        };
        let users: Vec<u64> = t.seats.iter().filter_map(|s| s.player.user()).collect();
        if users.is_empty() {
            return Vec::new();
        }
        let ratings = match self
            .inner
            .store
            .ratings_now(t.guild, family, users, self.now_ms())
            .await
        {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(game = t.id, error = %e, "reading ratings for the chances");
                return Vec::new();
            }
        };
        let sides = if t.settings.teams { 2 } else { t.seats.len() };
        let mut teams: Vec<Vec<Rating>> = vec![Vec::new(); sides];
        for (i, s) in t.seats.iter().enumerate() {
            let side = if t.settings.teams { s.team as usize } else { i };
            let r = match &s.player {
                Player::Human { user, .. } => ratings.get(user).copied().unwrap_or_default(),
                Player::Bot { level } => bot_rating(family, *level, preset),
            };
            if let Some(team) = teams.get_mut(side) {
                team.push(r);
            }
        }
        if teams.iter().any(|t| t.is_empty()) {
            return Vec::new();
        }
        win_chances(&teams)
            .into_iter()
            .map(|p| (p * 100.0).round().clamp(0.0, 100.0) as u8)
            .collect()
    }

    /// `/yut challenge`: `actor` challenges the people named (1v1: one opponent; 2v2: a
    /// partner then two opponents). Their seats are held until they accept; nothing is opened
    /// if one of them cannot be asked.
    pub async fn challenge(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        request: &yut_table::open::GameRequest,
        named: &[Invitee],
    ) -> Result<View, Problem> {
        let me = actor.id().ok_or(Problem::NoGame)?;
        let mut seen = vec![me];
        for p in named {
            let problem = if p.user == me {
                Some(ChallengeProblem::Yourself)
            } else if p.bot {
                Some(ChallengeProblem::Bot(p.name.clone()))
            } else if !p.member {
                Some(ChallengeProblem::NotMember(p.name.clone()))
            } else if seen.contains(&p.user) {
                Some(ChallengeProblem::Twice(p.name.clone()))
            } else {
                None
            };
            if let Some(c) = problem {
                return Err(Problem::Challenge(c));
            }
            seen.push(p.user);
        }
        let teams = named.len() == 3;
        if named.len() != 1 && !teams {
            return Err(Problem::Refused(Refusal::NeedPlayers));
        }
        if let Some(h) = self.handle_of(channel) {
            if let Some((t, message_id)) = peek_message(&h).await {
                if t.status.is_active() {
                    if let Some(p) = named.iter().find(|p| t.seat_of(p.user).is_some()) {
                        return Err(Problem::Challenge(ChallengeProblem::InGame(p.name.clone())));
                    }
                    return Err(Problem::AlreadyRunning { message_id });
                }
            }
        }
        let defaults = self.server_defaults(guild).await?;
        let mut request = request.clone();
        request.teams = teams;
        request.seats = Some(if teams { 4 } else { 2 });
        let settings =
            yut_table::open::settings(&defaults, &request).map_err(Problem::HouseRules)?;
        settings.check().map_err(Problem::Refused)?;
        let thread = defaults.threads && request.can_thread;
        let fence = self.fence_of(guild).ok_or(Problem::Elsewhere)?;
        let Actor::User { name: my_name, .. } = actor else {
            return Err(Problem::NoGame);
        };
        let mut seats = vec![yut_table::core::SeatState::person(me, my_name, 0)];
        for (i, p) in named.iter().enumerate() {
            // 2v2: the partner (first named) on the challenger's team A, the others on B.
            let team = if teams && i == 0 { 0 } else { 1 };
            seats.push(yut_table::core::SeatState::person(p.user, &p.name, team));
        }
        let now = self.now_ms();
        let probe = Table::challenge(
            0,
            guild,
            channel,
            actor,
            settings.clone(),
            ThrowSeed([0; 32]),
            seats.clone(),
            now,
        );
        let chances = self.predicted_chances(&probe).await;
        let host = actor.clone();
        self.open(actor, fence, move |id, seed, now| {
            let mut t = Table::challenge(id, guild, channel, &host, settings, seed, seats, now);
            if let Some(i) = &mut t.invite {
                i.chances = chances;
            }
            t.thread = thread.then_some(yut_table::core::Thread::Wanted);
            t
        })
        .await
    }
}
