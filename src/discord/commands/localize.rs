//! The slash commands' texts for Discord's registration, from the text catalog
//! (`assets/locales/{en,ko,es}/registration.ftl`, issue 28): translators edit Fluent, not Rust.
//! As poise's `fluent_localization` example does, [`localize`] walks the commands, their
//! subcommands, options and choices, and fills in the English description and choice labels
//! and the Korean and Spanish names, descriptions and labels.
//!
//! Keys (`reg-` and):
//! - a command: `reg-{name}` (its name) and `reg-{name}-desc` (its description). Every command
//!   name of the bot is its own, subcommands too: `reg-yut`, `reg-new`.
//! - an option: `reg-{command}-{option}` and `reg-{command}-{option}-desc`, `_` in the code's
//!   name as `-`: `reg-new-house-rules`.
//! - a context menu (a user command): `reg-menu-{name}`, its name as people see it (English:
//!   the code's `context_menu_command = "..."`).
//! - a choice: `reg-choice-{id}`, `id` being the `#[name = ...]` of its enum's variant
//!   (`mode-teams`); the one text serves every option that offers the list.
//!
//! The English names are the code's own (Discord sends them back, and poise reads the options by
//! the names compiled in): the English catalog repeats them, and [`localize_with`] reports any
//! that differs instead of renaming. A key a language lacks leaves that language out (and the
//! code's English text in place); `tests/it/catalog.rs` checks that there is none, and
//! `tests/it/registration.rs` that Discord gets the registration of its fixture.

use crate::discord::{Data, Error};
use std::collections::HashMap;

/// Discord's locales of the catalog's other languages (English is the default text).
const LOCALES: [(&str, &[&str]); 2] = [("ko", &["ko"]), ("es", &["es-ES", "es-419"])];

/// Fill in the commands' texts from the catalog; what does not fit is logged.
pub fn localize(commands: &mut [poise::Command<Data, Error>]) {
    let mut text = |code: &str, key: &str| {
        yut_text::has_key(code, key).then(|| yut_text::say_in(code, key, &[]))
    };
    for problem in localize_with(commands, &mut text) {
        tracing::warn!(%problem, "the slash commands' texts in the catalog");
    }
}

/// Make the commands a guild's (`DEV_GUILD_ID`): where a command may be installed
/// (`integration_types`) and used (`contexts`) is documented by Discord for global commands
/// only, so a guild's registration leaves both out (the global one keeps them). Only top-level
/// commands carry them.
pub fn for_guild(commands: &mut [poise::Command<Data, Error>]) {
    for c in commands {
        c.install_context = None;
        c.interaction_context = None;
    }
}

/// [`localize`] with `text(code, key)` for the catalog: the text of `key` in the language
/// `code`, if it has one. Returns what does not fit: keys English lacks, English names that are
/// not the code's.
pub fn localize_with(
    commands: &mut [poise::Command<Data, Error>],
    text: &mut dyn FnMut(&str, &str) -> Option<String>,
) -> Vec<String> {
    let mut problems = Vec::new();
    for c in commands {
        command(c, text, &mut problems);
    }
    problems
}

fn command(
    c: &mut poise::Command<Data, Error>,
    text: &mut dyn FnMut(&str, &str) -> Option<String>,
    problems: &mut Vec<String>,
) {
    if let Some(menu_name) = &c.context_menu_name {
        // A context menu's name is what people see (no description, no options):
        // `reg-menu-{name}`.
        let key = format!("reg-menu-{}", c.name.replace('_', "-"));
        name(&key, menu_name, &mut c.name_localizations, text, problems);
        return;
    }
    let key = format!("reg-{}", c.name);
    name(&key, &c.name, &mut c.name_localizations, text, problems);
    description(
        &format!("{key}-desc"),
        &mut c.description,
        &mut c.description_localizations,
        text,
        problems,
    );
    for p in &mut c.parameters {
        let key = format!("{key}-{}", p.name.replace('_', "-"));
        name(&key, &p.name, &mut p.name_localizations, text, problems);
        description(
            &format!("{key}-desc"),
            &mut p.description,
            &mut p.description_localizations,
            text,
            problems,
        );
        for choice in &mut p.choices {
            let key = format!("reg-choice-{}", choice.name);
            match text("en", &key) {
                Some(label) => choice.name = label,
                None => problems.push(format!("no English text {key}")),
            }
            others(&key, &mut choice.localizations, text);
        }
    }
    for sub in &mut c.subcommands {
        command(sub, text, problems);
    }
}

/// A name: the code's in English (the catalog's must be the same), the catalog's in the others.
fn name(
    key: &str,
    code_name: &str,
    localized: &mut HashMap<String, String>,
    text: &mut dyn FnMut(&str, &str) -> Option<String>,
    problems: &mut Vec<String>,
) {
    match text("en", key) {
        Some(en) if en == code_name => {}
        Some(en) => problems.push(format!(
            "{key} is {en:?} in English but the code's name is {code_name:?} (change the code)"
        )),
        None => problems.push(format!("no English text {key}")),
    }
    others(key, localized, text);
}

/// A description: English the default, the others localized.
fn description(
    key: &str,
    default: &mut Option<String>,
    localized: &mut HashMap<String, String>,
    text: &mut dyn FnMut(&str, &str) -> Option<String>,
    problems: &mut Vec<String>,
) {
    match text("en", key) {
        Some(en) => *default = Some(en),
        None => problems.push(format!("no English text {key}")),
    }
    others(key, localized, text);
}

/// The text of `key` in every language but English, under each of its Discord locales.
fn others(
    key: &str,
    localized: &mut HashMap<String, String>,
    text: &mut dyn FnMut(&str, &str) -> Option<String>,
) {
    for (code, locales) in LOCALES {
        if let Some(t) = text(code, key) {
            for locale in locales {
                localized.insert(locale.to_string(), t.clone());
            }
        }
    }
}
