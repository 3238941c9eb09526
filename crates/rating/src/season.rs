//! Seasons: a server's ratings start afresh (softly, [`super::soft_reset`]) every month or
//! quarter, or never. A season is named from the clock alone ([`SeasonLength::season_at`]),
//! so the store finds the season of a result or of a leaderboard from the time it is given:
//! nothing has to run at the boundary, and a bot that was down across it rolls over at the
//! first game or lookup after it.

use std::fmt;
use std::str::FromStr;

/// How long a server's seasons last (`/yut settings seasons:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SeasonLength {
    Monthly,
    Quarterly,
    /// One season for ever (the default).
    #[default]
    Off,
}

/// The one season of a server whose seasons are off.
pub const ALL_TIME: &str = "all";

impl SeasonLength {
    pub const ALL: [SeasonLength; 3] = [
        SeasonLength::Monthly,
        SeasonLength::Quarterly,
        SeasonLength::Off,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SeasonLength::Monthly => "monthly",
            SeasonLength::Quarterly => "quarterly",
            SeasonLength::Off => "off",
        }
    }

    /// The setting as stored (None: never set, the default Off).
    pub fn from_setting(s: Option<&str>) -> SeasonLength {
        s.and_then(|s| s.parse().ok()).unwrap_or_default()
    }

    /// The season a moment (ms since the Unix epoch, UTC) belongs to: `2026-12` (monthly),
    /// `2026-Q4` (quarterly) or `all` (off). Names of one length sort in time order.
    pub fn season_at(self, ms: i64) -> String {
        let (y, m, _) = civil_from_days(ms.div_euclid(86_400_000));
        match self {
            SeasonLength::Monthly => format!("{y:04}-{m:02}"),
            SeasonLength::Quarterly => format!("{y:04}-Q{}", (m - 1) / 3 + 1),
            SeasonLength::Off => ALL_TIME.to_string(),
        }
    }
}

impl fmt::Display for SeasonLength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SeasonLength {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SeasonLength::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown season length {s:?} (monthly, quarterly or off)"))
    }
}

/// Year, month (1-12) and day (1-31) of a day counted from 1970-01-01 (proleptic Gregorian;
/// Howard Hinnant's `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400_000;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        // 2000 was a leap year, 2100 will not be.
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn seasons_change_at_the_boundary_in_utc() {
        // 2026-12-01T00:00:00Z.
        let dec = 20_788 * DAY;
        assert_eq!(civil_from_days(20_788), (2026, 12, 1));
        assert_eq!(SeasonLength::Monthly.season_at(dec), "2026-12");
        assert_eq!(SeasonLength::Monthly.season_at(dec - 1), "2026-11");
        assert_eq!(SeasonLength::Quarterly.season_at(dec - 1), "2026-Q4");
        assert_eq!(SeasonLength::Quarterly.season_at(dec + 31 * DAY), "2027-Q1");
        assert_eq!(SeasonLength::Off.season_at(dec), "all");
    }

    #[test]
    fn settings_parse_and_default_to_off() {
        assert_eq!(SeasonLength::from_setting(None), SeasonLength::Off);
        assert_eq!(
            SeasonLength::from_setting(Some("Monthly")),
            SeasonLength::Monthly
        );
        assert_eq!(
            SeasonLength::from_setting(Some("weekly")),
            SeasonLength::Off
        );
        assert!("weekly".parse::<SeasonLength>().is_err());
    }
}
