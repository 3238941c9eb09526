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

/// The modules of `src/discord` (each file or folder directly under it) and those each one
/// names: `super::x` from a file directly under it, `super::super::x` from a file one folder
/// down (and so on), `crate::discord::x` from anywhere. A folder's files are their module's
/// (`writer/rest.rs` is `writer`). `mod.rs`, the parent that declares and composes them all,
/// is left out: it is above every module by construction, not one of them.
fn discord_imports() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let module = |f: &std::path::Path| -> (String, usize) {
        let rel = f.strip_prefix(&root).unwrap();
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        // How many `super::` lead from this file to `discord`: one per folder, and one for
        // the file itself unless it is a folder's `mod.rs`.
        let depth = parts.len() - usize::from(parts.last().unwrap() == "mod.rs");
        (parts[0].trim_end_matches(".rs").to_string(), depth)
    };
    let mut graph = std::collections::BTreeMap::new();
    for f in &files {
        let (name, depth) = module(f);
        if depth > 0 {
            graph.insert(name, std::collections::BTreeSet::new());
        }
    }
    for f in &files {
        let (name, depth) = module(f);
        if depth == 0 {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let named = references(&text, depth);
        let modules: Vec<String> = named
            .into_iter()
            .filter(|n| *n != name && graph.contains_key(n))
            .collect();
        graph.get_mut(&name).unwrap().extend(modules);
    }
    graph
}

/// The names of `discord`'s items that a file `depth` modules below it refers to (comments
/// left out: a doc link is no import).
fn references(text: &str, depth: usize) -> Vec<String> {
    const SUPER: &str = "super::";
    const CRATE: &str = "crate::discord::";
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut i = 0;
        while i < line.len() {
            let rest = &line[i..];
            let after_ident = line[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
            if !after_ident && rest.starts_with(CRATE) {
                out.extend(first_segments(&rest[CRATE.len()..]));
                i += CRATE.len();
            } else if !after_ident && rest.starts_with(SUPER) {
                let mut run = 0;
                while line[i..].starts_with(SUPER) {
                    run += 1;
                    i += SUPER.len();
                }
                if run == depth {
                    out.extend(first_segments(&line[i..]));
                }
            } else {
                i += rest.chars().next().unwrap().len_utf8();
            }
        }
    }
    out
}

/// The first segment of the path at the start of `s`, or of each path of a `{...}` group.
fn first_segments(s: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = s.strip_prefix('{') else {
        return vec![ident(s)];
    };
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (k, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                out.push(ident(&group[start..k]));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(ident(&group[start..k]));
                start = k + 1;
            }
            _ => {}
        }
    }
    out.retain(|n| !n.is_empty());
    out
}

/// The groups of modules that import each other in a circle (strongly connected components
/// of more than one module; Tarjan's algorithm).
fn circles(
    graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        index: std::collections::HashMap<&'a str, usize>,
        low: std::collections::HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: std::collections::HashSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in &self.graph[v] {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    group.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.out.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: Default::default(),
        low: Default::default(),
        stack: Vec::new(),
        on_stack: Default::default(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn the_scan_reads_the_forms_an_import_takes() {
    let text = "use super::{send, wire::{Turn, ping_text}, Data};\n\
                use super::super::follow;\n\
                // [`super::hosted`] is a doc link, not an import.\n\
                let x = crate::discord::router::ANSWER_WITHIN + super::notify::X;\n";
    assert_eq!(
        references(text, 1),
        ["send", "wire", "Data", "router", "notify"]
    );
    assert_eq!(references(text, 2), ["follow", "router"]);
    let graph = circles(
        &[("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
            .iter()
            .fold(
                Default::default(),
                |mut g: std::collections::BTreeMap<_, _>, (v, w)| {
                    g.entry(v.to_string())
                        .or_insert_with(std::collections::BTreeSet::new)
                        .insert(w.to_string());
                    g.entry(w.to_string()).or_default();
                    g
                },
            ),
    );
    assert_eq!(graph, [["a", "b", "c"]]);
}

/// The Discord layer's modules import each other in one direction (issue 47): the payloads
/// at the bottom, the writer that schedules each channel's writes above them, the poster that
/// writes over the writer, hosted games and reminders that ask the poster, and what shows
/// boards over those; the commands and clicks at the top.
#[test]
fn the_discord_modules_import_each_other_in_no_circle() {
    let graph = discord_imports();
    let edges: usize = graph.values().map(|w| w.len()).sum();
    // The scan sees the modules and their imports (a scan that saw nothing would pass).
    assert!(graph.len() >= 8 && edges >= 10, "{graph:?}");
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "modules of src/discord that import each other in a circle: {found:?}\nimports: {graph:#?}"
    );
}
