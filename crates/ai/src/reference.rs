//! The fixed rule-based player used as a benchmark opponent.

use super::*;

/// The fixed rule-based player: finish +100, capture +50, entering +5, +4 per piece in the
/// resulting stack, −0.5 per step the moved piece still has to go; ties go to the first move.
pub fn reference_move(game: &Game, moves: &[Move]) -> Move {
    let side = game.side_of(game.turn());
    let direct = game.rules().direct_exit();
    let merge = game.rules().stacking != yut_game::rules::Stacking::Off;
    let mut best = (f64::NEG_INFINITY, moves[0]);
    for m in moves {
        let moving = match m.piece {
            Origin::New => 1,
            Origin::At(p) => game
                .units()
                .iter()
                .rev()
                .find(|u| u.side == side && u.point() == p)
                .map_or(1, |u| u.count),
        };
        let mut score = 0.0;
        if m.piece == Origin::New {
            score += 5.0;
        }
        match m.to {
            Dest::Home => score += 100.0,
            Dest::Waiting => score -= 0.5 * 21.0,
            Dest::Point(q) => {
                let mut own = 0;
                let mut captures = false;
                for u in game.units().iter().filter(|u| u.point() == q) {
                    if u.side != side {
                        captures = true;
                    } else if Origin::At(q) != m.piece && merge && m.stack != Some(false) {
                        own += u.count;
                    }
                }
                if captures {
                    score += 50.0;
                }
                score += 4.0 * (moving + own) as f64;
                let togo = steps_to_go(game, m, direct);
                score -= 0.5 * togo as f64;
            }
        }
        if score > best.0 {
            best = (score, *m);
        }
    }
    best.1
}

/// Steps from a move's destination to home, along the route the piece will be on.
pub(super) fn steps_to_go(game: &Game, m: &Move, direct: bool) -> u8 {
    let side = game.side_of(game.turn());
    let landing = match m.piece {
        Origin::New => game
            .entry_landings(m.chip, !game.units().iter().any(|u| u.side == side))
            .into_iter()
            .find(|l| landing_dest(*l) == m.to),
        Origin::At(p) => game
            .units()
            .iter()
            .rev()
            .find(|u| u.side == side && u.point() == p)
            .and_then(|u| {
                game.piece_landings(u.route, u.index, m.chip)
                    .into_iter()
                    .find(|l| landing_dest(*l) == m.to)
            }),
    };
    match landing {
        Some(Landing::Stand { route, index }) => route.len(direct) - index,
        Some(Landing::Home) => 0,
        _ => 21,
    }
}

pub(super) fn landing_dest(l: Landing) -> Dest {
    match l {
        Landing::Stand { route, index } => Dest::Point(route.at(index)),
        Landing::Home => Dest::Home,
        Landing::Waiting => Dest::Waiting,
    }
}
