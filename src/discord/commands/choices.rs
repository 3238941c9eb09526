//! The choices of the commands' options (mode, preset, pieces, level, family, season). A
//! variant's `#[name = ...]` is its id in the catalog: `reg-choice-{id}` its label
//! (`localize`); Discord sends back the choice's index.

use super::*;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Mode {
    #[name = "mode-solo"]
    #[name_localized("ko", "개인전")]
    #[name_localized("es-ES", "Todos contra todos")]
    #[name_localized("es-419", "Todos contra todos")]
    Solo,
    #[name = "mode-teams"]
    #[name_localized("ko", "2대2 팀전")]
    #[name_localized("es-ES", "Equipos 2 contra 2")]
    #[name_localized("es-419", "Equipos 2 contra 2")]
    Teams,
}

/// A rated mode family.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FamilyChoice {
    #[name = "family-1v1"]
    #[name_localized("ko", "1대1")]
    #[name_localized("es-ES", "1 contra 1")]
    #[name_localized("es-419", "1 contra 1")]
    OneVsOne,
    #[name = "family-teams"]
    #[name_localized("ko", "2대2 팀전")]
    #[name_localized("es-ES", "Equipos 2 contra 2")]
    #[name_localized("es-419", "Equipos 2 contra 2")]
    Teams,
    #[name = "family-ffa"]
    #[name_localized("ko", "개인전 (3~4명)")]
    #[name_localized("es-ES", "Todos contra todos (3-4 jugadores)")]
    #[name_localized("es-419", "Todos contra todos (3-4 jugadores)")]
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
    #[name_localized("ko", "한 달마다")]
    #[name_localized("es-ES", "Mensual")]
    #[name_localized("es-419", "Mensual")]
    Monthly,
    #[name = "season-quarterly"]
    #[name_localized("ko", "석 달마다")]
    #[name_localized("es-ES", "Trimestral")]
    #[name_localized("es-419", "Trimestral")]
    Quarterly,
    #[name = "season-off"]
    #[name_localized("ko", "끄기 (시즌 없음)")]
    #[name_localized("es-ES", "Desactivadas (una sola temporada)")]
    #[name_localized("es-419", "Desactivadas (una sola temporada)")]
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

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PresetChoice {
    #[name = "preset-standard"]
    #[name_localized("ko", "기본")]
    #[name_localized("es-ES", "Estándar")]
    #[name_localized("es-419", "Estándar")]
    Standard,
    #[name = "preset-boardgame"]
    #[name_localized("ko", "보드게임")]
    #[name_localized("es-ES", "Juego de mesa")]
    #[name_localized("es-419", "Juego de mesa")]
    Boardgame,
    #[name = "preset-yunnori"]
    #[name_localized("ko", "윷놀이")]
    #[name_localized("es-ES", "Yunnori")]
    #[name_localized("es-419", "Yunnori")]
    Yunnori,
    #[name = "preset-nyout"]
    #[name_localized("ko", "옛 규칙")]
    #[name_localized("es-ES", "Nyout (reglas antiguas)")]
    #[name_localized("es-419", "Nyout (reglas antiguas)")]
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
    #[name_localized("ko", "말 2개")]
    #[name_localized("es-ES", "2 fichas")]
    #[name_localized("es-419", "2 fichas")]
    Two,
    #[name = "pieces-3"]
    #[name_localized("ko", "말 3개")]
    #[name_localized("es-ES", "3 fichas")]
    #[name_localized("es-419", "3 fichas")]
    Three,
    #[name = "pieces-4"]
    #[name_localized("ko", "말 4개")]
    #[name_localized("es-ES", "4 fichas")]
    #[name_localized("es-419", "4 fichas")]
    Four,
    #[name = "pieces-auto"]
    #[name_localized("ko", "편 수에 따라")]
    #[name_localized("es-ES", "Según el número de bandos")]
    #[name_localized("es-419", "Según el número de bandos")]
    Auto,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "level-easy"]
    #[name_localized("ko", "쉬움")]
    #[name_localized("es-ES", "Fácil")]
    #[name_localized("es-419", "Fácil")]
    Easy,
    #[name = "level-normal"]
    #[name_localized("ko", "보통")]
    #[name_localized("es-ES", "Normal")]
    #[name_localized("es-419", "Normal")]
    Normal,
    #[name = "level-master"]
    #[name_localized("ko", "어려움")]
    #[name_localized("es-ES", "Maestro")]
    #[name_localized("es-419", "Maestro")]
    Master,
}

/// Suggestions while house rules are typed.
pub(crate) async fn complete_house_rules(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    Rules::complete_text(partial)
}
