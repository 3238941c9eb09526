use super::*;
use yut_rating::win_chances_with;

#[test]
fn a_mixed_person_plays_between_two_levels() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut count = |p: Persona| {
        let mut n = std::collections::HashMap::new();
        for _ in 0..4_000 {
            *n.entry(p.level_for(&mut rng)).or_insert(0u32) += 1;
        }
        n
    };
    assert_eq!(count(Persona::at(0.0))[&Level::Easy], 4_000);
    assert_eq!(count(Persona::at(2.0))[&Level::Master], 4_000);
    assert_eq!(count(Persona::pure(Level::Normal))[&Level::Normal], 4_000);
    // A quarter of the way from Normal to Master: a quarter of the moves as Master.
    let n = count(Persona::at(1.25));
    assert_eq!(n.len(), 2, "{n:?}");
    assert!((850..1_150).contains(&n[&Level::Master]), "{n:?}");
    assert_eq!(Persona::at(1.25).nearest(), Level::Normal);
    assert_eq!(Persona::at(0.75).nearest(), Level::Normal);
    assert_eq!(Persona::at(0.25).nearest(), Level::Easy);
    assert_eq!("mixes".parse(), Ok(Population::Mixes));
    assert_eq!("levels".parse(), Ok(Population::Levels));
    assert!("bots".parse::<Population>().is_err());
}

#[test]
fn a_mixed_run_reports_its_population() {
    let mut cfg = BenchConfig::new(ModeFamily::OneVsOne, 40, 2);
    cfg.population = Population::Mixes;
    cfg.threads = 2;
    let r = run(&cfg);
    assert_eq!(r.population, Population::Mixes);
    assert_eq!(r.people.iter().map(|p| p.1).sum::<usize>(), cfg.people);
    assert!(r.lines()[0].contains("people=mixes"), "{}", r.lines()[0]);
}

#[test]
fn seats_are_distinct_people_and_never_all_bots() {
    for family in ModeFamily::ALL {
        let cfg = BenchConfig::new(family, 0, 3);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..500 {
            let s = draw_seats(&cfg, &mut rng);
            let people: Vec<usize> = s
                .iter()
                .filter_map(|w| match w {
                    Who::Person(p) => Some(*p),
                    Who::Bot(_) => None,
                })
                .collect();
            assert!(!people.is_empty());
            let mut d = people.clone();
            d.sort_unstable();
            d.dedup();
            assert_eq!(d.len(), people.len());
            assert!(ModeFamily::of(s.len() as u8, family == ModeFamily::Teams) == Some(family));
        }
    }
}

/// Two sides of one person each, mu drawn from 0-50: chances spread over about 0.1-0.9.
fn two_people(rng: &mut ChaCha8Rng) -> Vec<Vec<Rating>> {
    (0..2)
        .map(|_| {
            vec![Rating {
                mu: rng.random_range(0.0..50.0),
                sigma: 2.0,
                games: 40,
            }]
        })
        .collect()
}

/// `n` tables of [`two_people`] (the first side ranked first).
fn spread_tables(n: usize, seed: u64) -> Vec<Record> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let sides = two_people(&mut rng);
            Record {
                sides,
                rank: vec![1, 2],
                settled: true,
                with_bot: false,
            }
        })
        .collect()
}

#[test]
fn the_noise_floor_shrinks_with_the_games() {
    // Right predictions still miss by chance: by several points over 1,000 games, by
    // well under one over 100,000 (a bucket's two standard errors fall as 1 / sqrt n).
    let params = Params::DEFAULT;
    let predict = |s: &[Vec<Rating>]| win_chances_with(&params, s);
    let chances = |n, seed| -> Vec<Vec<f64>> {
        spread_tables(n, seed)
            .iter()
            .map(|g| predict(&g.sides))
            .collect()
    };
    let few = floor(&chances(1_000, 1), 100);
    let many = floor(&chances(100_000, 2), 20);
    assert!(few.median > 1.5 && few.median < 10.0, "{few:?}");
    assert!(few.p90 >= few.median);
    assert!(few.within_target < 0.9, "{few:?}");
    assert!(many.median < 0.8, "{many:?}");
    assert!(many.p90 < few.median, "{many:?} vs {few:?}");
    assert_eq!(many.within_target, 1.0, "{many:?}");
}

#[test]
fn the_fit_recovers_a_known_temperature() {
    // Games whose outcomes are drawn from the raw model at T = 1.3: the fit finds 1.3.
    let params = Params::DEFAULT;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let records: Vec<Record> = (0..20_000)
        .map(|_| {
            let sides = two_people(&mut rng);
            let p = win_chances_tempered(&params, &sides, 1.3)[0];
            let rank = if rng.random_bool(p) {
                vec![1, 2]
            } else {
                vec![2, 1]
            };
            Record {
                sides,
                rank,
                settled: true,
                with_bot: false,
            }
        })
        .collect();
    let f = fit(&params, &records, &|s| win_chances_with(&params, s));
    assert!((f.temperature - 1.3).abs() < 0.06, "{}", f.temperature);
    assert_eq!(f.settled.1, records.len());
    assert!(f.log_loss_fitted <= f.log_loss_raw);
    assert!(
        f.gap_fitted < f.gap_raw,
        "{} vs {}",
        f.gap_fitted,
        f.gap_raw
    );
    assert!((argmin(|x| (x - 0.7) * (x - 0.7), 0.0, 2.0) - 0.7).abs() < 1e-5);
}

#[test]
fn pooled_runs_bucket_every_prediction_of_every_run() {
    let mut cfg = BenchConfig::new(ModeFamily::OneVsOne, 12, 5);
    cfg.people = 6;
    cfg.threads = 1;
    let (a, b) = (
        run(&cfg),
        run(&BenchConfig {
            seed: 6,
            ..cfg.clone()
        }),
    );
    let rows = |lines: &[String]| -> u32 {
        lines
            .iter()
            .filter(|l| l.starts_with("  0.") && l.as_bytes()[5] == b'-')
            .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u32>().unwrap())
            .sum()
    };
    let pooled = pooled_lines(&[a.clone(), b]);
    assert_eq!(rows(&pooled), 48, "{pooled:#?}");
    assert!(pooled
        .last()
        .unwrap()
        .starts_with("ratings: mode=1v1 games=12 runs=2 pooled_calibration_max_gap="));
    // One run pooled alone is that run's buckets.
    assert_eq!(
        rows(&pooled_lines(std::slice::from_ref(&a))),
        a.buckets.iter().map(|b| b.n).sum::<u32>()
    );
    assert!(pooled_lines(&[]).is_empty());
}

#[test]
fn a_pooled_gap_as_in_a_run_leaves_out_buckets_a_run_would_not_count() {
    let bucket = |n: u32, predicted: f64, wins: u32| Bucket {
        n,
        predicted_sum: predicted * n as f64,
        wins,
    };
    // 8 points off in a bucket of 150 predictions, 2 points in one of 900.
    let mut buckets = [Bucket::default(); 10];
    buckets[1] = bucket(150, 0.15, 35);
    buckets[4] = bucket(900, 0.45, 423);
    assert!((max_gap_of(&buckets) - (35.0 / 150.0 - 0.15) * 100.0).abs() < 1e-9);
    // Pooled over 3 runs, the first holds 50 a run: a run would not count it.
    assert!((max_gap_at_least(&buckets, 3 * MIN_BUCKET) - 2.0).abs() < 1e-9);
    assert_eq!(max_gap_at_least(&buckets, 1000), 0.0);
}

#[test]
fn a_short_run_is_deterministic() {
    let mut cfg = BenchConfig::new(ModeFamily::OneVsOne, 12, 5);
    cfg.people = 6;
    let (a, b) = (
        run(&cfg),
        run(&BenchConfig {
            threads: 1,
            ..cfg.clone()
        }),
    );
    assert_eq!(a.lines(), b.lines());
    assert_eq!(a.buckets.iter().map(|b| b.n).sum::<u32>(), 24);
}
