//! The 말판: 29 points with fixed ids, and the routes a piece can follow.

use serde::{Deserialize, Serialize};

/// A point id, 0..=28, as in docs/rules.md.
pub type Point = u8;

/// Number of points on the board.
pub const POINTS: usize = 29;

/// 참먹이: start and finish.
pub const CHAM: Point = 0;
/// 모, the first corner.
pub const MO: Point = 5;
/// 뒷모, the second corner.
pub const DWITMO: Point = 10;
/// 찌모, the third corner.
pub const JJIMO: Point = 15;
/// 날윷, one step before the finish on the outer square.
pub const NAL_YUT: Point = 19;
/// 방, the centre.
pub const BANG: Point = 22;
/// 속윷, on the 모 diagonal past the centre.
pub const SOK_YUT: Point = 23;

/// Static facts about one point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointInfo {
    pub id: Point,
    pub korean: &'static str,
    pub roman: &'static str,
    /// Screen coordinates on a unit square, y down.
    pub x: f32,
    pub y: f32,
}

const fn p(id: Point, korean: &'static str, roman: &'static str, x: f32, y: f32) -> PointInfo {
    PointInfo {
        id,
        korean,
        roman,
        x,
        y,
    }
}

/// The 29 points, indexed by id.
pub const POINT_INFO: [PointInfo; POINTS] = [
    p(0, "참먹이", "cham", 1.0, 1.0),
    p(1, "도", "do", 1.0, 0.8),
    p(2, "개", "gae", 1.0, 0.6),
    p(3, "걸", "geol", 1.0, 0.4),
    p(4, "윷", "yut", 1.0, 0.2),
    p(5, "모", "mo", 1.0, 0.0),
    p(6, "뒷도", "dwit-do", 0.8, 0.0),
    p(7, "뒷개", "dwit-gae", 0.6, 0.0),
    p(8, "뒷걸", "dwit-geol", 0.4, 0.0),
    p(9, "뒷윷", "dwit-yut", 0.2, 0.0),
    p(10, "뒷모", "dwitmo", 0.0, 0.0),
    p(11, "찌도", "jji-do", 0.0, 0.2),
    p(12, "찌개", "jji-gae", 0.0, 0.4),
    p(13, "찌걸", "jji-geol", 0.0, 0.6),
    p(14, "찌윷", "jji-yut", 0.0, 0.8),
    p(15, "찌모", "jjimo", 0.0, 1.0),
    p(16, "날도", "nal-do", 0.2, 1.0),
    p(17, "날개", "nal-gae", 0.4, 1.0),
    p(18, "날걸", "nal-geol", 0.6, 1.0),
    p(19, "날윷", "nal-yut", 0.8, 1.0),
    p(20, "모도", "mo-do", 5.0 / 6.0, 1.0 / 6.0),
    p(21, "모개", "mo-gae", 4.0 / 6.0, 2.0 / 6.0),
    p(22, "방", "bang", 0.5, 0.5),
    p(23, "속윷", "sok-yut", 2.0 / 6.0, 4.0 / 6.0),
    p(24, "속모", "sok-mo", 1.0 / 6.0, 5.0 / 6.0),
    p(25, "뒷모도", "dwitmo-do", 1.0 / 6.0, 1.0 / 6.0),
    p(26, "뒷모개", "dwitmo-gae", 2.0 / 6.0, 2.0 / 6.0),
    p(27, "사려", "saryeo", 4.0 / 6.0, 4.0 / 6.0),
    p(28, "안찌", "anjji", 5.0 / 6.0, 5.0 / 6.0),
];

/// Facts about a point id (panics on an id over 28, which no route produces).
pub fn point(id: Point) -> &'static PointInfo {
    &POINT_INFO[id as usize]
}

/// The routes of docs/rules.md. A piece on the board is `(route, index)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    Outer,
    MoStraight,
    MoHome,
    Dwitmo,
    Jjimo,
    DwitmoJjimo,
}

impl Route {
    pub const ALL: [Route; 6] = [
        Route::Outer,
        Route::MoStraight,
        Route::Dwitmo,
        Route::Jjimo,
        Route::MoHome,
        Route::DwitmoJjimo,
    ];

    /// The points of the route by index, with the finish 참먹이 (or 안찌 under `direct`) last.
    /// This is the `via_cham` table; see [`Route::len`] for `direct`.
    pub fn table(self) -> &'static [Point] {
        match self {
            Route::Outer => &[
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0,
            ],
            Route::MoStraight => &[0, 1, 2, 3, 4, 5, 20, 21, 22, 23, 24, 15, 16, 17, 18, 19, 0],
            Route::MoHome => &[0, 1, 2, 3, 4, 5, 20, 21, 22, 27, 28, 0],
            Route::Dwitmo => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 26, 22, 27, 28, 0],
            Route::Jjimo => &[
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 24, 23, 22, 27, 28, 0,
            ],
            Route::DwitmoJjimo => &[
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 26, 22, 23, 24, 15, 16, 17, 18, 19, 0,
            ],
        }
    }

    /// Is this one of the diagonal-exit routes (ending 사려, 안찌, 참먹이)?
    pub fn exits_diagonally(self) -> bool {
        matches!(self, Route::MoHome | Route::Dwitmo | Route::Jjimo)
    }

    /// Number of board indices (0..len); index `len` is HOME. Under `direct` the diagonal
    /// routes drop the finish 참먹이, so the step after 안찌 is HOME.
    pub fn len(self, direct_exit: bool) -> u8 {
        let n = self.table().len() as u8;
        if direct_exit && self.exits_diagonally() {
            n - 1
        } else {
            n
        }
    }

    /// The point at `index` (which must be below `len`).
    pub fn at(self, index: u8) -> Point {
        self.table()[index as usize]
    }

    /// The route this one branched from and the index of the station where it did.
    pub fn parent(self, to_home: bool) -> Option<(Route, u8)> {
        match self {
            Route::Outer => None,
            Route::MoStraight => Some((Route::Outer, 5)),
            Route::MoHome if to_home => Some((Route::Outer, 5)),
            Route::MoHome => Some((Route::MoStraight, 8)),
            Route::Dwitmo => Some((Route::Outer, 10)),
            Route::Jjimo => Some((Route::Outer, 15)),
            Route::DwitmoJjimo => Some((Route::Dwitmo, 13)),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Route::Outer => "outer",
            Route::MoStraight => "mo_straight",
            Route::MoHome => "mo_home",
            Route::Dwitmo => "dwitmo",
            Route::Jjimo => "jjimo",
            Route::DwitmoJjimo => "dwitmo_jjimo",
        }
    }

    pub fn from_name(s: &str) -> Option<Route> {
        Route::ALL.into_iter().find(|r| r.name() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_match_positions() {
        for (i, p) in POINT_INFO.iter().enumerate() {
            assert_eq!(p.id as usize, i);
        }
    }

    #[test]
    fn route_lengths_to_stand_on_the_finish() {
        // seed 000's table: index of the finish 참먹이 on each route.
        assert_eq!(Route::MoHome.len(false) - 1, 11);
        assert_eq!(Route::MoStraight.len(false) - 1, 16);
        assert_eq!(Route::Dwitmo.len(false) - 1, 16);
        assert_eq!(Route::Outer.len(false) - 1, 20);
        // yunnori (direct exit): from 모 six steps home by the diagonal, 16 round the outside.
        assert_eq!(Route::MoHome.len(true) - 5, 6);
        assert_eq!(Route::Outer.len(true) - 5, 16);
        assert_eq!(Route::Dwitmo.len(true) - 10, 6);
        assert_eq!(Route::Outer.len(true) - 10, 11);
    }

    #[test]
    fn branches_share_their_prefix() {
        for r in Route::ALL {
            for to_home in [false, true] {
                if let Some((parent, at)) = r.parent(to_home) {
                    assert_eq!(&r.table()[..=at as usize], &parent.table()[..=at as usize]);
                }
            }
        }
    }
}
