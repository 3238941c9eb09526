//! Timing and profiling of a large Swiss round's pairing, in release mode:
//!
//! - `cargo run --release -p yut-event --example swiss_bench -- time [entrants rounds runs sets]`
//!   prints p50, p99 and max of `sets` sets of `runs` pairings each (default 1024 9 100 5);
//! - `... -- once [entrants rounds times]` pairs the field `times` times inside `measured`, for
//!   `valgrind --tool=callgrind --toggle-collect='*measured*'` (the field's own making, which
//!   pairs every earlier round, is left out of the count);
//! - `... -- save [entrants rounds out.json]` writes the field, and `... -- load [file times]`
//!   pairs a saved field, so that a profile without `--toggle-collect` (call counts included)
//!   holds nothing but the pairing and reading the file;
//! - `... -- dump [out.json]` writes the pairings of many fields, to compare two versions of the
//!   code pairing for pairing.

use std::time::Instant;
use yut_event::bench::swiss_field;
use yut_event::{pair_swiss, Entrant, History, Scoring, SwissPairing};

fn arg(args: &[String], i: usize, default: usize) -> usize {
    args.get(i)
        .map_or(default, |s| s.parse().expect("a number"))
}

#[inline(never)]
fn measured(field: &[Entrant], history: &History, times: usize) -> SwissPairing {
    let mut last = None;
    for _ in 0..times {
        last = Some(pair_swiss(field, history, &Scoring::default()));
    }
    last.expect("at least one pairing")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str).unwrap_or("time") {
        "time" => {
            let (n, rounds) = (arg(&args, 1, 1024), arg(&args, 2, 9));
            let (runs, sets) = (arg(&args, 3, 100), arg(&args, 4, 5));
            let (field, history) = swiss_field(n, rounds, 49);
            for set in 0..sets {
                let mut ms: Vec<f64> = (0..runs)
                    .map(|_| {
                        let t = Instant::now();
                        std::hint::black_box(measured(&field, &history, 1));
                        t.elapsed().as_secs_f64() * 1e3
                    })
                    .collect();
                ms.sort_by(f64::total_cmp);
                let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
                println!(
                    "set {set}: {n} entrants, {rounds} rounds, {runs} runs: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                    at(0.5),
                    at(0.99),
                    ms[ms.len() - 1]
                );
            }
        }
        "once" => {
            let (n, rounds, times) = (arg(&args, 1, 1024), arg(&args, 2, 9), arg(&args, 3, 3));
            let (field, history) = swiss_field(n, rounds, 49);
            let p = measured(&field, &history, times);
            println!("{} games, bye {:?}", p.games.len(), p.bye);
        }
        "save" => {
            let (n, rounds) = (arg(&args, 1, 1024), arg(&args, 2, 9));
            let out = args.get(3).map_or("field.json", String::as_str);
            let json = serde_json::to_string(&swiss_field(n, rounds, 49)).expect("json");
            std::fs::write(out, json).expect("write");
        }
        "load" => {
            let file = args.get(1).map_or("field.json", String::as_str);
            let json = std::fs::read_to_string(file).expect("read");
            let (field, history): (Vec<Entrant>, History) =
                serde_json::from_str(&json).expect("json");
            let p = measured(&field, &history, arg(&args, 2, 1));
            println!("{} games, bye {:?}", p.games.len(), p.bye);
        }
        "dump" => {
            let out = args.get(1).map_or("pairings.json", String::as_str);
            let mut all = Vec::new();
            for n in [2, 5, 9, 16, 33, 64, 101, 128, 255, 300, 512, 1024] {
                for rounds in [0, 1, 3, 5, 7, 9] {
                    for seed in [1, 2, 49] {
                        let (field, history) = swiss_field(n, rounds, seed);
                        let p = pair_swiss(&field, &history, &Scoring::default());
                        all.push(((n, rounds, seed), p));
                    }
                }
            }
            std::fs::write(out, serde_json::to_string(&all).expect("json")).expect("write");
            println!("{} pairings to {out}", all.len());
        }
        other => panic!("unknown command {other}"),
    }
}
