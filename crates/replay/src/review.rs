//! The costliest decisions: for each person who played, the choices that gave away the most
//! chance to win compared with the move Master would have made in the same position.
//!
//! Every move a person chose (not the bot playing for them) where there was a choice is
//! checked: Master picks its own move in that position, and both moves are valued by Master's
//! estimate of the mover's chance to win once the rest of the pool is spent as Master would
//! (`Bot::chance_after`). CPU-bound (about a millisecond a decision): call it off the async
//! runtime (`tokio::task::spawn_blocking`).

use super::words::words;
use super::{anim, Played};
use rand::SeedableRng;
use yut_ai::{Bot, Level};
use yut_game::{Action, Game, Move, Seat};
use yut_render::{canvas, renderer, Frame};
use yut_table::paint::frame_of;
use yut_table::view::{chip_label, move_words};
use yut_table::{Lang, Player};

/// How many decisions each review keeps.
pub const KEEP: usize = 3;

/// One decision that gave away win chance.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// Index into the game's steps (the action number shown).
    pub step: usize,
    pub seat: Seat,
    pub played: Move,
    pub master: Move,
    /// The mover's chance after the move played, and after Master's (0..1).
    pub after_played: f32,
    pub after_master: f32,
}

impl Decision {
    /// Chance given away (0..1).
    pub fn lost(&self) -> f32 {
        self.after_master - self.after_played
    }
}

/// One person's review.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    pub seat: Seat,
    pub user: u64,
    pub name: String,
    /// Decisions they made with a choice of moves.
    pub examined: usize,
    /// The costliest, most chance lost first (at most `KEEP`; only ones that lost any).
    pub worst: Vec<Decision>,
}

/// The reviews of every person who chose moves in the game, by seat.
pub fn reviews(played: &Played) -> Vec<Review> {
    let Some(rules) = played.rules() else {
        return vec![];
    };
    let master = Bot::shared(Level::Master, &rules);
    let mut out: Vec<Review> = Vec::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    for (i, step) in played.steps.iter().enumerate() {
        let (Some(Action::Move(mv)), Some(before)) = (step.action, step.before.as_ref()) else {
            continue;
        };
        if step.computer {
            continue;
        }
        let Some(Player::Human { user, name }) =
            step.table.seats.get(step.seat as usize).map(|s| &s.player)
        else {
            continue;
        };
        let r = match out
            .iter()
            .position(|r| r.seat == step.seat && r.user == *user)
        {
            Some(k) => &mut out[k],
            None => {
                out.push(Review {
                    seat: step.seat,
                    user: *user,
                    name: name.clone(),
                    examined: 0,
                    worst: vec![],
                });
                out.last_mut().expect("just pushed")
            }
        };
        if before.legal_moves().len() < 2 {
            continue;
        }
        r.examined += 1;
        let Some(Action::Move(best)) = master.choose(before, &mut rng) else {
            continue;
        };
        if best == mv {
            continue;
        }
        let (Some(after_played), Some(after_master)) = (
            master.chance_after(before, &mv),
            master.chance_after(before, &best),
        ) else {
            continue;
        };
        if after_master <= after_played {
            continue;
        }
        r.worst.push(Decision {
            step: i,
            seat: step.seat,
            played: mv,
            master: best,
            after_played,
            after_master,
        });
        r.worst
            .sort_by(|a, b| b.lost().total_cmp(&a.lost()).then(a.step.cmp(&b.step)));
        r.worst.truncate(KEEP);
    }
    out
}

fn pct(x: f32) -> String {
    format!("{:.0}%", x * 100.0)
}

/// The review as a private message.
pub fn review_text(r: &Review, game: i64, lang: Lang) -> String {
    let w = words(lang);
    let mut s = format!("**{}** · #{game} · {}\n", w.review_title, r.name);
    if r.worst.is_empty() {
        s.push_str(w.nothing_to_review);
        return s;
    }
    for (k, d) in r.worst.iter().enumerate() {
        s.push_str(&format!(
            "{}. {} {} · {}: {} {} · {} {} · **{} {:.1} {}** ({} → {})\n",
            k + 1,
            w.action,
            d.step,
            chip_label(d.played.chip, lang),
            w.played,
            move_words(&d.played, lang),
            w.master,
            format_master(d, lang),
            w.lost,
            d.lost() * 100.0,
            w.points,
            pct(d.after_master),
            pct(d.after_played),
        ));
    }
    s
}

fn format_master(d: &Decision, lang: Lang) -> String {
    if d.master.chip == d.played.chip {
        move_words(&d.master, lang)
    } else {
        format!(
            "{} {}",
            chip_label(d.master.chip, lang),
            move_words(&d.master, lang)
        )
    }
}

/// A small board of the position before the decision (PNG, half size): the chip spent, with
/// the move played marked ✗ and Master's ★.
pub fn decision_png(played: &Played, d: &Decision) -> Option<Vec<u8>> {
    let step = played.steps.get(d.step)?;
    let before: &Game = step.before.as_ref()?;
    let base = frame_of(&step.table);
    let mut labels: Vec<(Move, String)> = vec![(d.played, "✗".to_string())];
    if d.master.chip == d.played.chip {
        labels.push((d.master, "★".to_string()));
    }
    for m in before.legal_moves() {
        if m.chip == d.played.chip && !labels.iter().any(|(l, _)| *l == m) {
            labels.push((m, "·".to_string()));
        }
    }
    let frame = Frame {
        selected: Some(d.played.chip),
        labels,
        last: None,
        ..base
    };
    let (buf, w, h) = renderer().render_indexed(before, &frame);
    let (small, sw, sh) = anim::halve(&buf, w as usize, h as usize);
    Some(canvas::encode_indexed(
        &small,
        sw as u32,
        sh as u32,
        renderer().palette(),
    ))
}
