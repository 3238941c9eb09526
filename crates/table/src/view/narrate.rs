//! What happened, in words: one line per event, and the board picture's description.

use super::*;

/// One line per event worth telling.
pub fn narrate(t: &Table, events: &[Event]) -> Vec<String> {
    let lang = t.lang();
    let chip = |c: &Chip| chip_label(*c, lang);
    let mut lines = Vec::new();
    for e in events {
        let line = match e {
            Event::Starts { seat } => {
                say(lang, "view-starts", &[("who", honored(t, *seat).into())])
            }
            Event::Thrown {
                seat,
                chip: c,
                again,
                ..
            } => {
                let what = match c {
                    Some(c) => chip(c),
                    None => word(lang, "view-nak"),
                };
                let key = if *again {
                    "view-thrown-again"
                } else {
                    "view-thrown"
                };
                say(
                    lang,
                    key,
                    &[("who", honored(t, *seat).into()), ("what", what.into())],
                )
            }
            Event::Entered {
                seat, chip: c, to, ..
            } => say(
                lang,
                "view-entered",
                &[
                    ("who", honored(t, *seat).into()),
                    ("chip", chip(c).into()),
                    ("to", dest_name(*to, lang).into()),
                ],
            ),
            Event::Moved {
                seat,
                chip: c,
                from,
                to,
                count,
                ..
            } => {
                let mut args: Vec<(&str, Arg)> = vec![
                    ("who", honored(t, *seat).into()),
                    ("chip", chip(c).into()),
                    ("from", point_name(*from, lang).into()),
                    ("to", dest_name(*to, lang).into()),
                ];
                let key = if *count > 1 {
                    args.push(("count", (*count).into()));
                    "view-moved-stack"
                } else {
                    "view-moved"
                };
                say(lang, key, &args)
            }
            Event::Stacked { at, count, .. } => say(
                lang,
                "view-stacked",
                &[
                    ("count", (*count).into()),
                    ("at", point_name(*at, lang).into()),
                ],
            ),
            Event::Captured {
                seat,
                side,
                count,
                at,
            } => say(
                lang,
                "view-captured",
                &[
                    ("who", honored(t, *seat).into()),
                    ("count", (*count).into()),
                    ("victim", side_in_sentence(t, *side).into()),
                    ("at", point_name(*at, lang).into()),
                ],
            ),
            Event::Finished { side, count } => say(
                lang,
                "view-finished",
                &[
                    ("count", (*count).into()),
                    ("side", side_in_sentence(t, *side).into()),
                ],
            ),
            Event::SentBack { count, .. } => {
                say(lang, "view-sent-back", &[("count", (*count).into())])
            }
            Event::Discarded { seat, chips } => {
                let list: Vec<String> = chips.iter().map(chip).collect();
                say(
                    lang,
                    "view-discarded",
                    &[
                        ("who", honored(t, *seat).into()),
                        ("count", (list.len() as u32).into()),
                        ("list", list.join(", ").into()),
                    ],
                )
            }
            Event::BonusThrow { deferred, .. } => {
                // Deferred until the held results are spent: said so only while some are
                // held (spending the last one brings the throw at once).
                let held = t.game.as_ref().is_some_and(|g| !g.pool().is_empty());
                if *deferred && held {
                    word(lang, "view-bonus-later")
                } else {
                    word(lang, "view-bonus")
                }
            }
            Event::Won { side, .. } => say(
                lang,
                "view-won",
                &[("side", side_in_sentence(t, *side).into())],
            ),
            Event::ThrowOff { .. } | Event::TurnPassed { .. } => continue,
        };
        lines.push(line);
    }
    lines
}

/// Discord's limit for an attachment's description.
pub const MAX_ALT: usize = 1024;

/// The board in words (the picture's alt text): the winner once the game is over, the last
/// move, every side's pieces waiting, home and on the board (each as steps from home, with
/// the name the picture writes beside it when it writes one; stacks counted), the results
/// held and who is to act. It names no point the picture does not label.
pub fn board_alt(t: &Table) -> String {
    let lang = t.lang();
    let Some(g) = t.game.as_ref() else {
        return String::new();
    };
    let mut s = word(lang, "view-alt-board");
    let mut add = |part: String| {
        s.push(' ');
        s.push_str(&part);
    };
    if let Some(o) = g.outcome() {
        add(say(
            lang,
            "view-alt-won",
            &[("side", side_in_sentence(t, o.winner).into())],
        ));
    }
    if let Some(last) = yut_render::LastMove::from_events(&t.last_events) {
        let to = match last.to {
            Dest::Point(p) => {
                let unit = g
                    .units()
                    .iter()
                    .find(|u| u.side == last.side && u.point() == p);
                match unit {
                    Some(u) => unit_place(g, u, lang),
                    None => word(lang, "view-dest-home"),
                }
            }
            d => dest_name(d, lang),
        };
        add(say(
            lang,
            "view-alt-last",
            &[
                ("who", honored(t, last.seat).into()),
                ("chip", chip_label(last.chip, lang).into()),
                ("to", to.into()),
            ],
        ));
        for (_, side, count) in &last.captured {
            add(say(
                lang,
                "view-alt-captured",
                &[
                    ("count", (*count).into()),
                    ("victim", side_in_sentence(t, *side).into()),
                ],
            ));
        }
    }
    for side in 0..g.sides() {
        let mut spots: Vec<String> = Vec::new();
        for u in g.units().iter().filter(|u| u.side == side) {
            let at = unit_place(g, u, lang);
            spots.push(if u.count > 1 {
                say(
                    lang,
                    "view-alt-stack",
                    &[("count", u.count.into()), ("where", at.into())],
                )
            } else {
                at
            });
        }
        let mut args: Vec<(&str, Arg)> = vec![
            ("side", side_name(t, side).into()),
            ("waiting", g.waiting(side).into()),
            ("home", g.home(side).into()),
        ];
        let key = if spots.is_empty() {
            "view-alt-side"
        } else {
            args.push(("spots", spots.join(", ").into()));
            "view-alt-side-board"
        };
        add(say(lang, key, &args));
    }
    if !g.pool().is_empty() {
        let pool: Vec<String> = g.pool().iter().map(|c| chip_label(*c, lang)).collect();
        add(say(
            lang,
            "view-alt-held",
            &[("list", pool.join(", ").into())],
        ));
    }
    if let Some(seat) = t.acting() {
        add(say(
            lang,
            "view-alt-acting",
            &[("who", honored(t, seat).into())],
        ));
    }
    s
}

/// Steps a unit still has to go to get home, on the route it is on (as the rules count it
/// for the pieces' progress).
pub fn steps_home(g: &yut_game::Game, u: &yut_game::Unit) -> u8 {
    u.route.len(g.rules().direct_exit()).saturating_sub(u.index)
}

/// Where a unit stands, as a listener can place it: its steps from home, and the name the
/// board picture writes beside its point when it writes one (the corners, the centre,
/// START · FINISH).
fn unit_place(g: &yut_game::Game, u: &yut_game::Unit, lang: Lang) -> String {
    let steps = say(
        lang,
        "view-alt-steps",
        &[("steps", steps_home(g, u).into())],
    );
    match yut_render::layout::point_label(u.point()) {
        Some(key) => say(
            lang,
            "view-alt-labelled",
            &[("where", steps.into()), ("label", word(lang, key).into())],
        ),
        None => steps,
    }
}
