//! A short, readable rules summary for each preset, and the house-rule options, in every
//! language of the text catalog (`rules-*`).

use yut_game::{Preset, Rules};
use yut_text::say;
use yut_text::Lang;

/// The summary of a preset in a language.
pub fn summary(preset: Preset, lang: Lang) -> String {
    let extra = match preset {
        Preset::Standard => "rules-standard",
        Preset::Boardgame => "rules-boardgame",
        Preset::Yunnori => "rules-yunnori",
        Preset::Nyout => "rules-nyout",
    };
    format!(
        "{}\n\n{}",
        say(lang, "rules-basics", &[]),
        say(lang, extra, &[])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_summary_fits_a_message() {
        for p in [
            Preset::Standard,
            Preset::Boardgame,
            Preset::Yunnori,
            Preset::Nyout,
        ] {
            for lang in [Lang::En, Lang::Ko, Lang::Es] {
                let s = summary(p, lang);
                assert!(s.chars().count() < 2000, "{p:?} {lang:?}");
            }
        }
    }
}

/// What each house-rule option does (its text in the catalog), in the order of
/// [`Rules::OPTION_NAMES`].
const OPTION_HELP: [(&str, &str); 22] = [
    ("flat_p", "rules-opt-flat-p"),
    ("backdo", "rules-opt-backdo"),
    ("seoul", "rules-opt-seoul"),
    ("busan", "rules-opt-busan"),
    ("nak_p", "rules-opt-nak-p"),
    ("finish", "rules-opt-finish"),
    ("diagonal_exit", "rules-opt-diagonal-exit"),
    ("center_pass", "rules-opt-center-pass"),
    ("jjimo_shortcut", "rules-opt-jjimo-shortcut"),
    ("shortcut", "rules-opt-shortcut"),
    ("backdo_from_first", "rules-opt-backdo-from-first"),
    ("backdo_no_piece", "rules-opt-backdo-no-piece"),
    ("backdo_path", "rules-opt-backdo-path"),
    ("throw_flow", "rules-opt-throw-flow"),
    ("capture_bonus", "rules-opt-capture-bonus"),
    ("bonus_throw_chains", "rules-opt-bonus-throw-chains"),
    ("backdo_capture_bonus", "rules-opt-backdo-capture-bonus"),
    ("yut_mo_capture_bonus", "rules-opt-yut-mo-capture-bonus"),
    ("stacking", "rules-opt-stacking"),
    ("pieces", "rules-opt-pieces"),
    ("first_player", "rules-opt-first-player"),
    ("first_to", "rules-opt-first-to"),
];

/// Every house-rule option with its values and this preset's setting, for `/yut new
/// house_rules:...`.
pub fn options(preset: Preset, lang: Lang) -> String {
    // The preset by its name in the reader's language, and by its word (what `/yut new` takes).
    let now = yut_table::view::preset_with_word(&preset.to_string(), lang);
    options_of(&Rules::preset(preset), &now, lang)
}

/// Every house-rule option with its values and its setting in `rules` (named `now`).
pub fn options_of(rules: &Rules, now: &str, lang: Lang) -> String {
    let mut out = say(lang, "rules-options-head", &[("preset", now.into())]) + "\n";
    for (name, key) in OPTION_HELP {
        let now = rules.get(name).map(|v| Rules::show(&v)).unwrap_or_default();
        let allowed = Rules::allowed(name).unwrap_or_default();
        let what = say(lang, key, &[]);
        // Names and values are what `house_rules:` takes: shown as code, in any language.
        out.push_str(&format!("`{name}` {what}: `{allowed}` (**`{now}`**)\n"));
    }
    out
}

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn the_option_list_covers_every_option_and_fits_a_message() {
        let names: Vec<&str> = OPTION_HELP.iter().map(|o| o.0).collect();
        assert_eq!(names, Rules::OPTION_NAMES);
        for p in [
            Preset::Standard,
            Preset::Boardgame,
            Preset::Yunnori,
            Preset::Nyout,
        ] {
            for lang in [Lang::En, Lang::Ko, Lang::Es] {
                let text = options(p, lang);
                assert!(
                    text.chars().count() <= 2000,
                    "{p:?} {lang:?}: {}",
                    text.len()
                );
                assert!(text.contains("`stacking`"));
            }
        }
        assert!(options(Preset::Yunnori, Lang::En).contains("(**`0.5`**)"));
    }
}
