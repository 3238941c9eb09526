//! The board picture of a table, drawn by the renderer.

use super::core::{Player, Table};
use super::view::{honor, move_mark, Painter};
use yut_ai::Level;
use yut_game::Move;
use yut_render::{self as render, BotLevel, Frame, LastMove, SeatInfo};
use yut_text::say;

/// Draws boards with the shared renderer (built once, on first use).
pub struct RenderPainter;

/// The renderer's frame for a table.
pub fn frame_of(t: &Table) -> Frame {
    let lang = t.lang();
    let players = t
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut info = match &s.player {
                // In Korean a person is named with 님, as in the text.
                Player::Human { name, .. } => {
                    SeatInfo::human(&format!("{name}{}", honor(t, i as u8)))
                }
                Player::Bot { level } => {
                    let name = say(lang, "picture-bot", &[("n", (i as u32 + 1).into())]);
                    let level = match level {
                        Level::Easy | Level::Random => BotLevel::Easy,
                        Level::Normal | Level::Reference => BotLevel::Normal,
                        Level::Master => BotLevel::Master,
                    };
                    SeatInfo::bot(&name, level)
                }
            };
            info.away = s.away;
            info
        })
        .collect();
    // Every move of the shown chip carries the number its button starts with; while the
    // computer acts nothing is offered, so no destination is highlighted.
    let people = !t.computer_acts();
    let labels: Vec<(Move, String)> = t
        .shown_moves()
        .into_iter()
        .enumerate()
        .filter(|_| people)
        .map(|(i, m)| (m, move_mark(i)))
        .collect();
    Frame {
        players,
        lang,
        selected: t.shown_chip().filter(|_| people),
        labels,
        last: LastMove::from_events(&t.last_events),
    }
}

impl Painter for RenderPainter {
    fn paint(&self, t: &Table, _labels: &[(Move, String)]) -> Option<Vec<u8>> {
        let game = t.game.as_ref()?;
        Some(render::render(game, &frame_of(t)))
    }
}
