//! docs/rules.md carries the option table generated from `yut_game::OPTIONS`, and stands alone
//! in the repository.

use std::path::{Path, PathBuf};
use yut_game::options_markdown;

const RULES_MD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md");
const BEGIN: &str = "<!-- options:begin -->";
const END: &str = "<!-- options:end -->";

#[test]
fn the_option_table_in_docs_rules_md_is_generated() {
    let text = std::fs::read_to_string(RULES_MD).expect("docs/rules.md");
    let (_, rest) = text.split_once(BEGIN).expect("the begin marker");
    let (table, _) = rest.split_once(END).expect("the end marker");
    let expected = options_markdown();
    assert!(
        table.trim() == expected.trim(),
        "the option table of docs/rules.md is out of date; put this between {BEGIN} and \
         {END}:\n\n{expected}"
    );
}

#[test]
fn docs_rules_md_links_only_inside_the_repository() {
    let text = std::fs::read_to_string(RULES_MD).expect("docs/rules.md");
    let docs = Path::new(RULES_MD).parent().unwrap();
    let root = docs.join("..").canonicalize().unwrap();
    assert!(
        !text.contains("RULES.md"),
        "docs/rules.md names a file outside the repository"
    );
    for (_, rest) in text.match_indices("](").map(|(i, _)| text.split_at(i + 2)) {
        let target = &rest[..rest.find(')').expect("a closed link")];
        let file = target.split('#').next().unwrap();
        if file.is_empty() {
            continue;
        }
        let path: PathBuf = docs.join(file);
        let real = path
            .canonicalize()
            .unwrap_or_else(|_| panic!("{target}: no such file"));
        assert!(
            real.starts_with(&root),
            "{target} is outside the repository"
        );
    }
}
