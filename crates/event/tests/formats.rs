//! Events in every format, run as the service runs them: each round started, every pairing
//! whose `game` is `None` opened, each game reported as it ends (a best-of's next game opened
//! the same way), until the podium.

use std::collections::BTreeSet;
use yut_event::bracket::Side;
use yut_event::{EventFormat, Pairing, Progress, Run, RunError, Stage};

/// Entrants 1..=n, entrant i rated so that it is seed i.
fn event(format: EventFormat, n: u64, best_of: u32) -> Run {
    let mut r = Run::new("Daeboreum", 3, 0);
    r.set_format(format, best_of).unwrap();
    for i in 1..=n {
        r.join(i, &format!("P{i}"), 2000.0 - i as f64).unwrap();
    }
    r
}

/// Opens every pairing of the round that waits for a game (as the service does).
fn open_waiting(r: &mut Run, next_game: &mut i64) {
    let waiting: Vec<usize> = match r.current() {
        Some((_, round)) => round
            .games
            .iter()
            .enumerate()
            .filter(|(_, p)| p.game.is_none())
            .map(|(i, _)| i)
            .collect(),
        None => return,
    };
    for i in waiting {
        r.opened(i, *next_game, 0).unwrap();
        *next_game += 1;
    }
}

/// Plays the event out: `pick` names each game's winner. Every reported progress, in order.
fn play_out(r: &mut Run, mut pick: impl FnMut(&Run, &Pairing) -> u64) -> Vec<Progress> {
    let mut next_game = 1000;
    let mut seen = Vec::new();
    if r.stage == Stage::SignUp || r.round_done() {
        r.start_round().unwrap();
    }
    while r.current().is_some() {
        open_waiting(r, &mut next_game);
        let (_, round) = r.current().unwrap();
        let Some(p) = round.games.iter().find(|p| p.result.is_none()).cloned() else {
            let _ = round;
            panic!("a round being played has a match to play");
        };
        let winner = pick(r, &p);
        let pieces = if winner == p.first { [4, 1] } else { [1, 4] };
        let progress = r.report(p.game.unwrap(), winner, pieces).unwrap();
        seen.push(progress);
        match progress {
            Progress::RoundDone => {
                r.start_round().unwrap();
            }
            Progress::Finished => break,
            Progress::Pending | Progress::NextGame => {}
        }
    }
    seen
}

/// The better seed (lower id) wins.
fn favourite(_: &Run, p: &Pairing) -> u64 {
    p.first.min(p.second)
}

fn places(r: &Run) -> Vec<(u32, u64)> {
    r.standings().iter().map(|s| (s.rank, s.entrant)).collect()
}

fn pairs(r: &Run, round: usize) -> Vec<(u64, u64)> {
    r.played[round]
        .games
        .iter()
        .map(|p| (p.first, p.second))
        .collect()
}

#[test]
fn a_single_elimination_of_6_gives_the_top_seeds_the_byes() {
    let mut r = event(EventFormat::Single, 6, 1);
    let first = r.start_round().unwrap().clone();
    assert_eq!(r.rounds, 3, "a bracket of 8: three rounds");
    let firsts: Vec<(u64, u64)> = first.games.iter().map(|p| (p.first, p.second)).collect();
    assert_eq!(firsts, vec![(4, 5), (3, 6)], "seeds 1 and 2 pass round one");
    assert!(first.bye.is_none());
    // Halfway through: those still in share the first place.
    let mut g = 1;
    open_waiting(&mut r, &mut g);
    assert_eq!(r.report(1, 4, [4, 0]), Ok(Progress::Pending));
    assert_eq!(r.report(2, 3, [4, 0]), Ok(Progress::RoundDone));
    assert_eq!(
        places(&r),
        vec![(1, 1), (1, 2), (1, 3), (1, 4), (5, 5), (5, 6)]
    );
    let progress = play_out(&mut r, favourite);
    assert_eq!(progress.last(), Some(&Progress::Finished));
    assert_eq!(pairs(&r, 1), vec![(1, 4), (2, 3)]);
    assert_eq!(pairs(&r, 2), vec![(1, 2)]);
    assert_eq!(r.stage, Stage::Finished);
    assert_eq!(r.rounds, 3);
    assert_eq!(
        places(&r),
        vec![(1, 1), (2, 2), (3, 3), (3, 4), (5, 5), (5, 6)]
    );
    let top = &r.standings()[0];
    assert_eq!(
        (top.score, top.pieces),
        (2, 8),
        "two matches won, 4 pieces each"
    );
    assert_eq!(r.start_round().err(), Some(RunError::NotNow));
}

/// The favourite wins, except that seed 2 beats seed 1 in the grand final (and its reset)
/// when `upset`.
fn double_of_8(upset: bool) -> Run {
    let mut r = event(EventFormat::Double, 8, 1);
    r.start_round().unwrap();
    assert_eq!(r.rounds, 7, "six rounds and the reset");
    play_out(&mut r, |r, p| {
        let side = r.bracket.as_ref().unwrap().matches[p.bracket_match.unwrap()].side;
        let last = matches!(side, Side::GrandFinal | Side::Reset);
        if upset && last {
            2
        } else {
            p.first.min(p.second)
        }
    });
    assert_eq!(r.stage, Stage::Finished);
    r
}

#[test]
fn a_double_elimination_of_8_without_the_reset() {
    let r = double_of_8(false);
    assert_eq!(r.rounds, 6, "the rounds it took");
    assert_eq!(r.played.len(), 6);
    assert_eq!(pairs(&r, 0), vec![(1, 8), (4, 5), (2, 7), (3, 6)]);
    assert_eq!(pairs(&r, 5), vec![(1, 2)], "the grand final");
    assert_eq!(
        places(&r),
        vec![
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (5, 6),
            (7, 7),
            (7, 8)
        ]
    );
    // Everyone but the champion lost twice.
    let losses = |id: u64| {
        r.played
            .iter()
            .flat_map(|round| &round.games)
            .filter(|p| (p.first == id || p.second == id) && p.result.unwrap().0 != id)
            .count()
    };
    assert_eq!(losses(1), 0);
    assert!((2..=8).all(|i| losses(i) == 2));
}

#[test]
fn a_double_elimination_of_8_with_the_reset() {
    let r = double_of_8(true);
    assert_eq!(r.rounds, 7);
    assert_eq!(pairs(&r, 5), vec![(1, 2)], "the grand final");
    assert_eq!(pairs(&r, 6), vec![(1, 2)], "its reset");
    let p = places(&r);
    assert_eq!(&p[..4], &[(1, 2), (2, 1), (3, 3), (4, 4)]);
}

#[test]
fn a_best_of_3_takes_two_games_or_three() {
    let mut r = event(EventFormat::Single, 4, 3);
    assert_eq!(r.wins_needed(), 2);
    let semis = r.start_round().unwrap().clone();
    assert_eq!(pairs(&r, 0), vec![(1, 4), (2, 3)]);
    assert!(semis.games.iter().all(|p| p.seats() == [p.first, p.second]));
    let mut g = 10;
    open_waiting(&mut r, &mut g);
    // 1 v 4: 1 wins twice.
    assert_eq!(r.report(10, 1, [4, 2]), Ok(Progress::NextGame));
    let p = &r.current().unwrap().1.games[0];
    assert_eq!(
        (p.game, p.earlier.clone(), p.wins),
        (None, vec![10], [1, 0])
    );
    assert_eq!(p.seats(), [4, 1], "the seats swap for the second game");
    assert_eq!(r.report(10, 1, [4, 2]), Err(RunError::Decided));
    open_waiting(&mut r, &mut g);
    assert_eq!(r.current().unwrap().1.games[0].game, Some(12));
    assert_eq!(r.report(12, 1, [4, 3]), Ok(Progress::Pending));
    let p = &r.current().unwrap().1.games[0];
    assert_eq!(p.result, Some((1, [8, 5])));
    assert_eq!(p.game, Some(12), "a decided match keeps its last game");
    // 2 v 3: 2, 3, 2.
    assert_eq!(r.report(11, 2, [4, 0]), Ok(Progress::NextGame));
    open_waiting(&mut r, &mut g);
    assert_eq!(r.report(13, 3, [0, 4]), Ok(Progress::NextGame));
    let p = &r.current().unwrap().1.games[1];
    assert_eq!((p.wins, p.seats()), ([1, 1], [2, 3]));
    open_waiting(&mut r, &mut g);
    assert_eq!(r.report(14, 2, [4, 1]), Ok(Progress::RoundDone));
    assert_eq!(r.played[0].games[1].earlier, vec![11, 13]);
    assert_eq!(r.played[0].games[1].result, Some((2, [8, 5])));
    r.start_round().unwrap();
    assert_eq!(pairs(&r, 1), vec![(1, 2)]);
    let progress = play_out(&mut r, favourite);
    assert_eq!(progress, vec![Progress::NextGame, Progress::Finished]);
    assert_eq!(places(&r), vec![(1, 1), (2, 2), (3, 3), (3, 4)]);
}

#[test]
fn a_round_robin_of_5_meets_each_once_with_a_bye_a_round() {
    let mut r = event(EventFormat::RoundRobin, 5, 1);
    r.start_round().unwrap();
    assert_eq!(r.rounds, 5);
    let progress = play_out(&mut r, favourite);
    assert_eq!(
        progress
            .iter()
            .filter(|&&p| p == Progress::RoundDone)
            .count(),
        4
    );
    assert_eq!(r.stage, Stage::Finished);
    let mut met = BTreeSet::new();
    for round in &r.played {
        assert_eq!(round.games.len(), 2);
        let mut seen: Vec<u64> = round
            .games
            .iter()
            .flat_map(|p| [p.first, p.second])
            .chain(round.bye)
            .collect();
        seen.sort();
        assert_eq!(seen, vec![1, 2, 3, 4, 5], "everyone plays or sits out");
        for p in &round.games {
            assert!(met.insert((p.first.min(p.second), p.first.max(p.second))));
        }
    }
    assert_eq!(met.len(), 10, "each pair once");
    let byes: BTreeSet<u64> = r.played.iter().filter_map(|x| x.bye).collect();
    assert_eq!(byes.len(), 5, "one bye each");
    let s = r.standings();
    let ranked: Vec<(u64, u32)> = s.iter().map(|x| (x.entrant, x.score)).collect();
    assert_eq!(ranked, vec![(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)]);
}

#[test]
fn a_drop_mid_bracket_walks_the_opponent_over() {
    let mut r = event(EventFormat::Single, 8, 1);
    r.start_round().unwrap();
    let mut g = 1;
    open_waiting(&mut r, &mut g);
    // 1 v 8, 4 v 5, 2 v 7, 3 v 6: all but the last in; then 4 drops out.
    assert_eq!(r.report(1, 1, [4, 0]), Ok(Progress::Pending));
    assert_eq!(r.report(2, 4, [4, 0]), Ok(Progress::Pending));
    assert_eq!(r.report(3, 2, [4, 0]), Ok(Progress::Pending));
    r.leave(4).unwrap();
    assert_eq!(r.report(4, 3, [4, 0]), Ok(Progress::RoundDone));
    let semis = r.start_round().unwrap().clone();
    assert_eq!(pairs(&r, 1), vec![(2, 3)], "1 goes on without a game");
    assert_eq!(semis.walkovers.len(), 1);
    assert_eq!(
        (semis.walkovers[0].winner, semis.walkovers[0].loser),
        (1, 4)
    );
    // 3 is disqualified mid-semi: 2 goes on.
    assert_eq!(
        r.disqualify(3, "Dana", "two accounts"),
        Ok(Some(Progress::RoundDone))
    );
    r.start_round().unwrap();
    assert_eq!(pairs(&r, 2), vec![(1, 2)]);
    play_out(&mut r, favourite);
    let s = r.standings();
    assert_eq!(
        places(&r),
        vec![
            (1, 1),
            (2, 2),
            (3, 3),
            (3, 4),
            (5, 5),
            (5, 6),
            (5, 7),
            (5, 8)
        ]
    );
    assert!(s.iter().find(|x| x.entrant == 4).unwrap().dropped);
    // The walkover counts as a win for 1 (the history and the records).
    assert_eq!(s[0].score, 3);
}

#[test]
fn a_drop_or_a_disqualification_gives_a_best_of_to_the_other_side() {
    let mut r = event(EventFormat::Single, 4, 3);
    r.start_round().unwrap();
    let mut g = 1;
    open_waiting(&mut r, &mut g);
    // 1 v 4: 4 wins the first game, then 4 leaves while the second is played: whoever wins
    // that game, the match is 1's.
    assert_eq!(r.report(1, 4, [0, 4]), Ok(Progress::NextGame));
    open_waiting(&mut r, &mut g);
    r.leave(4).unwrap();
    assert_eq!(r.report(3, 4, [0, 4]), Ok(Progress::Pending));
    assert_eq!(r.played[0].games[0].result.unwrap().0, 1);
    // 2 v 3: 2 is disqualified after a game: the match is 3's.
    assert_eq!(r.report(2, 2, [4, 0]), Ok(Progress::NextGame));
    assert_eq!(r.disqualify(2, "Dana", ""), Ok(Some(Progress::RoundDone)));
    assert_eq!(r.played[0].games[1].result.unwrap().0, 3);
    r.start_round().unwrap();
    assert_eq!(pairs(&r, 1), vec![(1, 3)]);
    // An admin decides the final (a best-of: the whole match).
    assert_eq!(
        r.set_result(0, 3, "Dana", "dispute"),
        Ok(Progress::Finished)
    );
    assert_eq!(places(&r)[0], (1, 3));
}

#[test]
fn admin_paths_in_a_round_robin() {
    let mut r = event(EventFormat::RoundRobin, 4, 1);
    r.start_round().unwrap();
    let mut g = 1;
    open_waiting(&mut r, &mut g);
    r.pause("Dana").unwrap();
    let p0 = r.played[0].games[0].clone();
    assert_eq!(r.forfeit(0, p0.first), Ok(Progress::Pending));
    assert_eq!(
        r.set_result(1, r.played[0].games[1].first, "Dana", ""),
        Ok(Progress::RoundDone)
    );
    assert_eq!(r.start_round().err(), Some(RunError::Paused));
    assert_eq!(r.resume("Dana"), Ok(true));
    r.start_round().unwrap();
    r.cancel("Dana").unwrap();
    assert_eq!(r.stage, Stage::Cancelled);
}

#[test]
fn a_bracket_mid_event_survives_json_and_goes_on_the_same() {
    let mut a = event(EventFormat::Double, 8, 3);
    a.start_round().unwrap();
    let mut g = 1;
    // Two rounds in, and the first game of round three.
    let mut played = 0;
    while a.played.len() < 3 || played == 0 {
        open_waiting(&mut a, &mut g);
        let (n, round) = a.current().unwrap();
        let p = round
            .games
            .iter()
            .find(|p| p.result.is_none())
            .unwrap()
            .clone();
        if n == 2 {
            played += 1;
        }
        let winner = p.first.min(p.second);
        if a.report(p.game.unwrap(), winner, [4, 1]).unwrap() == Progress::RoundDone {
            a.start_round().unwrap();
        }
    }
    let json = serde_json::to_string(&a).unwrap();
    let mut b: yut_event::Run = serde_json::from_str(&json).unwrap();
    assert_eq!(a, b);
    assert!(json.contains("\"format\":\"Double\""));
    let pick = |_: &Run, p: &Pairing| p.first.max(p.second);
    assert_eq!(play_out(&mut a, pick), play_out(&mut b, pick));
    assert_eq!(a, b);
    assert_eq!(a.standings(), b.standings());
}

#[test]
fn an_old_swiss_event_reads_as_swiss() {
    // As stored before formats: no format, no best-of, pairings without their match fields.
    let old = r#"{"name":"Old","rounds":1,"cap":0,"stage":{"Round":0},
        "entrants":[{"id":1,"name":"A","rating":1500.0},{"id":2,"name":"B","rating":1400.0}],
        "played":[{"games":[{"first":1,"second":2,"game":10,"result":null}],"bye":null}],
        "scoring":{"win":1,"loss":0,"bye":1,"places":[4,2,1,0],"table_bye":2}}"#;
    let mut r: Run = serde_json::from_str(old).unwrap();
    assert_eq!(
        (r.format, r.best_of, r.bracket.is_none()),
        (EventFormat::Swiss, 1, true)
    );
    assert_eq!(r.report(10, 2, [1, 4]), Ok(Progress::Finished));
    assert_eq!(r.standings()[0].entrant, 2);
    // And a Swiss event written now reads back the same, without the new fields' noise.
    let json = serde_json::to_string(&r).unwrap();
    assert!(
        !json.contains("earlier") && !json.contains("walkovers") && !json.contains("bracket"),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Run>(&json).unwrap(), r);
}

#[test]
fn a_swiss_of_best_of_3_counts_matches() {
    let mut r = event(EventFormat::Swiss, 4, 3);
    r.rounds = 2;
    let progress = play_out(&mut r, favourite);
    assert_eq!(
        progress
            .iter()
            .filter(|&&p| p == Progress::NextGame)
            .count(),
        4
    );
    let s = r.standings();
    assert_eq!(
        (s[0].entrant, s[0].score),
        (1, 2),
        "two matches won: 2 points"
    );
}

#[test]
fn free_for_all_tables_score_by_place() {
    let mut r = event(EventFormat::Tables, 7, 3);
    assert_eq!(
        (r.best_of, r.scoring.bye),
        (1, 2),
        "one game a table; a bye is a 2nd place"
    );
    r.rounds = 2;
    let first = r.start_round().unwrap().clone();
    let sizes: Vec<usize> = first.games.iter().map(|p| p.everyone().len()).collect();
    assert_eq!(sizes, vec![4, 3]);
    assert!(first.bye.is_none());
    let mut g = 1;
    open_waiting(&mut r, &mut g);
    let t0 = first.games[0].everyone();
    assert_eq!(r.report(1, t0[0], [4, 0]), Err(RunError::NeedsPlaces));
    assert_eq!(
        r.report_table(1, &[t0[0], t0[1], 99], &[4]),
        Err(RunError::NotInGame)
    );
    // Seat order is the finishing order at the first table; the second is given to its
    // last seat by an admin.
    assert_eq!(r.report_table(1, &t0, &[4, 3, 2, 1]), Ok(Progress::Pending));
    assert_eq!(
        r.report_table(1, &t0, &[4, 3, 2, 1]),
        Err(RunError::Decided)
    );
    let t1 = first.games[1].everyone();
    assert_eq!(r.set_result(1, t1[2], "Dana", ""), Ok(Progress::RoundDone));
    let s = r.standings();
    let score = |id: u64| s.iter().find(|x| x.entrant == id).unwrap().score;
    assert_eq!(
        [score(t0[0]), score(t0[1]), score(t0[2]), score(t0[3])],
        [4, 2, 1, 0]
    );
    assert_eq!([score(t1[2]), score(t1[0]), score(t1[1])], [4, 2, 0]);
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(serde_json::from_str::<Run>(&json).unwrap(), r);
    let second = r.start_round().unwrap().clone();
    assert_eq!(second.games.len(), 2);
    open_waiting(&mut r, &mut g);
    for (i, p) in second.games.iter().enumerate() {
        let places = p.everyone();
        let progress = r.report_table(3 + i as i64, &places, &[]).unwrap();
        assert_eq!(progress, [Progress::Pending, Progress::Finished][i]);
    }
    assert_eq!(r.stage, Stage::Finished);
}

#[test]
fn a_table_of_two_reports_as_a_game() {
    let mut r = event(EventFormat::Tables, 5, 1);
    r.rounds = 1;
    let round = r.start_round().unwrap().clone();
    let sizes: Vec<usize> = round.games.iter().map(|p| p.everyone().len()).collect();
    assert_eq!(sizes, vec![3, 2]);
    let mut g = 1;
    open_waiting(&mut r, &mut g);
    let pair = &round.games[1];
    assert_eq!(r.report(2, pair.second, [1, 4]), Ok(Progress::Pending));
    assert_eq!(
        r.played[0].games[1].places,
        vec![(pair.second, 4), (pair.first, 1)]
    );
    r.report_table(1, &round.games[0].everyone(), &[4, 2, 0])
        .unwrap();
    let s = r.standings();
    assert_eq!(
        s.iter().find(|x| x.entrant == pair.second).unwrap().score,
        4
    );
    assert_eq!(s.iter().find(|x| x.entrant == pair.first).unwrap().score, 0);
}

/// A small deterministic generator (xorshift) for the picks below.
fn coin(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn every_bracket_size_runs_to_its_end_in_its_rounds() {
    for format in [EventFormat::Single, EventFormat::Double] {
        for n in 2..=17 {
            for best_of in [1, 3] {
                for drop in [None, Some(n / 2 + 1)] {
                    let mut state = 0x9e37_79b9_7f4a_7c15 ^ n ^ u64::from(best_of);
                    let mut r = event(format, n, best_of);
                    r.start_round().unwrap();
                    let most = r.rounds;
                    play_out(&mut r, |_, p| {
                        if coin(&mut state).is_multiple_of(3) {
                            p.second
                        } else {
                            p.first
                        }
                    });
                    if let Some(d) = drop {
                        // The same event with `d` dropping out after the first round.
                        let mut again = event(format, n, best_of);
                        again.start_round().unwrap();
                        let mut g = 1;
                        open_waiting(&mut again, &mut g);
                        let _ = again.leave(d);
                        play_out(&mut again, |_, p| p.first);
                        assert_eq!(again.stage, Stage::Finished, "{format:?} {n} with a drop");
                        assert_ne!(again.standings()[0].entrant, d);
                    }
                    let what = format!("{format:?} of {n}, best of {best_of}");
                    assert_eq!(r.stage, Stage::Finished, "{what}");
                    assert!(
                        r.played.len() as u32 <= most,
                        "{what}: {} > {most}",
                        r.played.len()
                    );
                    assert_eq!(r.rounds, r.played.len() as u32);
                    let s = r.standings();
                    assert_eq!(s.len(), n as usize, "{what}");
                    assert_eq!(s[0].rank, 1);
                    assert_eq!(Some(s[0].entrant), r.bracket.as_ref().unwrap().champion());
                    assert!(s[1..].iter().all(|x| x.rank > 1), "{what}: one champion");
                }
            }
        }
    }
}
