//! Throw frequencies over 10^6 seeded throws match the exact odds (chi-square at 99.9%).

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use yut_game::throw::odds;
use yut_game::{Chip, Rules, Toss};

fn chi_square(rules: &Rules, seed: u64) -> (f64, usize) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut counts = [0u64; 8];
    let n = 1_000_000u64;
    for _ in 0..n {
        let c = Toss::draw(rules, &mut rng).chip(rules).expect("no nak");
        counts[c as usize] += 1;
    }
    let p = odds(rules);
    let mut chi = 0.0;
    let mut cells = 0;
    for c in Chip::ALL {
        let expected = p[c as usize] * n as f64;
        if expected == 0.0 {
            assert_eq!(counts[c as usize], 0, "{c} cannot occur");
            continue;
        }
        let d = counts[c as usize] as f64 - expected;
        chi += d * d / expected;
        cells += 1;
    }
    (chi, cells - 1)
}

/// Chi-square critical values at 99.9% by degrees of freedom.
fn critical(df: usize) -> f64 {
    match df {
        4 => 18.467,
        5 => 20.515,
        6 => 22.458,
        7 => 24.322,
        _ => panic!("no table entry for {df}"),
    }
}

#[test]
fn standard_odds() {
    let r = Rules::default();
    let (chi, df) = chi_square(&r, 1);
    assert_eq!(df, 5);
    assert!(chi < critical(df), "chi2 = {chi}");
}

#[test]
fn yunnori_odds() {
    let r = Rules::preset(yut_game::Preset::Yunnori);
    assert_eq!(r.flat_p, 0.5);
    let (chi, df) = chi_square(&r, 2);
    assert!(chi < critical(df), "chi2 = {chi}");
}

#[test]
fn odds_without_backdo_and_with_marks() {
    let r = Rules {
        backdo: false,
        ..Rules::default()
    };
    let (chi, df) = chi_square(&r, 3);
    assert_eq!(df, 4);
    assert!(chi < critical(df), "chi2 = {chi}");
    let r = Rules {
        seoul: true,
        busan: true,
        ..Rules::default()
    };
    let (chi, df) = chi_square(&r, 4);
    assert_eq!(df, 7);
    assert!(chi < critical(df), "chi2 = {chi}");
}

#[test]
fn a_biased_sample_is_caught() {
    // The test has teeth: sticks at 0.62 measured against the 0.6 table must fail.
    let biased = Rules {
        flat_p: 0.62,
        ..Rules::default()
    };
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let mut counts = [0u64; 8];
    for _ in 0..1_000_000 {
        counts[Toss::draw(&biased, &mut rng).chip(&biased).unwrap() as usize] += 1;
    }
    let p = odds(&Rules::default());
    let chi: f64 = Chip::ALL[..6]
        .iter()
        .map(|&c| {
            let e = p[c as usize] * 1e6;
            (counts[c as usize] as f64 - e).powi(2) / e
        })
        .sum();
    assert!(chi > critical(5), "chi2 = {chi}");
}

#[test]
fn nak_voids_the_given_share() {
    let r = Rules {
        nak_p: 0.1,
        ..Rules::default()
    };
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let n = 200_000;
    let naks = (0..n)
        .filter(|_| Toss::draw(&r, &mut rng).chip(&r).is_none())
        .count();
    let share = naks as f64 / n as f64;
    assert!((share - 0.1).abs() < 0.004, "{share}");
}
