//! Colours and layout: one traditional theme (hanji paper on dark wood, ink lines).

use super::canvas::Rgb;
use yut_game::board::POINT_INFO;
use yut_game::Point;

pub const WOOD: Rgb = Rgb::hex(0x5C3A21);
pub const WOOD_DARK: Rgb = Rgb::hex(0x3E2614);
pub const PAPER: Rgb = Rgb::hex(0xECD6A8);
pub const PAPER_EDGE: Rgb = Rgb::hex(0xD9BC84);
pub const INK: Rgb = Rgb::hex(0x2B1D14);
pub const INK_SOFT: Rgb = Rgb::hex(0x6E5440);
pub const POINT_FILL: Rgb = Rgb::hex(0xF8EEDA);
pub const CREAM: Rgb = Rgb::hex(0xFBF3E2);
pub const PANEL: Rgb = Rgb::hex(0xF3E6CB);
pub const WHITE: Rgb = Rgb::hex(0xFFFFFF);
/// Legal destinations of the selected chip; used for nothing else on the board.
pub const HIGHLIGHT: Rgb = Rgb::hex(0xFFC21A);
pub const CAPTURE: Rgb = Rgb::hex(0xC8102E);
pub const FINISH: Rgb = Rgb::hex(0x2E7D32);
/// A seat marked away: dark enough for white text on it (5.3 : 1).
pub const AWAY: Rgb = Rgb::hex(0x6B6B6B);
pub const STICK_FLAT: Rgb = Rgb::hex(0xF4E2BC);
pub const STICK_ROUND: Rgb = Rgb::hex(0xA0662F);

/// A pill's (or badge's) background and text colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PillStyle {
    pub bg: Rgb,
    pub fg: Rgb,
}

/// The seat to act.
pub const PILL_TURN: PillStyle = PillStyle {
    bg: HIGHLIGHT,
    fg: INK,
};
/// A seat marked away (also when it is to act: the bot plays for it).
pub const PILL_AWAY: PillStyle = PillStyle {
    bg: AWAY,
    fg: WHITE,
};
/// A bot's level.
pub const PILL_LEVEL: PillStyle = PillStyle {
    bg: PANEL,
    fg: INK_SOFT,
};
/// The winner's place once the game is over, and every other place.
pub const PILL_FIRST: PillStyle = PillStyle {
    bg: HIGHLIGHT,
    fg: INK,
};
pub const PILL_PLACE: PillStyle = PillStyle {
    bg: INK_SOFT,
    fg: CREAM,
};
/// The last move's marks: pieces captured, pieces home.
pub const PILL_CAPTURE: PillStyle = PillStyle {
    bg: CAPTURE,
    fg: WHITE,
};
pub const PILL_FINISH: PillStyle = PillStyle {
    bg: FINISH,
    fg: WHITE,
};
/// A legal destination's number.
pub const PILL_TAG: PillStyle = PillStyle {
    bg: HIGHLIGHT,
    fg: INK,
};
/// A stack's ×n.
pub const BADGE_STACK: PillStyle = PillStyle { bg: INK, fg: CREAM };

/// Every pill and badge style, named (for tests).
pub const PILL_STYLES: [(&str, PillStyle); 9] = [
    ("turn", PILL_TURN),
    ("away", PILL_AWAY),
    ("level", PILL_LEVEL),
    ("first", PILL_FIRST),
    ("place", PILL_PLACE),
    ("capture", PILL_CAPTURE),
    ("finish", PILL_FINISH),
    ("tag", PILL_TAG),
    ("stack", BADGE_STACK),
];

/// WCAG 2 relative luminance of a colour.
pub fn luminance(c: Rgb) -> f32 {
    let lin = |v: u8| {
        let v = v as f32 / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// WCAG 2 contrast ratio of two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Side colours (Okabe–Ito, distinguishable with colour-blindness), each with its own shape
/// and letter too.
pub const SIDE: [Rgb; 4] = [
    Rgb::hex(0xD55E00),
    Rgb::hex(0x0072B2),
    Rgb::hex(0x009E73),
    Rgb::hex(0xCC79A7),
];
pub const SIDE_LETTER: [&str; 4] = ["A", "B", "C", "D"];

pub fn side_dark(s: usize) -> Rgb {
    SIDE[s % 4].mix(INK, 0.45)
}

/// The picture: landscape, the board square at the left and a column of panels at the right,
/// so that Discord shows it large (a tall picture is shrunk to fit the chat's height).
pub const W: i32 = 840;
pub const H: i32 = 560;
/// The board square (its side), at the left of the picture.
pub const BOARD: i32 = 560;
/// The column at the right: the seats' panels, then the throw and the results held.
pub const COL_X: i32 = BOARD + 6;
pub const COL_W: i32 = W - COL_X - 8;
pub const PANEL_W: i32 = COL_W;
pub const PANEL_H: i32 = 80;
pub const PANEL_GAP: i32 = 6;
/// Board coordinates: the unit square maps to [P0, P0 + SPAN].
/// SPAN is a multiple of 30 so that every point (fifths and sixths) sits on a whole pixel;
/// the +0.5 in `point_xy` centres odd-width lines on pixels, which keeps them crisp.
pub const P0: f32 = 70.0;
pub const SPAN: f32 = 390.0;
pub const PAPER_INSET: f32 = 10.0;
pub const POINT_R: f32 = 11.0;
pub const STATION_R: f32 = 19.0;
pub const PIECE_R: f32 = 17.0;

/// The size of every text drawn, in pixels of the picture: the smallest text reads at 11 px
/// or more where Discord shows the picture smallest (see [`displayed_scale`]).
pub const TEXT: u16 = 29;
/// The results' Korean names, and the last throw's.
pub const TEXT_BIG: u16 = 40;

/// How much smaller than drawn Discord shows a picture of `w` x `h` pixels, at worst: in the
/// desktop chat an attachment fits a box of 550 x 350 px; on a phone it fits the message's
/// width, about 320 px on a 360-400 px screen (less the avatar's column and the margins).
/// Never enlarged.
pub fn displayed_scale(w: u32, h: u32) -> f32 {
    let (w, h) = (w as f32, h as f32);
    let desktop = (550.0 / w).min(350.0 / h);
    let phone = 320.0 / w;
    desktop.min(phone).min(1.0)
}

/// Top of the column's lower box (the throw and the pool), below the seats' panels.
pub fn footer_top(seats: u8) -> i32 {
    PANEL_GAP + seats as i32 * (PANEL_H + PANEL_GAP)
}

/// Canvas coordinates of a point.
pub fn point_xy(p: Point) -> (f32, f32) {
    point_in(p, P0, SPAN)
}

/// Coordinates of a point on a board whose unit square maps to [p0, p0 + span].
pub fn point_in(p: Point, p0: f32, span: f32) -> (f32, f32) {
    let info = &POINT_INFO[p as usize % POINT_INFO.len()];
    (
        (p0 + info.x * span).round() + 0.5,
        (p0 + info.y * span).round() + 0.5,
    )
}

/// Where "home" (pieces gone round) is drawn: beside 참먹이, outside the square.
pub fn home_xy() -> (f32, f32) {
    (P0 + SPAN + 46.5, P0 + SPAN + 46.5)
}

pub fn is_station(p: Point) -> bool {
    matches!(p, 0 | 5 | 10 | 15 | 22)
}

/// Top-left of seat `seat`'s panel.
pub fn panel_xy(seat: u8) -> (i32, i32) {
    (COL_X, PANEL_GAP + seat as i32 * (PANEL_H + PANEL_GAP))
}

/// Key colours and ramps for the palette.
pub fn palette_spec() -> (Vec<Rgb>, Vec<(Rgb, Rgb, u8)>) {
    let mut keys = vec![
        WOOD,
        WOOD_DARK,
        PAPER,
        PAPER_EDGE,
        INK,
        INK_SOFT,
        POINT_FILL,
        CREAM,
        PANEL,
        WHITE,
        HIGHLIGHT,
        CAPTURE,
        FINISH,
        AWAY,
        STICK_FLAT,
        STICK_ROUND,
    ];
    for (s, &c) in SIDE.iter().enumerate() {
        keys.push(c);
        keys.push(side_dark(s));
    }
    // Common emoji tones (faces, hearts, skies, leaves), for names with colour emoji.
    for c in [
        0xFFCA28, 0xF59E0B, 0xF4C7A1, 0xE53935, 0xF48FB1, 0x64B5F6, 0x7CB342, 0x9C6ADE, 0x8D6E63,
        0x9E9E9E, 0xEEEEEE, 0x424242,
    ] {
        keys.push(Rgb::hex(c));
    }
    let mut ramps = vec![];
    // Ink and text on every background.
    for bg in [PAPER, WOOD, PANEL, POINT_FILL, CREAM, HIGHLIGHT, WOOD_DARK] {
        ramps.push((INK, bg, 3));
    }
    for bg in [WOOD, WOOD_DARK, INK, CAPTURE, FINISH, INK_SOFT] {
        ramps.push((CREAM, bg, 3));
    }
    ramps.push((WOOD, WOOD_DARK, 2));
    ramps.push((PAPER, PAPER_EDGE, 2));
    ramps.push((PAPER, WOOD_DARK, 3));
    ramps.push((PAPER, POINT_FILL, 1));
    ramps.push((INK_SOFT, PAPER, 3));
    ramps.push((INK_SOFT, PANEL, 3));
    ramps.push((HIGHLIGHT, PAPER, 3));
    ramps.push((HIGHLIGHT, PANEL, 3));
    ramps.push((HIGHLIGHT, WOOD, 3));
    ramps.push((CAPTURE, PAPER, 3));
    ramps.push((FINISH, PAPER, 2));
    ramps.push((AWAY, PANEL, 2));
    ramps.push((WHITE, AWAY, 2));
    ramps.push((STICK_FLAT, STICK_ROUND, 3));
    ramps.push((STICK_ROUND, WOOD, 2));
    ramps.push((STICK_FLAT, WOOD, 2));
    for (s, &c) in SIDE.iter().enumerate() {
        ramps.push((c, PAPER, 4));
        ramps.push((c, WHITE, 3));
        ramps.push((c, side_dark(s), 2));
        ramps.push((side_dark(s), PAPER, 3));
        ramps.push((c, PANEL, 3));
        ramps.push((c, INK, 2));
    }
    (keys, ramps)
}
