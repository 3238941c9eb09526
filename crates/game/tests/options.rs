//! The option table (`yut_game::OPTIONS`) agrees with the engine, and reading the options from
//! it changed nothing that help texts, error messages or house-rule completion show.

use yut_game::{OptionKind, OptionValue, Preset, Rules, OPTIONS};

/// The names and values of every option, as they were before the table: help texts, error
/// messages and house-rule completion depend on them.
#[test]
fn option_names_and_values_are_unchanged() {
    let expected = [
        ("flat_p", "0 < x < 1"),
        ("backdo", "on | off"),
        ("seoul", "on | off"),
        ("busan", "on | off"),
        ("nak_p", "0 ≤ x ≤ 0.9"),
        ("finish", "pass | exact | exact_cham | on_cham"),
        ("diagonal_exit", "via_cham | direct"),
        ("center_pass", "straight | to_home"),
        ("jjimo_shortcut", "on | off"),
        ("shortcut", "forced | choose"),
        ("backdo_from_first", "to_cham | off_board"),
        ("backdo_no_piece", "discard | as_do | enter_back | to_cham"),
        ("backdo_path", "route | choose"),
        ("throw_flow", "pool | each"),
        ("capture_bonus", "after_pool | immediate | off"),
        ("bonus_throw_chains", "on | off"),
        ("backdo_capture_bonus", "on | off"),
        ("yut_mo_capture_bonus", "on | off"),
        ("stacking", "on | off | choose"),
        ("pieces", "2 | 3 | 4 | auto"),
        ("first_player", "random | throw_off | seat_order"),
        ("first_to", "1 … 99"),
    ];
    let names: Vec<&str> = expected.iter().map(|e| e.0).collect();
    assert_eq!(Rules::OPTION_NAMES, names);
    let table: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
    assert_eq!(table, names);
    for (name, values) in expected {
        assert_eq!(Rules::allowed(name).as_deref(), Some(values), "{name}");
    }
    assert_eq!(Rules::allowed("colour"), None);
    assert_eq!(
        Rules::preset_named("chess").unwrap_err().to_string(),
        "unknown preset \"chess\" (expected one of: standard, boardgame, yunnori, nyout)"
    );
}

#[test]
fn every_option_takes_its_values_and_its_default_is_standard() {
    let standard = Rules::preset(Preset::Standard);
    for o in OPTIONS {
        assert_eq!(standard.get(o.name), Some(o.default.into()), "{}", o.name);
        assert_eq!(o.value_in(&standard), o.default, "{}", o.name);
        for text in o.suggestions() {
            let value = match o.kind {
                OptionKind::Switch => OptionValue::Bool(text == "on"),
                OptionKind::Words(_) => OptionValue::Word(text.clone()),
                OptionKind::Real { .. } => OptionValue::Float(text.parse().unwrap()),
                OptionKind::Whole { .. } => text
                    .parse()
                    .map(OptionValue::Int)
                    .unwrap_or(OptionValue::Word(text.clone())),
            };
            let mut r = Rules::default();
            r.set(o.name, &value)
                .unwrap_or_else(|e| panic!("{}={text}: {e}", o.name));
            assert_eq!(Rules::show(&r.get(o.name).unwrap()), text, "{}", o.name);
            let mut t = Rules::default();
            t.apply_text(&format!("{}={text}", o.name)).unwrap();
            assert_eq!(t, r, "{}={text}", o.name);
        }
        assert!(
            !o.meaning.is_empty() && !o.meaning.contains('\n'),
            "{}",
            o.name
        );
    }
}
