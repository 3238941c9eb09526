//! Refusals: a command the table will not take, said to the person who asked.

use super::*;

/// A command refused: shown privately to the person who asked; the table is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NotYourTurn {
        whose: String,
    },
    NotSeated,
    AlreadySeated,
    Full,
    TeamFull,
    NotInLobby,
    NotPlaying,
    NotFinished,
    NeedPlayers,
    NotHostYet,
    NotHost,
    NoBot,
    Illegal(String),
    NoMoves,
    NotDue,
    /// Auto-play was already asked for this turn.
    AlreadyAuto,
    /// "I'm back" from someone whose seat nobody plays for them.
    NotAway,
    BadSettings(String),
    /// Fewer seats asked for than are taken.
    SeatsTaken {
        taken: u8,
        wanted: u8,
    },
    /// An invitation's button pressed by someone it does not ask.
    NotInvited,
    /// A second acceptance.
    AlreadyAccepted,
    /// The invitation lapsed (or was called off) before this answer.
    InviteOver,
    /// A challenge starts only when everyone named has accepted.
    WaitingFor {
        names: String,
    },
    /// The game has started and its thread is being opened.
    OpeningThread,
}

impl Refusal {
    pub fn message(&self, lang: Lang) -> String {
        self.message_in(yut_text::code(lang))
    }

    /// The refusal in a catalog language (`en`, `ko`, `es`).
    pub fn message_in(&self, code: &str) -> String {
        use yut_text::say_in;
        use Refusal::*;
        let key = match self {
            NotYourTurn { whose } => {
                return say_in(code, "refusal-not-your-turn", &[("whose", whose.into())])
            }
            NotSeated => "refusal-not-seated",
            AlreadySeated => "refusal-already-seated",
            Full => "refusal-full",
            TeamFull => "refusal-team-full",
            NotInLobby => "refusal-not-in-lobby",
            NotPlaying => "refusal-not-playing",
            NotFinished => "refusal-not-finished",
            NeedPlayers => "refusal-need-players",
            NotHostYet => "refusal-not-host-yet",
            NotHost => "refusal-not-host",
            NoBot => "refusal-no-bot",
            Illegal(why) => return say_in(code, "refusal-illegal", &[("why", why.into())]),
            NoMoves => "refusal-no-moves",
            NotDue => "refusal-not-due",
            AlreadyAuto => "refusal-already-auto",
            NotAway => "refusal-not-away",
            BadSettings(why) => {
                return say_in(code, "refusal-bad-settings", &[("why", why.into())])
            }
            SeatsTaken { taken, wanted } => {
                return say_in(
                    code,
                    "refusal-seats-taken",
                    &[("taken", (*taken).into()), ("wanted", (*wanted).into())],
                )
            }
            NotInvited => "refusal-not-invited",
            AlreadyAccepted => "refusal-already-accepted",
            InviteOver => "refusal-invite-over",
            OpeningThread => "refusal-opening-thread",
            WaitingFor { names } => {
                return say_in(code, "refusal-waiting-for", &[("names", names.into())])
            }
        };
        say_in(code, key, &[])
    }

    /// Every kind of refusal, with sample details (for the catalog test).
    pub fn samples() -> Vec<Refusal> {
        use Refusal::*;
        vec![
            NotYourTurn {
                whose: "Ann".into(),
            },
            NotSeated,
            AlreadySeated,
            Full,
            TeamFull,
            NotInLobby,
            NotPlaying,
            NotFinished,
            NeedPlayers,
            NotHostYet,
            NotHost,
            NoBot,
            Illegal("no piece there".into()),
            NoMoves,
            NotDue,
            AlreadyAuto,
            NotAway,
            BadSettings("seats=9".into()),
            SeatsTaken {
                taken: 3,
                wanted: 2,
            },
            NotInvited,
            AlreadyAccepted,
            InviteOver,
            WaitingFor {
                names: "Bo, Cy".into(),
            },
            OpeningThread,
        ]
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}
