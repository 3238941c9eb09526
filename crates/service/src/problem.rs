//! What the service answers besides a view: why a request could not be served, why a
//! challenge cannot be made, and what to show for a click.

use super::*;

/// Why a request could not be served (besides a game's own refusals).
#[derive(Debug)]
pub enum Problem {
    Refused(Refusal),
    Stale,
    NoGame,
    BadButton,
    /// The channel already has a game (its message, if known).
    AlreadyRunning {
        message_id: Option<u64>,
    },
    Storage(StoreError),
    /// Another process of the bot drives this game (or this server's games) now.
    Elsewhere,
    /// The board has moved to a newer message (this one).
    Moved {
        message_id: u64,
    },
    /// House rules that cannot be used (nothing was opened or saved).
    HouseRules(yut_game::RulesError),
    /// The server's settings could not be read or written.
    Settings(StoreError),
    /// A challenge that cannot be made (nothing was opened).
    Challenge(ChallengeProblem),
    /// No event with that number.
    NoEvent,
    /// What an event cannot do now (nothing was changed).
    Event(yut_event::RunError),
}

/// Why a challenge cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChallengeProblem {
    Yourself,
    /// A bot account (our bots are seated with `/yut new`).
    Bot(String),
    /// Not a member of this server.
    NotMember(String),
    /// The same person named twice.
    Twice(String),
    /// Already seated in this channel's game.
    InGame(String),
}

impl ChallengeProblem {
    pub fn message(&self, lang: Lang) -> String {
        self.message_in(yut_text::code(lang))
    }

    /// The problem in a catalog language (`en`, `ko`, `es`).
    pub fn message_in(&self, code: &str) -> String {
        use yut_text::say_in;
        use ChallengeProblem::*;
        let (key, name) = match self {
            Yourself => return say_in(code, "challenge-yourself", &[]),
            Bot(n) => ("challenge-bot", n),
            NotMember(n) => ("challenge-not-member", n),
            Twice(n) => ("challenge-twice", n),
            InGame(n) => ("challenge-in-game", n),
        };
        say_in(code, key, &[("name", name.into())])
    }

    /// Every kind, with a sample name (for the catalog test).
    pub fn samples() -> Vec<ChallengeProblem> {
        use ChallengeProblem::*;
        let n = || "Bo".to_string();
        vec![Yourself, Bot(n()), NotMember(n()), Twice(n()), InGame(n())]
    }
}

/// A person named in a challenge, as Discord knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitee {
    pub user: u64,
    pub name: String,
    pub bot: bool,
    /// A member of the server the challenge is made in.
    pub member: bool,
}

impl Problem {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Problem::Refused(r) => r.message(lang),
            Problem::HouseRules(e) => yut_table::open::house_rules_refusal(e, lang),
            Problem::Challenge(c) => c.message(lang),
            _ => self.message_in(yut_text::code(lang)),
        }
    }

    /// The problem in a catalog language (`en`, `ko`, `es`).
    pub fn message_in(&self, code: &str) -> String {
        let key = match self {
            Problem::Refused(r) => return r.message_in(code),
            Problem::Challenge(c) => return c.message_in(code),
            Problem::HouseRules(e) => {
                return yut_table::open::house_rules_refusal(e, yut_text::lang_of(code));
            }
            Problem::Stale => "problem-stale",
            Problem::NoGame => "problem-no-game",
            Problem::BadButton => "problem-bad-button",
            Problem::AlreadyRunning { .. } => "problem-already-running",
            Problem::Storage(_) => "problem-storage",
            Problem::Moved { .. } => "problem-moved",
            Problem::Elsewhere => "problem-elsewhere",
            Problem::Settings(_) => "problem-settings",
            Problem::NoEvent => "event-none",
            Problem::Event(e) => {
                use yut_event::RunError::*;
                match e {
                    Closed => "event-closed",
                    AlreadyIn => "event-already-in",
                    NotIn => "event-not-in",
                    Full => "event-full",
                    TooFew => "event-too-few",
                    RoundNotDone => "event-round-not-done",
                    NotNow => "event-not-now",
                    NoSuchGame => "event-no-such-game",
                    Decided => "event-decided",
                    NotInGame => "event-not-in-game",
                    Paused => "event-paused",
                    NeedsPartner => "event-needs-partner",
                    NotTeams => "event-not-teams",
                    NoInvite => "event-no-invite",
                    SamePerson => "event-same-person",
                    NoCheckIn => "event-no-check-in",
                    TooMany => "event-too-many",
                    NeedsPlaces => "event-needs-places",
                }
            }
        };
        yut_text::say_in(code, key, &[])
    }

    /// Every kind said from the catalog (for the catalog test).
    pub fn samples() -> Vec<Problem> {
        vec![
            Problem::Stale,
            Problem::NoGame,
            Problem::BadButton,
            Problem::AlreadyRunning { message_id: None },
            Problem::Storage(StoreError::NotFound),
            Problem::Moved { message_id: 1 },
            Problem::Elsewhere,
            Problem::Settings(StoreError::NotFound),
            Problem::NoEvent,
        ]
        .into_iter()
        .chain(
            [
                yut_event::RunError::Closed,
                yut_event::RunError::AlreadyIn,
                yut_event::RunError::NotIn,
                yut_event::RunError::Full,
                yut_event::RunError::TooFew,
                yut_event::RunError::RoundNotDone,
                yut_event::RunError::NotNow,
                yut_event::RunError::NoSuchGame,
                yut_event::RunError::Decided,
                yut_event::RunError::NotInGame,
                yut_event::RunError::Paused,
                yut_event::RunError::NeedsPartner,
                yut_event::RunError::NotTeams,
                yut_event::RunError::NoInvite,
                yut_event::RunError::SamePerson,
                yut_event::RunError::NoCheckIn,
                yut_event::RunError::TooMany,
                yut_event::RunError::NeedsPlaces,
            ]
            .map(Problem::Event),
        )
        .collect()
    }
}

/// What the Discord layer shows for a click.
#[derive(Debug)]
pub enum Answer {
    /// Edit the clicked message with this board.
    Edit(View),
    /// Post this board as a new message (a rematch's lobby); the clicked one stays as it is.
    Post(View),
}

impl Answer {
    pub fn view(&self) -> &View {
        match self {
            Answer::Edit(v) | Answer::Post(v) => v,
        }
    }

    pub fn into_view(self) -> View {
        match self {
            Answer::Edit(v) | Answer::Post(v) => v,
        }
    }
}
