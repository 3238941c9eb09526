//! A new game's settings, assembled from what `/yut new` asks for and the server's defaults
//! (`/yut settings`). House rules are validated here, once, for both commands.

use super::core::{Lang, Settings};
use yut_ai::Level;
use yut_game::{OptionValue, Preset, Rules, RulesError};
use yut_store::ServerDefaults;
use yut_text::say;

/// Pieces per side asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pieces {
    N(u8),
    Auto,
}

/// What a person asks for when opening a game; anything left out comes from the server's
/// defaults, then the bot's.
#[derive(Debug, Clone)]
pub struct GameRequest {
    pub preset: Option<Preset>,
    pub house_rules: Option<String>,
    pub pieces: Option<Pieces>,
    pub first_to: Option<u8>,
    pub teams: bool,
    pub seats: Option<u8>,
    pub turn_seconds: Option<u32>,
    pub lang: Lang,
    /// Bots to seat at once, and their level.
    pub bots: u8,
    pub level: Level,
    /// The bot's own defaults (its settings): seconds per action and the bots' pace.
    pub default_turn_seconds: u32,
    pub bot_delay_ms: u32,
    /// The channel may hold a thread for the game (a text channel, not a thread itself):
    /// with the server's `threads` setting on, the game moves to one when it starts.
    pub can_thread: bool,
}

impl GameRequest {
    /// `/yut new` without options: the server's defaults, no bots, in `lang`, with the bot's
    /// own seconds per action and bots' pace; never moved to a thread.
    pub fn plain(lang: Lang, default_turn_seconds: u32, bot_delay_ms: u32) -> GameRequest {
        GameRequest {
            preset: None,
            house_rules: None,
            pieces: None,
            first_to: None,
            teams: false,
            seats: None,
            turn_seconds: None,
            lang,
            bots: 0,
            level: Level::Normal,
            default_turn_seconds,
            bot_delay_ms,
            can_thread: false,
        }
    }
}

/// The rules of `base` with house rules on top: the one validation of house-rule text.
pub fn house_rules(base: Preset, text: &str) -> Result<Rules, RulesError> {
    let mut rules = Rules::preset(base);
    rules.apply_text(text)?;
    Ok(rules)
}

/// The settings of a new game: the preset asked for (else the server's, else standard), the
/// server's house rules then the ones asked for, pieces and match length on top.
pub fn settings(defaults: &ServerDefaults, r: &GameRequest) -> Result<Settings, RulesError> {
    let preset = r.preset.unwrap_or_else(|| {
        defaults
            .preset
            .as_deref()
            .and_then(Preset::from_word)
            .unwrap_or(Preset::Standard)
    });
    let mut rules = Rules::preset(preset);
    for text in [defaults.house_rules.as_deref(), r.house_rules.as_deref()]
        .into_iter()
        .flatten()
    {
        rules.apply_text(text)?;
    }
    if let Some(p) = r.pieces {
        let v = match p {
            Pieces::N(n) => OptionValue::Int(n as i64),
            Pieces::Auto => OptionValue::Word("auto".into()),
        };
        rules.set("pieces", &v)?;
    }
    if let Some(n) = r.first_to {
        rules.set("first_to", &OptionValue::Int(n as i64))?;
    }
    Ok(Settings {
        rules,
        preset: preset.to_string(),
        teams: r.teams,
        seats: if r.teams { 4 } else { r.seats.unwrap_or(2) },
        turn_seconds: r
            .turn_seconds
            .or(defaults.turn_seconds)
            .unwrap_or(r.default_turn_seconds),
        lang: r.lang,
        bot_delay_ms: r.bot_delay_ms,
    })
}

/// A house-rule error in a language (option names and values stay as written; in English the
/// same words as the error's `Display`).
pub fn rules_error(e: &RulesError, lang: Lang) -> String {
    match e {
        RulesError::UnknownPreset(p) => {
            say(lang, "table-rules-unknown-preset", &[("preset", p.into())])
        }
        RulesError::UnknownOption(o) => {
            say(lang, "table-rules-unknown-option", &[("option", o.into())])
        }
        RulesError::BadValue {
            option,
            value,
            expected,
        } => say(
            lang,
            "table-rules-bad-value",
            &[
                ("option", option.into()),
                ("value", value.into()),
                ("expected", expected.into()),
            ],
        ),
        RulesError::NotAPair(t) => say(lang, "table-rules-not-a-pair", &[("text", t.into())]),
        RulesError::Several(all) => all
            .iter()
            .map(|e| rules_error(e, lang))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// Why house rules cannot open a game, in the asker's language.
pub fn house_rules_refusal(e: &RulesError, lang: Lang) -> String {
    say(
        lang,
        "table-house-rules-refusal",
        &[("why", rules_error(e, lang).into())],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> GameRequest {
        GameRequest::plain(Lang::En, 25, 1200)
    }

    #[test]
    fn what_is_asked_goes_over_the_servers_defaults() {
        let defaults = ServerDefaults {
            preset: Some("boardgame".into()),
            house_rules: Some("backdo=off".into()),
            turn_seconds: Some(40),
            seasons: None,
            threads: false,
            web: None,
            web_epoch: 0,
        };
        let s = settings(&defaults, &request()).unwrap();
        assert_eq!(s.preset, "boardgame");
        assert_eq!(s.turn_seconds, 40);
        assert_eq!(s.seats, 2);
        let mut r = request();
        r.preset = Some(Preset::Standard);
        r.turn_seconds = Some(60);
        r.teams = true;
        r.first_to = Some(3);
        let s = settings(&defaults, &r).unwrap();
        assert_eq!(s.preset, "standard");
        assert_eq!(s.turn_seconds, 60);
        assert_eq!(s.seats, 4);
        assert_eq!(s.rules.first_to, 3);
        // The server's house rules stay on top of the preset asked for.
        assert_ne!(s.rules, Rules::preset(Preset::Standard));
        let s = settings(&ServerDefaults::default(), &request()).unwrap();
        assert_eq!(s.turn_seconds, 25);
        assert_eq!(s.rules, Rules::preset(Preset::Standard));
    }

    #[test]
    fn bad_house_rules_are_refused_in_both_languages() {
        let mut r = request();
        r.house_rules = Some("backdo=maybe".into());
        let e = settings(&ServerDefaults::default(), &r).unwrap_err();
        assert!(house_rules_refusal(&e, Lang::En).contains("No game was opened"));
        assert!(house_rules_refusal(&e, Lang::Ko).contains("판은 열리지 않았어요"));
        assert!(house_rules(Preset::Standard, "nosuch=1").is_err());
        assert!(house_rules(Preset::Standard, "backdo=off").is_ok());
    }
}
