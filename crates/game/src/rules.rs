//! Rule options and presets (docs/rules.md, "Presets" and "House-rule options").

use crate::options::OptionInfo;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

macro_rules! word_option {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $word)] $variant),+
        }

        impl $name {
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            pub fn word(self) -> &'static str {
                match self { $($name::$variant => $word),+ }
            }

            pub fn from_word(s: &str) -> Option<Self> {
                match s { $($word => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}

word_option!(
    /// How a piece leaves the board.
    Finish { Pass = "pass", Exact = "exact", ExactCham = "exact_cham", OnCham = "on_cham" }
);
word_option!(
    /// Whether the diagonal routes go through the finish 참먹이.
    DiagonalExit { ViaCham = "via_cham", Direct = "direct" }
);
word_option!(
    /// What a piece passing 방 from 모 does.
    CenterPass { Straight = "straight", ToHome = "to_home" }
);
word_option!(
    /// Whether a piece on a station must take the diagonal.
    Shortcut { Forced = "forced", Choose = "choose" }
);
word_option!(
    /// Where a Back-Do from 도 goes.
    BackdoFromFirst { ToCham = "to_cham", OffBoard = "off_board" }
);
word_option!(
    /// A Back-Do with no own piece on the board.
    BackdoNoPiece { Discard = "discard", AsDo = "as_do", EnterBack = "enter_back", ToCham = "to_cham" }
);
word_option!(
    /// Which way a Back-Do goes where two points lead here.
    BackdoPath { Route = "route", Choose = "choose" }
);
word_option!(
    /// When results are spent.
    ThrowFlow { Pool = "pool", Each = "each" }
);
word_option!(
    /// The bonus throw of a capture.
    CaptureBonus { AfterPool = "after_pool", Immediate = "immediate", Off = "off" }
);
word_option!(
    /// Landing on your own piece.
    Stacking { On = "on", Off = "off", Choose = "choose" }
);
word_option!(
    /// Who starts a game.
    FirstPlayer { Random = "random", ThrowOff = "throw_off", SeatOrder = "seat_order" }
);
word_option!(
    /// The named rule sets.
    Preset { Standard = "standard", Boardgame = "boardgame", Yunnori = "yunnori", Nyout = "nyout" }
);

/// Pieces per side: a number or `auto` (4 with 2 sides, 3 with 3, 2 with 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pieces {
    Fixed(u8),
    Auto,
}

impl Serialize for Pieces {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Pieces::Fixed(n) => s.serialize_u8(*n),
            Pieces::Auto => s.serialize_str("auto"),
        }
    }
}

impl<'de> Deserialize<'de> for Pieces {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            N(u8),
            S(String),
        }
        match Raw::deserialize(d)? {
            Raw::N(n) if (2..=4).contains(&n) => Ok(Pieces::Fixed(n)),
            Raw::S(s) if s == "auto" => Ok(Pieces::Auto),
            _ => Err(serde::de::Error::custom(
                "pieces must be 2, 3, 4 or \"auto\"",
            )),
        }
    }
}

impl Pieces {
    /// Pieces per side for a game with `sides` sides.
    pub fn per_side(self, sides: u8) -> u8 {
        match self {
            Pieces::Fixed(n) => n,
            Pieces::Auto => match sides {
                0..=2 => 4,
                3 => 3,
                _ => 2,
            },
        }
    }
}

/// Every option of docs/rules.md. Build it from a preset, then override options one by one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub flat_p: f64,
    pub backdo: bool,
    pub seoul: bool,
    pub busan: bool,
    pub nak_p: f64,
    pub finish: Finish,
    pub diagonal_exit: DiagonalExit,
    pub center_pass: CenterPass,
    pub jjimo_shortcut: bool,
    pub shortcut: Shortcut,
    pub backdo_from_first: BackdoFromFirst,
    pub backdo_no_piece: BackdoNoPiece,
    pub backdo_path: BackdoPath,
    pub throw_flow: ThrowFlow,
    pub capture_bonus: CaptureBonus,
    pub bonus_throw_chains: bool,
    pub backdo_capture_bonus: bool,
    pub yut_mo_capture_bonus: bool,
    pub stacking: Stacking,
    pub pieces: Pieces,
    pub first_player: FirstPlayer,
    pub first_to: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::preset(Preset::Standard)
    }
}

/// A value given for an option, independent of the text format it came from.
#[derive(Debug, Clone, PartialEq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    Word(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Float(x) => write!(f, "{x}"),
            OptionValue::Word(w) => write!(f, "\"{w}\""),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum RulesError {
    #[error("unknown preset \"{0}\" (expected one of: {words})", words = Preset::WORDS.join(", "))]
    UnknownPreset(String),
    #[error("unknown option \"{0}\"")]
    UnknownOption(String),
    #[error("\"{0}\" is not name=value")]
    NotAPair(String),
    /// `expected` is written in a notation every language reads (`on | off`, `0 < x < 1`,
    /// `1 … 99`, or the option's words).
    #[error("option {option}: {value} is not allowed (expected {expected})")]
    BadValue {
        option: String,
        value: String,
        expected: String,
    },
    /// More than one pair was wrong: each, in the order written.
    #[error("{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
    Several(Vec<RulesError>),
}

impl Rules {
    /// The options of a named preset (docs/rules.md, "Presets").
    pub fn preset(preset: Preset) -> Rules {
        let standard = Rules {
            flat_p: 0.6,
            backdo: true,
            seoul: false,
            busan: false,
            nak_p: 0.0,
            finish: Finish::Pass,
            diagonal_exit: DiagonalExit::ViaCham,
            center_pass: CenterPass::Straight,
            jjimo_shortcut: false,
            shortcut: Shortcut::Forced,
            backdo_from_first: BackdoFromFirst::ToCham,
            backdo_no_piece: BackdoNoPiece::Discard,
            backdo_path: BackdoPath::Route,
            throw_flow: ThrowFlow::Pool,
            capture_bonus: CaptureBonus::AfterPool,
            bonus_throw_chains: true,
            backdo_capture_bonus: true,
            yut_mo_capture_bonus: true,
            stacking: Stacking::On,
            pieces: Pieces::Fixed(4),
            first_player: FirstPlayer::Random,
            first_to: 1,
        };
        match preset {
            Preset::Standard => standard,
            Preset::Boardgame => Rules {
                capture_bonus: CaptureBonus::Immediate,
                backdo_path: BackdoPath::Choose,
                first_player: FirstPlayer::ThrowOff,
                ..standard
            },
            Preset::Yunnori => Rules {
                flat_p: 0.5,
                backdo_from_first: BackdoFromFirst::OffBoard,
                backdo_no_piece: BackdoNoPiece::AsDo,
                center_pass: CenterPass::ToHome,
                jjimo_shortcut: true,
                diagonal_exit: DiagonalExit::Direct,
                capture_bonus: CaptureBonus::Immediate,
                ..standard
            },
            Preset::Nyout => Rules {
                backdo: false,
                pieces: Pieces::Auto,
                shortcut: Shortcut::Choose,
                stacking: Stacking::Choose,
                first_player: FirstPlayer::ThrowOff,
                backdo_no_piece: BackdoNoPiece::AsDo,
                ..standard
            },
        }
    }

    /// A preset's rules with house rules on top, as the command lines take them; the error
    /// says which of the two is wrong (`house rules: ...` for the second).
    pub fn from_command_line(preset: &str, house: Option<&str>) -> Result<Rules, String> {
        let mut rules = Rules::preset_named(preset).map_err(|e| e.to_string())?;
        rules
            .apply_text(house.unwrap_or(""))
            .map_err(|e| format!("house rules: {e}"))?;
        Ok(rules)
    }

    /// The preset named `name`.
    pub fn preset_named(name: &str) -> Result<Rules, RulesError> {
        Preset::from_word(name)
            .map(Rules::preset)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string()))
    }

    /// The names of every option, in the order of [`OPTIONS`](crate::options::OPTIONS).
    pub const OPTION_NAMES: &'static [&'static str] = &crate::options::NAMES;

    /// Override one option. The rules are unchanged on error.
    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesError> {
        let info = OptionInfo::named(option)
            .ok_or_else(|| RulesError::UnknownOption(option.to_string()))?;
        if info.put(self, value) {
            return Ok(());
        }
        Err(RulesError::BadValue {
            option: option.to_string(),
            value: value.to_string(),
            expected: info.kind.values(),
        })
    }

    /// The current value of an option (None for an unknown name).
    pub fn get(&self, option: &str) -> Option<OptionValue> {
        OptionInfo::named(option).map(|o| o.value_in(self).into())
    }

    /// Apply house rules written as text, `name=value` pairs separated by spaces, commas or
    /// semicolons (e.g. `backdo=off finish=exact`). Values: the option's words, `true`/`false`
    /// (also `on`/`off`, `yes`/`no`), or numbers. All or nothing: on error the rules are
    /// unchanged. Returns the options set, in order.
    /// Every wrong pair is reported (one error, or [`RulesError::Several`]); on error the
    /// rules are unchanged.
    pub fn apply_text(&mut self, text: &str) -> Result<Vec<&'static str>, RulesError> {
        let mut next = self.clone();
        let mut set = Vec::new();
        let mut errors = Vec::new();
        for pair in text
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|p| !p.is_empty())
        {
            match next.apply_pair(pair) {
                Ok(known) => set.push(known),
                Err(e) => errors.push(e),
            }
        }
        match errors.len() {
            0 => {
                *self = next;
                Ok(set)
            }
            1 => Err(errors.remove(0)),
            _ => Err(RulesError::Several(errors)),
        }
    }

    /// Apply one `name=value` pair.
    fn apply_pair(&mut self, pair: &str) -> Result<&'static str, RulesError> {
        let next = self;
        {
            let Some((name, value)) = pair.split_once(['=', ':']) else {
                return Err(RulesError::NotAPair(pair.to_string()));
            };
            let name = name.trim().to_ascii_lowercase().replace('-', "_");
            let value = value
                .trim()
                .trim_matches(['"', '\''])
                .to_ascii_lowercase()
                .replace('-', "_");
            let Some(known) = Rules::OPTION_NAMES.iter().find(|n| **n == name) else {
                return Err(RulesError::UnknownOption(name));
            };
            // The value as the option's own word first (`stacking=off` is a word), then as a
            // switch or a number.
            let word = OptionValue::Word(value.clone());
            let mut tries = vec![word.clone()];
            match value.as_str() {
                "true" | "on" | "yes" => tries.push(OptionValue::Bool(true)),
                "false" | "off" | "no" => tries.push(OptionValue::Bool(false)),
                _ => {}
            }
            if let Ok(i) = value.parse::<i64>() {
                tries.push(OptionValue::Int(i));
            }
            if let Ok(x) = value.parse::<f64>() {
                tries.push(OptionValue::Float(x));
            }
            // On failure the last reading's complaint is the most specific one.
            let mut error = None;
            let ok = tries.iter().any(|v| match next.set(known, v) {
                Ok(()) => true,
                Err(e) => {
                    error = Some(e);
                    false
                }
            });
            if !ok {
                return Err(error.unwrap_or(RulesError::UnknownOption(name)));
            }
            Ok(*known)
        }
    }

    /// The options whose values differ from `base`, as `name=value` (words bare, switches
    /// `on`/`off`), in the order of [`Rules::OPTION_NAMES`].
    pub fn differences(&self, base: &Rules) -> Vec<String> {
        Rules::OPTION_NAMES
            .iter()
            .filter_map(|n| {
                let (mine, theirs) = (self.get(n)?, base.get(n)?);
                (mine != theirs).then(|| format!("{n}={}", Rules::show(&mine)))
            })
            .collect()
    }

    /// A value as house-rule text accepts it: words bare, switches `on`/`off`.
    pub fn show(v: &OptionValue) -> String {
        match v {
            OptionValue::Word(w) => w.clone(),
            OptionValue::Bool(true) => "on".into(),
            OptionValue::Bool(false) => "off".into(),
            v => v.to_string(),
        }
    }

    /// Completions of house-rule text being typed (`/yut new house_rules:` autocomplete): the
    /// text with its last `name=value` pair completed, up to 25, each at most 100 characters
    /// (Discord's limits). Names already given are not offered again.
    pub fn complete_text(partial: &str) -> Vec<String> {
        let cut = partial
            .rfind(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .map_or(0, |i| i + 1);
        let (head, tail) = partial.split_at(cut);
        let tail = tail.to_ascii_lowercase();
        let used: Vec<&str> = head
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter_map(|p| p.split_once(['=', ':']).map(|(n, _)| n.trim()))
            .collect();
        let (name_part, value_part) = match tail.split_once(['=', ':']) {
            Some((n, v)) => (n, Some(v)),
            None => (tail.as_str(), None),
        };
        let mut out = Vec::new();
        for name in Rules::OPTION_NAMES {
            let fits = match value_part {
                Some(_) => *name == name_part,
                None => name.starts_with(name_part),
            };
            if !fits || used.contains(name) {
                continue;
            }
            for value in Rules::example_values(name) {
                if value_part.is_some_and(|v| !value.starts_with(v)) {
                    continue;
                }
                let full = format!("{head}{name}={value}");
                if full.chars().count() <= 100 && out.len() < 25 {
                    out.push(full);
                }
            }
        }
        out
    }

    /// Values to offer for an option: every word it takes, or a few numbers.
    fn example_values(option: &str) -> Vec<String> {
        OptionInfo::named(option)
            .map(OptionInfo::suggestions)
            .unwrap_or_default()
    }

    /// The values an option takes, for help texts.
    pub fn allowed(option: &str) -> Option<String> {
        OptionInfo::named(option).map(|o| o.kind.values())
    }

    /// A preset plus overrides, applied in order.
    pub fn with_overrides<'a>(
        preset: Preset,
        overrides: impl IntoIterator<Item = (&'a str, OptionValue)>,
    ) -> Result<Rules, RulesError> {
        let mut rules = Rules::preset(preset);
        for (k, v) in overrides {
            rules.set(k, &v)?;
        }
        Ok(rules)
    }

    pub fn direct_exit(&self) -> bool {
        self.diagonal_exit == DiagonalExit::Direct
    }

    pub fn to_home(&self) -> bool {
        self.center_pass == CenterPass::ToHome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_differ_as_specified() {
        let s = Rules::preset(Preset::Standard);
        let b = Rules::preset(Preset::Boardgame);
        assert_eq!(b.capture_bonus, CaptureBonus::Immediate);
        assert_eq!(b.backdo_path, BackdoPath::Choose);
        assert_eq!(b.first_player, FirstPlayer::ThrowOff);
        assert_eq!(
            Rules {
                capture_bonus: s.capture_bonus,
                backdo_path: s.backdo_path,
                first_player: s.first_player,
                ..b
            },
            s
        );
        let y = Rules::preset(Preset::Yunnori);
        assert_eq!(y.flat_p, 0.5);
        assert_eq!(y.diagonal_exit, DiagonalExit::Direct);
        let n = Rules::preset(Preset::Nyout);
        assert!(!n.backdo);
        assert_eq!(n.pieces.per_side(3), 3);
    }

    #[test]
    fn overrides_are_checked() {
        let mut r = Rules::default();
        r.set("stacking", &OptionValue::Word("off".into())).unwrap();
        assert_eq!(r.stacking, Stacking::Off);
        let before = r.clone();
        assert!(r
            .set("stacking", &OptionValue::Word("maybe".into()))
            .is_err());
        assert!(r.set("stacking", &OptionValue::Bool(true)).is_err());
        assert!(r.set("nonsense", &OptionValue::Bool(true)).is_err());
        assert!(r.set("flat_p", &OptionValue::Float(1.0)).is_err());
        assert!(r.set("pieces", &OptionValue::Int(5)).is_err());
        assert_eq!(r, before);
        r.set("pieces", &OptionValue::Word("auto".into())).unwrap();
        assert_eq!(r.pieces, Pieces::Auto);
    }

    #[test]
    fn serde_round_trip() {
        for p in [
            Preset::Standard,
            Preset::Boardgame,
            Preset::Yunnori,
            Preset::Nyout,
        ] {
            let r = Rules::preset(p);
            let j = serde_json::to_string(&r).unwrap();
            let back: Rules = serde_json::from_str(&j).unwrap();
            assert_eq!(back, r);
        }
    }
}
