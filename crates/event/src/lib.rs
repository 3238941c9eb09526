//! Community events, the pure core (issue 49): Swiss pairing over a maximum-weight matching,
//! tie-breaks, single and double elimination brackets, round robin and free-for-all tables.
//!
//! Everything here is deterministic: no IO, no clock, no randomness. The same input always
//! gives the same output, so a restarted process recomputes the very same pairing.

pub mod bench;
pub mod matching;
pub mod model;
pub mod swiss;

pub use model::{records, Entrant, EntrantId, History, Played, Record, Round, Scoring};
pub use swiss::{pair_swiss, SwissPairing};
pub mod bracket;
pub mod ffa;
pub mod robin;
pub mod standings;

pub use bracket::{Bracket, Format, Occupant, Placing, Side};
pub use ffa::{seat_tables, TableRound};
pub use robin::{group_seeds, round_robin, split_groups, RobinRound};
pub use standings::{standings, Standing, Tiebreak};
pub mod run;
pub use run::{
    Act, EventFormat, Invite, Logged, Mode, Pairing, Progress, RoundRun, Run, RunError, Setup,
    Signed, Stage, Walkover,
};
