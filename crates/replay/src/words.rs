//! Every word the replay, the chart and the review show, per language: the catalog's
//! `replay-*` texts (`assets/locales/*/standings.ftl`), gathered once per language into a
//! `Words` (a new language is one more catalog).

use std::sync::OnceLock;
use yut_text::Lang;

pub struct Words {
    pub chart_title: &'static str,
    pub chance_axis: &'static str,
    pub actions_axis: &'static str,
    pub turning_point: &'static str,
    pub mistake: &'static str,
    pub capture: &'static str,
    pub stack: &'static str,
    pub backdo: &'static str,
    pub review_title: &'static str,
    pub nothing_to_review: &'static str,
    pub not_playing: &'static str,
    pub played: &'static str,
    pub master: &'static str,
    pub lost: &'static str,
    pub action: &'static str,
    pub points: &'static str,
    pub thinned: &'static str,
}

impl Words {
    /// The words of one catalog language. Built once per language and kept for the life of
    /// the process (three small tables), so the words can stay `&'static str`.
    fn of(code: &str) -> Words {
        let w = |key: &str| -> &'static str {
            Box::leak(yut_text::say_in(code, key, &[]).into_boxed_str())
        };
        Words {
            chart_title: w("replay-chart-title"),
            chance_axis: w("replay-chance-axis"),
            actions_axis: w("replay-actions-axis"),
            turning_point: w("replay-turning-point"),
            mistake: w("replay-decisive-mistake"),
            capture: w("replay-capture"),
            stack: w("replay-stack"),
            backdo: w("replay-backdo"),
            review_title: w("replay-review-title"),
            nothing_to_review: w("replay-nothing-to-review"),
            not_playing: w("replay-not-playing"),
            played: w("replay-played"),
            master: w("replay-master"),
            lost: w("replay-lost"),
            action: w("replay-action"),
            points: w("replay-points"),
            thinned: w("replay-thinned"),
        }
    }
}

pub fn words(lang: Lang) -> &'static Words {
    static WORDS: OnceLock<Vec<Words>> = OnceLock::new();
    let all = WORDS.get_or_init(|| yut_text::LANGS.iter().map(|code| Words::of(code)).collect());
    let code = yut_text::code(lang);
    let at = yut_text::LANGS.iter().position(|c| *c == code).unwrap_or(0);
    &all[at]
}
