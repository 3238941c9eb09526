//! What Cargo cannot refuse (docs/layout.md): the Discord edge speaks only to the service, so
//! no file of `src/discord` names a type or function of the store, and it builds no web server
//! (`src/bot.rs` composes the service, the edge and the web side by side).

fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_discord_edge_uses_no_store_type_and_serves_no_web() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 10, "{files:?}");
    let mut found = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if ["yut_store", "axum", "TcpListener", "Watch::new", "ops::Ops"]
                .iter()
                .any(|w| line.contains(w))
            {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the Discord edge reaches past the service:\n{}",
        found.join("\n")
    );
}
