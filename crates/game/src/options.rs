//! One typed description of every house-rule option: its name as typed in `house_rules`, the
//! values it takes, its setting in `standard` and what it means. [`Rules::set`],
//! [`Rules::get`], [`Rules::OPTION_NAMES`] and [`Rules::allowed`] read this table, and the
//! option table of `docs/rules.md` is generated from it ([`options_markdown`]).

use crate::rules::{
    BackdoFromFirst, BackdoNoPiece, BackdoPath, CaptureBonus, CenterPass, DiagonalExit, Finish,
    FirstPlayer, OptionValue, Pieces, Preset, Rules, Shortcut, Stacking, ThrowFlow,
};
use std::fmt;
use OptionKind::{Real, Switch, Whole, Words};
use Setting::Word;

/// The values an option takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OptionKind {
    /// A switch: `on` or `off`.
    Switch,
    /// One word of a list.
    Words(&'static [&'static str]),
    /// A number from `min` to `max`; when `open`, the ends themselves are refused.
    Real { min: f64, max: f64, open: bool },
    /// A whole number from `min` to `max`, or the word `or` if there is one. Up to five
    /// numbers are listed one by one (`2 | 3 | 4 | auto`), and each may then be given as a
    /// word too; more are shown as a range (`1 … 99`).
    Whole {
        min: u8,
        max: u8,
        or: Option<&'static str>,
    },
}

/// A setting of an option, as the table writes it (a constant form of [`OptionValue`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Setting {
    Switch(bool),
    Word(&'static str),
    Real(f64),
    Whole(u8),
}

/// One house-rule option.
#[derive(Debug, Clone, Copy)]
pub struct OptionInfo {
    /// The name as typed in `house_rules` (and as the field of [`Rules`]).
    pub name: &'static str,
    pub kind: OptionKind,
    /// The setting in the `standard` preset.
    pub default: Setting,
    /// What the option does, in one line of plain English.
    pub meaning: &'static str,
    /// Values offered while house rules are typed, when not every value can be (numbers).
    pub suggest: &'static [&'static str],
    get: fn(&Rules) -> Setting,
    set: fn(&mut Rules, Setting) -> bool,
}

/// A field of [`Rules`] that an option sets.
trait Field: Sized {
    fn setting(&self) -> Setting;
    fn from_setting(s: Setting) -> Option<Self>;
}

impl Field for bool {
    fn setting(&self) -> Setting {
        Setting::Switch(*self)
    }
    fn from_setting(s: Setting) -> Option<Self> {
        match s {
            Setting::Switch(b) => Some(b),
            _ => None,
        }
    }
}

impl Field for f64 {
    fn setting(&self) -> Setting {
        Setting::Real(*self)
    }
    fn from_setting(s: Setting) -> Option<Self> {
        match s {
            Setting::Real(x) => Some(x),
            _ => None,
        }
    }
}

impl Field for u8 {
    fn setting(&self) -> Setting {
        Setting::Whole(*self)
    }
    fn from_setting(s: Setting) -> Option<Self> {
        match s {
            Setting::Whole(n) => Some(n),
            _ => None,
        }
    }
}

impl Field for Pieces {
    fn setting(&self) -> Setting {
        match self {
            Pieces::Fixed(n) => Setting::Whole(*n),
            Pieces::Auto => Setting::Word("auto"),
        }
    }
    fn from_setting(s: Setting) -> Option<Self> {
        match s {
            Setting::Whole(n) => Some(Pieces::Fixed(n)),
            Setting::Word("auto") => Some(Pieces::Auto),
            _ => None,
        }
    }
}

macro_rules! word_fields {
    ($($t:ty),+) => {$(
        impl Field for $t {
            fn setting(&self) -> Setting {
                Setting::Word(self.word())
            }
            fn from_setting(s: Setting) -> Option<Self> {
                match s {
                    Setting::Word(w) => <$t>::from_word(w),
                    _ => None,
                }
            }
        }
    )+};
}

word_fields!(
    Finish,
    DiagonalExit,
    CenterPass,
    Shortcut,
    BackdoFromFirst,
    BackdoNoPiece,
    BackdoPath,
    ThrowFlow,
    CaptureBonus,
    Stacking,
    FirstPlayer
);

/// One row of [`OPTIONS`]: the field of [`Rules`] named `$name` is the option `$name`.
macro_rules! option {
    ($name:ident, $kind:expr, $default:expr, $suggest:expr, $meaning:literal) => {
        OptionInfo {
            name: stringify!($name),
            kind: $kind,
            default: $default,
            meaning: $meaning,
            suggest: $suggest,
            get: |r| r.$name.setting(),
            set: |r, s| match Field::from_setting(s) {
                Some(v) => {
                    r.$name = v;
                    true
                }
                None => false,
            },
        }
    };
}

const ON: Setting = Setting::Switch(true);
const OFF: Setting = Setting::Switch(false);
const ALL: &[&str] = &[];

/// Every house-rule option, in the order help texts list them.
pub const OPTIONS: &[OptionInfo] = &[
    // A stick that is never flat (or always flat) would make every throw 모 (or 윷) and the
    // game would never end: flat_p stays strictly inside (0, 1).
    option!(flat_p, Real { min: 0.0, max: 1.0, open: true }, Setting::Real(0.6), &["0.5", "0.6"],
        "The chance that one stick lands flat side up; it sets the odds of every throw."),
    option!(backdo, Switch, ON, ALL,
        "A marked stick: when it alone lands flat, the throw is Back-Do (one step back), not Do."),
    option!(seoul, Switch, OFF, ALL,
        "A second marked stick: alone flat, it is a Do that may instead bring a new piece onto the centre."),
    option!(busan, Switch, OFF, ALL,
        "A third marked stick: alone flat, it is a Do that may instead bring a new piece onto the far corner (뒷모)."),
    option!(nak_p, Real { min: 0.0, max: 0.9, open: false }, Setting::Real(0.0), &["0.1", "0.2"],
        "The chance that a throw lands off the mat and counts for nothing."),
    option!(finish, Words(Finish::WORDS), Word("pass"), ALL,
        "How a piece leaves: by moving past the finish, by the exact count, never overshooting it, or on reaching it."),
    option!(diagonal_exit, Words(DiagonalExit::WORDS), Word("via_cham"), ALL,
        "Whether the diagonals come back through the finish corner or go home straight from 안찌."),
    option!(center_pass, Words(CenterPass::WORDS), Word("straight"), ALL,
        "Where a piece crossing the centre from 모 goes: straight on toward 찌모, or turning for home."),
    option!(jjimo_shortcut, Switch, OFF, ALL,
        "Makes the third corner (찌모) a station too, with its own diagonal through the centre."),
    option!(shortcut, Words(Shortcut::WORDS), Word("forced"), ALL,
        "Whether a piece that stops on a station must take the diagonal, or may choose either way."),
    option!(backdo_from_first, Words(BackdoFromFirst::WORDS), Word("to_cham"), ALL,
        "Where Back-Do takes a piece standing on 도: onto the finish corner, or off the board."),
    option!(backdo_no_piece, Words(BackdoNoPiece::WORDS), Word("discard"), ALL,
        "Back-Do with no piece of yours out: lost, or a new piece enters on 도, on 날윷 or on the finish."),
    option!(backdo_path, Words(BackdoPath::WORDS), Word("route"), ALL,
        "Where two points lead to a piece, whether Back-Do retraces its route or the player picks."),
    option!(throw_flow, Words(ThrowFlow::WORDS), Word("pool"), ALL,
        "Whether a turn's results are all thrown before moving, or each is moved as soon as thrown."),
    option!(capture_bonus, Words(CaptureBonus::WORDS), Word("after_pool"), ALL,
        "The extra throw a capture earns: after the held results are moved, at once, or none."),
    option!(bonus_throw_chains, Switch, ON, ALL,
        "Whether a 윷 or 모 thrown as a capture's bonus throw earns yet another throw."),
    option!(backdo_capture_bonus, Switch, ON, ALL,
        "Whether a capture made with a Back-Do earns a bonus throw."),
    option!(yut_mo_capture_bonus, Switch, ON, ALL,
        "Whether a capture made by moving a 윷 or a 모 earns a bonus throw."),
    option!(stacking, Words(Stacking::WORDS), Word("on"), ALL,
        "Landing on your own piece: the two always stack, never stack (they share the point), or you choose."),
    option!(pieces, Whole { min: 2, max: 4, or: Some("auto") }, Setting::Whole(4), ALL,
        "Pieces per side; auto gives 4 with two sides, 3 with three and 2 with four."),
    option!(first_player, Words(FirstPlayer::WORDS), Word("random"), ALL,
        "Who starts: a seat drawn at random, the winner of a throw-off, or the first seat."),
    option!(first_to, Whole { min: 1, max: 99, or: None }, Setting::Whole(1), &["3", "5"],
        "Games a side must win to take the match."),
];

/// The names of [`OPTIONS`], in order ([`Rules::OPTION_NAMES`]).
pub(crate) const NAMES: [&str; OPTIONS.len()] = {
    let mut names = [""; OPTIONS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = OPTIONS[i].name;
        i += 1;
    }
    names
};

impl OptionKind {
    /// Every value, or the range, in a notation every language reads: `on | off`, the words,
    /// `0 < x < 1`, `0 ≤ x ≤ 0.9`, `2 | 3 | 4 | auto`, `1 … 99` ([`Rules::allowed`]).
    pub fn values(&self) -> String {
        match *self {
            Switch => "on | off".into(),
            Words(words) => words.join(" | "),
            Real { min, max, open } => {
                let lt = if open { "<" } else { "≤" };
                format!("{min} {lt} x {lt} {max}")
            }
            Whole { min, max, or } => {
                let mut out: Vec<String> = if self.listed() {
                    (min..=max).map(|n| n.to_string()).collect()
                } else {
                    vec![format!("{min} … {max}")]
                };
                out.extend(or.map(str::to_string));
                out.join(" | ")
            }
        }
    }

    /// A whole number with few values: listed one by one.
    fn listed(&self) -> bool {
        matches!(self, Whole { min, max, .. } if max - min < 5)
    }

    /// The setting `v` gives, if this kind takes it.
    pub fn read(&self, v: &OptionValue) -> Option<Setting> {
        let number = match *v {
            OptionValue::Int(i) => Some(i as f64),
            OptionValue::Float(x) => Some(x),
            _ => None,
        };
        match (*self, v) {
            (Switch, OptionValue::Bool(b)) => Some(Setting::Switch(*b)),
            (Words(words), OptionValue::Word(w)) => {
                words.iter().copied().find(|x| x == w).map(Setting::Word)
            }
            (Real { min, max, open }, _) => {
                let x = number?;
                let inside = if open {
                    min < x && x < max
                } else {
                    min <= x && x <= max
                };
                (inside && x.is_finite()).then_some(Setting::Real(x))
            }
            (Whole { min, max, .. }, OptionValue::Int(n)) => u8::try_from(*n)
                .ok()
                .filter(|n| (min..=max).contains(n))
                .map(Setting::Whole),
            (Whole { min, max, or }, OptionValue::Word(w)) => match or {
                Some(or) if or == w => Some(Setting::Word(or)),
                _ if self.listed() => (min..=max)
                    .find(|n| n.to_string() == *w)
                    .map(Setting::Whole),
                _ => None,
            },
            _ => None,
        }
    }
}

impl OptionInfo {
    /// The option named `name`.
    pub fn named(name: &str) -> Option<&'static OptionInfo> {
        OPTIONS.iter().find(|o| o.name == name)
    }

    /// Its setting in `rules`.
    pub fn value_in(&self, rules: &Rules) -> Setting {
        (self.get)(rules)
    }

    /// Set it in `rules` to `v`; false (and `rules` unchanged) if it does not take `v`.
    pub(crate) fn put(&self, rules: &mut Rules, v: &OptionValue) -> bool {
        self.kind.read(v).is_some_and(|s| (self.set)(rules, s))
    }

    /// Values to offer while house rules are typed: [`OptionInfo::suggest`], or every value.
    pub fn suggestions(&self) -> Vec<String> {
        let values = self.kind.values();
        match self.suggest {
            [] => values.split(" | ").map(str::to_string).collect(),
            some => some.iter().map(|s| s.to_string()).collect(),
        }
    }
}

/// As house-rule text writes it: words bare, switches `on`/`off` ([`Rules::show`]).
impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Setting::Switch(b) => f.write_str(if *b { "on" } else { "off" }),
            Setting::Word(w) => f.write_str(w),
            Setting::Real(x) => write!(f, "{x}"),
            Setting::Whole(n) => write!(f, "{n}"),
        }
    }
}

impl From<Setting> for OptionValue {
    fn from(s: Setting) -> OptionValue {
        match s {
            Setting::Switch(b) => OptionValue::Bool(b),
            Setting::Word(w) => OptionValue::Word(w.to_string()),
            Setting::Real(x) => OptionValue::Float(x),
            Setting::Whole(n) => OptionValue::Int(n as i64),
        }
    }
}

/// The option table of `docs/rules.md`: each option, its values, its setting in `standard`,
/// and the setting of each other preset where it differs from `standard` (empty where not).
pub fn options_markdown() -> String {
    let others: Vec<(&str, Rules)> = Preset::WORDS
        .iter()
        .filter_map(|w| Preset::from_word(w).map(|p| (*w, p)))
        .filter(|(_, p)| *p != Preset::Standard)
        .map(|(w, p)| (w, Rules::preset(p)))
        .collect();
    let code = |s: &str| format!("`{s}`");
    let mut out = format!("| option | values | {} |", Preset::Standard);
    for (word, _) in &others {
        out += &format!(" {word} |");
    }
    out += " meaning |\n|---|---|---|";
    out += &"---|".repeat(others.len() + 1);
    out.push('\n');
    for o in OPTIONS {
        let values: Vec<String> = o.kind.values().split(" | ").map(code).collect();
        out += &format!(
            "| {} | {} | {} |",
            code(o.name),
            values.join(", "),
            code(&o.default.to_string())
        );
        for (_, rules) in &others {
            let v = o.value_in(rules);
            out += &if v == o.default {
                " |".to_string()
            } else {
                format!(" {} |", code(&v.to_string()))
            };
        }
        out += &format!(" {} |\n", o.meaning.replace('|', "\\|"));
    }
    out
}
