//! The choices of the commands' options (mode, preset, pieces, level, family, season). A
//! variant's `#[name = ...]` is its id in the catalog: `reg-choice-{id}` its label
//! (`localize`); Discord sends back the choice's index.

use super::*;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Mode {
    #[name = "mode-solo"]
    Solo,
    #[name = "mode-teams"]
    Teams,
}

/// A rated mode family.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FamilyChoice {
    #[name = "family-1v1"]
    OneVsOne,
    #[name = "family-teams"]
    Teams,
    #[name = "family-ffa"]
    FreeForAll,
}

impl FamilyChoice {
    pub fn family(self) -> ModeFamily {
        match self {
            FamilyChoice::OneVsOne => ModeFamily::OneVsOne,
            FamilyChoice::Teams => ModeFamily::Teams,
            FamilyChoice::FreeForAll => ModeFamily::FreeForAll,
        }
    }
}

/// How long a season lasts.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SeasonChoice {
    #[name = "season-monthly"]
    Monthly,
    #[name = "season-quarterly"]
    Quarterly,
    #[name = "season-off"]
    Off,
}

impl SeasonChoice {
    pub fn length(self) -> SeasonLength {
        match self {
            SeasonChoice::Monthly => SeasonLength::Monthly,
            SeasonChoice::Quarterly => SeasonLength::Quarterly,
            SeasonChoice::Off => SeasonLength::Off,
        }
    }
}

/// What a server shows on the web.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WebChoice {
    #[name = "web-off"]
    Off,
    #[name = "web-links"]
    Links,
    #[name = "web-standings"]
    Standings,
}

impl WebChoice {
    /// The stored word (None: the default, links).
    pub fn setting(self) -> Option<String> {
        match self {
            WebChoice::Off => Some("off".into()),
            WebChoice::Links => None,
            WebChoice::Standings => Some("standings".into()),
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PresetChoice {
    #[name = "preset-standard"]
    Standard,
    #[name = "preset-boardgame"]
    Boardgame,
    #[name = "preset-yunnori"]
    Yunnori,
    #[name = "preset-nyout"]
    Nyout,
}

impl PresetChoice {
    pub fn preset(self) -> Preset {
        match self {
            PresetChoice::Standard => Preset::Standard,
            PresetChoice::Boardgame => Preset::Boardgame,
            PresetChoice::Yunnori => Preset::Yunnori,
            PresetChoice::Nyout => Preset::Nyout,
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PiecesChoice {
    #[name = "pieces-2"]
    Two,
    #[name = "pieces-3"]
    Three,
    #[name = "pieces-4"]
    Four,
    #[name = "pieces-auto"]
    Auto,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "level-easy"]
    Easy,
    #[name = "level-normal"]
    Normal,
    #[name = "level-master"]
    Master,
}

/// Suggestions while house rules are typed.
pub(crate) async fn complete_house_rules(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    Rules::complete_text(partial)
}

/// An event's format (`/yut event`).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum EventFormatChoice {
    #[name = "event-swiss"]
    Swiss,
    #[name = "event-single"]
    Single,
    #[name = "event-double"]
    Double,
    #[name = "event-robin"]
    RoundRobin,
    #[name = "event-tables"]
    Tables,
}

impl EventFormatChoice {
    pub fn format(self) -> yut_event::EventFormat {
        match self {
            EventFormatChoice::Swiss => yut_event::EventFormat::Swiss,
            EventFormatChoice::Single => yut_event::EventFormat::Single,
            EventFormatChoice::Double => yut_event::EventFormat::Double,
            EventFormatChoice::RoundRobin => yut_event::EventFormat::RoundRobin,
            EventFormatChoice::Tables => yut_event::EventFormat::Tables,
        }
    }
}
