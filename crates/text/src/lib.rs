//! One text catalog per language: Fluent files (`assets/locales/{en,ko,es}.ftl`), built into
//! the binary and parsed once. Code asks for a key with its variables; the catalog says it.
//! Every key is in every language and every key is used (`tests/it/catalog.rs`).
//!
//! Every user-facing text is here: the main file of each language (refusals, problems,
//! challenges, the fortune) and one part per area of the bot (`{code}/view.ftl` the game
//! message, `picture.ftl` the board picture, `standings.ftl` ratings and after-game texts,
//! `commands.ftl` commands, help, rules and table notices, `reach.ftl` turn reminders and
//! following, `events.ftl` community events, `event_page.ftl` an event's web page, `web.ftl` the browser's pages (served to them as a dictionary per language),
//! `registration.ftl` the slash
//! commands' names, descriptions, options and choices as Discord registers them).
//!
//! Korean particles that depend on the word before them (이/가, 을/를, 은/는, 과/와, (으)로) are
//! chosen in one place, [`korean`]: the catalogs call it as the function `JOSA`
//! (`{ $side }{ JOSA($side, "이/가") }`), code as [`josa`]. The honorific 님 after a person's
//! name is the code's (a bot's name has none), passed in as part of the variable.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

pub mod korean;
pub use korean::josa;

/// Language of a table's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    En,
    Ko,
    Es,
}

impl Lang {
    /// From a Discord locale such as "ko", "es-ES", "es-419" or "en-US".
    pub fn from_locale(locale: &str) -> Lang {
        if locale.starts_with("ko") {
            Lang::Ko
        } else if locale.starts_with("es") {
            Lang::Es
        } else {
            Lang::En
        }
    }
}

/// The catalog's languages, by code: English first (the fallback).
pub const LANGS: [&str; 3] = ["en", "ko", "es"];

/// Each language's catalog: its main file and one file per part of the bot.
macro_rules! catalog_of {
    ($code:literal) => {
        concat!(
            include_str!(concat!("../../../assets/locales/", $code, ".ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/view.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/picture.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/standings.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/commands.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/threads.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/reach.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/web.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $code, "/events.ftl")),
            "\n",
            include_str!(concat!(
                "../../../assets/locales/",
                $code,
                "/event_page.ftl"
            )),
            "\n",
            include_str!(concat!(
                "../../../assets/locales/",
                $code,
                "/registration.ftl"
            )),
        )
    };
}

const SOURCES: [&str; 3] = [catalog_of!("en"), catalog_of!("ko"), catalog_of!("es")];

struct Catalog {
    bundles: Vec<FluentBundle<FluentResource>>,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog {
        bundles: LANGS
            .iter()
            .zip(SOURCES)
            .map(|(code, src)| {
                let id = code.parse().expect("a language id");
                let mut b = FluentBundle::new_concurrent(vec![id]);
                // Discord shows the isolation marks Fluent puts around variables.
                b.set_use_isolating(false);
                let res = FluentResource::try_new(src.to_string())
                    .unwrap_or_else(|(_, e)| panic!("{code}.ftl does not parse: {e:?}"));
                b.add_resource(res)
                    .unwrap_or_else(|e| panic!("{code}.ftl: {e:?}"));
                b.add_function("JOSA", josa_function)
                    .expect("JOSA is the only function");
                b
            })
            .collect(),
    })
}

/// `JOSA(word, "이/가")` in a catalog: the Korean particle that fits after `word`
/// ([`josa`]); a number is read as its digits.
fn josa_function<'a>(args: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let word = match args.first() {
        Some(FluentValue::String(s)) => s.to_string(),
        Some(FluentValue::Number(n)) => n.as_string().into_owned(),
        _ => String::new(),
    };
    match args.get(1) {
        Some(FluentValue::String(pair)) => FluentValue::from(josa(&word, pair)),
        _ => FluentValue::Error,
    }
}

/// A variable of a text.
pub enum Arg {
    Str(String),
    Num(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}
impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Num(n as f64)
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(n as f64)
    }
}

/// The code of a table language in the catalog.
pub fn code(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Ko => "ko",
        Lang::Es => "es",
    }
}

/// The table language of a catalog code (English for an unknown one).
pub fn lang_of(code: &str) -> Lang {
    match code {
        "ko" => Lang::Ko,
        "es" => Lang::Es,
        _ => Lang::En,
    }
}

/// The text of `key` in the language `code` (English if that language lacks it; the key
/// itself if no language has it, which the catalog test rules out).
pub fn say_in(code: &str, key: &str, args: &[(&str, Arg)]) -> String {
    let c = catalog();
    let at = LANGS.iter().position(|l| *l == code).unwrap_or(0);
    let mut fa = FluentArgs::new();
    for (name, v) in args {
        match v {
            Arg::Str(s) => fa.set(*name, FluentValue::from(s.as_str())),
            Arg::Num(n) => fa.set(*name, FluentValue::from(*n)),
        }
    }
    for b in [&c.bundles[at], &c.bundles[0]] {
        if let Some(p) = b.get_message(key).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let s = b.format_pattern(p, Some(&fa), &mut errors);
            if !errors.is_empty() {
                tracing::warn!(key, code, ?errors, "a text's variables are missing");
            }
            return s.into_owned();
        }
    }
    tracing::warn!(key, code, "no such text in the catalog");
    key.to_string()
}

/// Does the language `code` itself have `key` (no fallback to English)?
pub fn has_key(code: &str, key: &str) -> bool {
    let at = LANGS.iter().position(|l| *l == code).unwrap_or(0);
    catalog().bundles[at].has_message(key)
}

/// [`say_in`] in a table language.
pub fn say(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    say_in(code(lang), key, args)
}

/// A text without variables, in a table language.
pub fn word(lang: Lang, key: &str) -> String {
    say(lang, key, &[])
}

/// Every key of a language's catalog, in file order.
pub fn keys(code: &str) -> Vec<String> {
    let at = LANGS.iter().position(|l| *l == code).unwrap_or(0);
    let res = FluentResource::try_new(SOURCES[at].to_string()).unwrap_or_else(|(r, _)| r);
    res.entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// The variables a key's text shows in a language: as placeables, in a plural's variants too,
/// and as a function's arguments (`JOSA($side, "이/가")`). Not a plural's selector alone: a
/// language without plurals (Korean) needs no count where English says "1 point", "2 points".
pub fn variables(code: &str, key: &str) -> Vec<String> {
    use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
    fn inline(e: &InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } => out.push(id.name.to_string()),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, out);
                }
                for a in &arguments.named {
                    inline(&a.value, out);
                }
            }
            InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    fn expr(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Inline(i) => inline(i, out),
            Expression::Select { variants, .. } => {
                for v in variants {
                    pattern(&v.value, out);
                }
            }
        }
    }
    fn pattern(p: &Pattern<&str>, out: &mut Vec<String>) {
        for el in &p.elements {
            if let PatternElement::Placeable { expression } = el {
                expr(expression, out);
            }
        }
    }
    let at = LANGS.iter().position(|l| *l == code).unwrap_or(0);
    let Some(p) = catalog().bundles[at]
        .get_message(key)
        .and_then(|m| m.value())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    pattern(p, &mut out);
    out.sort();
    out.dedup();
    out
}
