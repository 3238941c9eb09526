//! A latency histogram with fixed buckets, counted without locks (for operators' metrics).

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Upper bounds of the buckets, in milliseconds (Prometheus' `le`); one more counts all.
pub const BUCKETS_MS: [u64; 11] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

#[derive(Debug, Default)]
pub struct Histogram {
    /// Observations at or below each bound (not cumulative here; summed when written).
    buckets: [AtomicU64; BUCKETS_MS.len()],
    count: AtomicU64,
    sum_us: AtomicU64,
}

impl Histogram {
    pub fn observe(&self, d: Duration) {
        let us = d.as_micros().min(u64::MAX as u128) as u64;
        if let Some(i) = BUCKETS_MS.iter().position(|&ms| us <= ms * 1000) {
            self.buckets[i].fetch_add(1, Relaxed);
        }
        self.count.fetch_add(1, Relaxed);
        self.sum_us.fetch_add(us, Relaxed);
    }

    pub fn count(&self) -> u64 {
        self.count.load(Relaxed)
    }

    /// Write it in Prometheus' text format, in seconds.
    pub fn write(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut seen = 0;
        for (b, ms) in self.buckets.iter().zip(BUCKETS_MS) {
            seen += b.load(Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{}\"}} {seen}", ms as f64 / 1000.0);
        }
        let count = self.count();
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let sum = self.sum_us.load(Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {count}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_cumulative_and_count_everything() {
        let h = Histogram::default();
        for ms in [0, 3, 3, 40, 9000] {
            h.observe(Duration::from_millis(ms));
        }
        let mut out = String::new();
        h.write(&mut out, "x", "help");
        assert!(out.contains("x_bucket{le=\"0.001\"} 1\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"0.005\"} 3\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"0.05\"} 4\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"2.5\"} 4\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"+Inf\"} 5\n"), "{out}");
        assert!(out.contains("x_count 5\n"), "{out}");
        assert!(out.contains("x_sum 9.046\n"), "{out}");
    }
}
