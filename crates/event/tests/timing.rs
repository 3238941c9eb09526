//! Pairing time of a large Swiss round. Ignored in the test suite (benchmarks are release-mode
//! commands): `cargo test --release -p yut-event --test timing -- --ignored --nocapture`.

use yut_event::bench::bench_swiss;

#[test]
#[ignore]
fn swiss_1024_after_9_rounds() {
    let mut runs = bench_swiss(1024, 9, 49, 20);
    runs.sort();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    // Of 20 runs: p50 is the 10th, p99 the slowest.
    println!(
        "swiss 1024 entrants, 9 rounds: p50 {:.1} ms, p99 {:.1} ms, min {:.1} ms",
        ms(runs[9]),
        ms(runs[19]),
        ms(runs[0])
    );
}
