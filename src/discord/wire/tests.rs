//! The view as Discord payloads: limits, menus, the link.

use super::*;
use yut_table::Button;

fn button(i: usize) -> Button {
    Button {
        label: "x".repeat(100),
        style: Style::Primary,
        custom_id: format!("yut:1:{i}:throw"),
        disabled: false,
    }
}

#[test]
fn content_keeps_the_countdown_within_the_limit() {
    let view = View {
        text: "가".repeat(2500),
        deadline_ms: Some(1_700_000_000_999),
        ..View::default()
    };
    let c = content(&view);
    assert_eq!(c.chars().count(), MAX_CONTENT);
    assert!(c.ends_with("\n⏳ <t:1700000000:R>"));
    let plain = View {
        text: "hi".into(),
        ..View::default()
    };
    assert_eq!(content(&plain), "hi");
}

#[test]
fn at_most_five_rows_of_five_with_short_labels() {
    let view = View {
        rows: (0..7)
            .map(|_| Row::Buttons((0..7).map(button).collect()))
            .collect(),
        ..View::default()
    };
    let rows = components(&view);
    assert_eq!(rows.len(), 5);
    let json = serde_json::to_value(&rows).unwrap();
    for r in json.as_array().unwrap() {
        let buttons = r["components"].as_array().unwrap();
        assert_eq!(buttons.len(), 5);
        for b in buttons {
            assert_eq!(b["label"].as_str().unwrap().chars().count(), 80);
        }
    }
}

#[test]
fn a_menu_is_a_string_select_alone_in_its_row() {
    let menu = Menu {
        custom_id: "yut:1:2:mode".into(),
        options: ["2", "3", "teams"]
            .iter()
            .map(|v| yut_table::view::MenuOption {
                label: format!("mode {v}"),
                value: v.to_string(),
                default: *v == "3",
            })
            .collect(),
        disabled: false,
    };
    let view = View {
        rows: vec![Row::Buttons(vec![button(1)]), Row::Menu(menu)],
        link: Some(yut_table::view::Link {
            label: "watch".into(),
            url: "https://example.org/g/1".into(),
        }),
        ..View::default()
    };
    let json = serde_json::to_value(components(&view)).unwrap();
    let rows = json.as_array().unwrap();
    // The link goes in the row of buttons with room, never in a menu's row.
    assert_eq!(rows.len(), 2);
    let select = &rows[1]["components"];
    assert_eq!(select.as_array().unwrap().len(), 1);
    assert_eq!(select[0]["type"], 3);
    assert_eq!(select[0]["custom_id"], "yut:1:2:mode");
    assert_eq!(
        (
            select[0]["min_values"].as_u64(),
            select[0]["max_values"].as_u64()
        ),
        (Some(1), Some(1))
    );
    let options = select[0]["options"].as_array().unwrap();
    let defaults: Vec<_> = options.iter().map(|o| o["default"] == true).collect();
    assert_eq!(defaults, [false, true, false]);
    assert_eq!(options[2]["value"], "teams");
    assert_eq!(rows[0]["components"][1]["url"], "https://example.org/g/1");
}
