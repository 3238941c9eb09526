//! What a picture shows that the game does not say: seats and their names, bot levels, the
//! last move, the chosen chip and its destinations with their button labels.

use super::*;

/// A bot's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BotLevel {
    Easy,
    Normal,
    Master,
}

impl BotLevel {
    pub fn label(self, lang: Lang) -> String {
        let key = match self {
            BotLevel::Easy => "picture-level-easy",
            BotLevel::Normal => "picture-level-normal",
            BotLevel::Master => "picture-level-master",
        };
        say(lang, key, &[])
    }
}

/// Horizontal distance between units fanned out on one point.
pub(super) const FAN_STEP: f32 = 13.0;

/// Who sits in a seat, as far as the picture is concerned.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatInfo {
    pub name: String,
    /// `Some` for a bot.
    pub bot: Option<BotLevel>,
    /// Marked away (auto-played).
    pub away: bool,
}

impl SeatInfo {
    pub fn human(name: &str) -> SeatInfo {
        SeatInfo {
            name: name.to_string(),
            bot: None,
            away: false,
        }
    }
    pub fn bot(name: &str, level: BotLevel) -> SeatInfo {
        SeatInfo {
            name: name.to_string(),
            bot: Some(level),
            away: false,
        }
    }
}

/// The last move, for spectators: where it went and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    pub seat: Seat,
    pub side: Side,
    pub chip: Chip,
    /// Where it started; `None` for a piece that entered from waiting.
    pub from: Option<Point>,
    /// Points passed over and ended on, in order.
    pub path: Vec<Point>,
    pub to: Dest,
    /// Opposing pieces sent back: (point, side, count).
    pub captured: Vec<(Point, Side, u8)>,
    /// Pieces that went home with this move.
    pub finished: u8,
    /// The stack the move made where it joined pieces of its own side: its size.
    pub stacked: Option<u8>,
}

impl LastMove {
    /// The last move among `events` (usually those of one `play`), with the captures and
    /// finishes that followed it. `None` when the events hold no move.
    pub fn from_events(events: &[Event]) -> Option<LastMove> {
        let mut last: Option<LastMove> = None;
        for e in events {
            match e {
                Event::Entered {
                    seat,
                    side,
                    chip,
                    to,
                    path,
                } => {
                    last = Some(LastMove {
                        seat: *seat,
                        side: *side,
                        chip: *chip,
                        from: None,
                        path: path.to_vec(),
                        to: *to,
                        captured: vec![],
                        finished: 0,
                        stacked: None,
                    })
                }
                Event::Moved {
                    seat,
                    side,
                    chip,
                    from,
                    to,
                    path,
                    ..
                } => {
                    last = Some(LastMove {
                        seat: *seat,
                        side: *side,
                        chip: *chip,
                        from: Some(*from),
                        path: path.to_vec(),
                        to: *to,
                        captured: vec![],
                        finished: 0,
                        stacked: None,
                    })
                }
                Event::Captured {
                    side, at, count, ..
                } => {
                    if let Some(l) = last.as_mut() {
                        l.captured.push((*at, *side, *count));
                    }
                }
                Event::Finished { count, .. } => {
                    if let Some(l) = last.as_mut() {
                        l.finished += count;
                    }
                }
                Event::Stacked { count, .. } => {
                    if let Some(l) = last.as_mut() {
                        l.stacked = Some(*count);
                    }
                }
                _ => {}
            }
        }
        last
    }
}

/// What a frame shows beyond the game itself.
#[derive(Debug, Clone, Default)]
pub struct Frame {
    /// Per seat.
    pub players: Vec<SeatInfo>,
    pub lang: Lang,
    /// The chip being chosen: its legal destinations are highlighted and labelled.
    pub selected: Option<Chip>,
    /// The button label of each legal move of the selected chip; a move not listed gets a
    /// default label (A, B, C… in `legal_moves` order).
    pub labels: Vec<(Move, String)>,
    pub last: Option<LastMove>,
}

impl Frame {
    /// The legal moves of the selected chip with their labels, in `legal_moves` order.
    pub fn labelled_moves(&self, game: &Game) -> Vec<(Move, String)> {
        let Some(chip) = self.selected else {
            return vec![];
        };
        if game.phase() != Phase::Spend {
            return vec![];
        }
        game.legal_moves()
            .into_iter()
            .filter(|m| m.chip == chip)
            .enumerate()
            .map(|(i, m)| {
                let label = self
                    .labels
                    .iter()
                    .find(|(lm, _)| *lm == m)
                    .map(|(_, l)| l.clone())
                    .unwrap_or_else(|| default_label(i));
                (m, label)
            })
            .collect()
    }

    /// Destinations to highlight, each with the labels of the moves that go there.
    pub fn destinations(&self, game: &Game) -> Vec<(Dest, String)> {
        let mut out: Vec<(Dest, String)> = vec![];
        for (m, label) in self.labelled_moves(game) {
            match out.iter_mut().find(|(d, _)| *d == m.to) {
                Some((_, l)) => {
                    l.push('/');
                    l.push_str(&label);
                }
                None => out.push((m.to, label)),
            }
        }
        out
    }

    pub(super) fn name(&self, seat: Seat) -> String {
        match self.players.get(seat as usize) {
            Some(p) if !p.name.trim().is_empty() => p.name.clone(),
            _ => say(
                self.lang,
                "picture-player",
                &[("n", (seat as u32 + 1).into())],
            ),
        }
    }
}

/// A, B, …, Z, then 27, 28, …
pub fn default_label(i: usize) -> String {
    // Numbers, never letters: the pieces carry their seat's letter.
    (i + 1).to_string()
}

/// Chip text: 도 1, 개 2, … 빽도 −1 (with the romanisation in English).
pub fn chip_steps(chip: Chip) -> String {
    let s = chip.steps();
    if s < 0 {
        format!("−{}", -s)
    } else {
        s.to_string()
    }
}

pub(super) fn ordinal(i: usize, lang: Lang) -> String {
    say(lang, "picture-ordinal", &[("n", (i as u32).into())])
}

/// A throw's small label under its Korean name: its romanised name and steps ("do 1"), or
/// the steps alone in Korean.
pub(super) fn chip_small(chip: Chip, lang: Lang) -> String {
    let key = match chip {
        Chip::Do => "picture-chip-do",
        Chip::Gae => "picture-chip-gae",
        Chip::Geol => "picture-chip-geol",
        Chip::Yut => "picture-chip-yut",
        Chip::Mo => "picture-chip-mo",
        Chip::Backdo => "picture-chip-backdo",
        Chip::Seoul => "picture-chip-seoul",
        Chip::Busan => "picture-chip-busan",
    };
    say(lang, key, &[("steps", chip_steps(chip).into())])
}
