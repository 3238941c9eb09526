//! Rule scenarios: one case per TOML file (format in tests/scenarios/README.md).

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use yut_game::{
    Chip, Dest, Game, Move, OptionValue, Origin, Placed, Position, Preset, Route, Rules,
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub preset: Option<String>,
    #[serde(default)]
    pub options: toml::Table,
    pub setup: Setup,
    #[serde(default)]
    pub steps: Vec<Step>,
    #[serde(default)]
    pub expect: Expect,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub seats: u8,
    #[serde(default)]
    pub teams: bool,
    #[serde(default)]
    pub turn: u8,
    #[serde(default)]
    pub pool: Vec<String>,
    #[serde(default)]
    pub pieces: Vec<PieceSpec>,
    #[serde(default)]
    pub home: BTreeMap<String, u8>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    pub side: u8,
    pub at: u8,
    #[serde(default)]
    pub route: Option<String>,
    #[serde(default = "one")]
    pub count: u8,
    #[serde(default)]
    pub finish: Option<bool>,
}

fn one() -> u8 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    #[serde(default)]
    pub chip: Option<String>,
    #[serde(default)]
    pub piece: Option<Origin>,
    #[serde(default)]
    pub to: Option<Dest>,
    #[serde(default)]
    pub stack: Option<bool>,
    #[serde(default)]
    pub throw: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    pub pieces: Option<Vec<PieceSpec>>,
    #[serde(default)]
    pub waiting: Option<Vec<u8>>,
    #[serde(default)]
    pub home: Option<Vec<u8>>,
    #[serde(default)]
    pub pool: Option<Vec<String>>,
    #[serde(default)]
    pub phase: Option<String>,
    #[serde(default)]
    pub turn: Option<u8>,
    #[serde(default)]
    pub winner: Option<u8>,
    #[serde(default)]
    pub legal: Option<Vec<LegalSpec>>,
    #[serde(default)]
    pub error: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalSpec {
    pub chip: String,
    pub piece: Origin,
    #[serde(default)]
    pub to: Option<Dest>,
    #[serde(default)]
    pub stack: Option<bool>,
}

fn chip(name: &str) -> Result<Chip, String> {
    Chip::from_name(name).ok_or_else(|| format!("unknown chip \"{name}\""))
}

fn option_value(v: &toml::Value) -> Result<OptionValue, String> {
    Ok(match v {
        toml::Value::Boolean(b) => OptionValue::Bool(*b),
        toml::Value::Integer(i) => OptionValue::Int(*i),
        toml::Value::Float(x) => OptionValue::Float(*x),
        toml::Value::String(s) => OptionValue::Word(s.clone()),
        other => return Err(format!("unsupported option value {other}")),
    })
}

impl Scenario {
    pub fn parse(text: &str) -> Result<Scenario, String> {
        toml::from_str(text).map_err(|e| format!("cannot parse: {}", e.message()))
    }

    /// The rules: the preset plus the overrides.
    pub fn rules(&self) -> Result<Rules, String> {
        let preset = match &self.preset {
            Some(p) => Preset::from_word(p).ok_or_else(|| format!("unknown preset \"{p}\""))?,
            None => Preset::Standard,
        };
        let mut rules = Rules::preset(preset);
        for (k, v) in &self.options {
            rules.set(k, &option_value(v)?).map_err(|e| e.to_string())?;
        }
        Ok(rules)
    }

    /// The starting game.
    pub fn start(&self) -> Result<Game, String> {
        let rules = self.rules()?;
        let s = &self.setup;
        let mut home = [0u8; 4];
        for (k, v) in &s.home {
            let side: usize = k
                .parse()
                .ok()
                .filter(|&n: &usize| n < 4)
                .ok_or_else(|| format!("setup.home: bad side \"{k}\""))?;
            home[side] = *v;
        }
        let mut pieces = Vec::new();
        for p in &s.pieces {
            let route = match &p.route {
                Some(r) => {
                    Some(Route::from_name(r).ok_or_else(|| format!("unknown route \"{r}\""))?)
                }
                None => None,
            };
            if p.finish == Some(true) && p.at != 0 {
                return Err(format!(
                    "finish = true at point {}: only 0 is the finish",
                    p.at
                ));
            }
            pieces.push(Placed {
                side: p.side,
                at: p.at,
                route,
                count: p.count,
            });
        }
        let pos = Position {
            seats: s.seats,
            teams: s.teams,
            turn: s.turn,
            pool: s.pool.iter().map(|c| chip(c)).collect::<Result<_, _>>()?,
            pieces,
            home,
        };
        Game::from_position(rules, &pos)
            .map(|(g, _)| g)
            .map_err(|e| format!("setup: {e}"))
    }

    /// Run the case: Ok, or a message saying what differed.
    pub fn run(&self) -> Result<(), String> {
        let mut game = self.start()?;
        let want_error = self.expect.error == Some(true);
        if want_error && self.steps.is_empty() {
            return Err("error = true needs at least one step".into());
        }
        for (i, step) in self.steps.iter().enumerate() {
            let last = i + 1 == self.steps.len();
            let before = game.clone();
            let result = apply_step(&mut game, step);
            match (result, last && want_error) {
                (Ok(()), false) => {}
                (Ok(()), true) => {
                    return Err(format!(
                        "step {}: expected it to be refused, but it was played",
                        i + 1
                    ))
                }
                (Err(e), false) => return Err(format!("step {}: {e}", i + 1)),
                (Err(_), true) => {
                    if game != before {
                        return Err(format!("step {}: refused but the game changed", i + 1));
                    }
                }
            }
        }
        self.check(&game)
    }

    fn check(&self, game: &Game) -> Result<(), String> {
        let e = &self.expect;
        let mut errs = Vec::new();
        let sides = game.sides();
        if let Some(want) = &e.pieces {
            let mut have: Vec<(u8, u8, u8)> = game
                .units()
                .iter()
                .map(|u| (u.side, u.point(), u.count))
                .collect();
            let mut want_v: Vec<(u8, u8, u8)> =
                want.iter().map(|p| (p.side, p.at, p.count)).collect();
            have.sort();
            want_v.sort();
            if have != want_v {
                errs.push(format!(
                    "pieces: expected {want_v:?}, got {have:?} (side, at, count)"
                ));
            }
            for p in want {
                if let Some(r) = &p.route {
                    let found = game
                        .units()
                        .iter()
                        .any(|u| u.side == p.side && u.point() == p.at && u.route.name() == r);
                    if !found {
                        let actual: Vec<&str> = game
                            .units()
                            .iter()
                            .filter(|u| u.side == p.side && u.point() == p.at)
                            .map(|u| u.route.name())
                            .collect();
                        errs.push(format!(
                            "piece of side {} at {}: expected route {r}, got {actual:?}",
                            p.side, p.at
                        ));
                    }
                }
            }
        }
        if let Some(want) = &e.waiting {
            let have: Vec<u8> = (0..sides).map(|s| game.waiting(s)).collect();
            if &have != want {
                errs.push(format!("waiting: expected {want:?}, got {have:?}"));
            }
        }
        if let Some(want) = &e.home {
            let have: Vec<u8> = (0..sides).map(|s| game.home(s)).collect();
            if &have != want {
                errs.push(format!("home: expected {want:?}, got {have:?}"));
            }
        }
        if let Some(want) = &e.pool {
            let have: Vec<&str> = game.pool().iter().map(|c| c.name()).collect();
            if have != *want {
                errs.push(format!("pool: expected {want:?}, got {have:?}"));
            }
        }
        if let Some(want) = &e.phase {
            if game.phase().name() != want {
                errs.push(format!(
                    "phase: expected {want}, got {}",
                    game.phase().name()
                ));
            }
        }
        if let Some(want) = e.turn {
            if game.turn() != want {
                errs.push(format!("turn: expected {want}, got {}", game.turn()));
            }
        }
        if let Some(want) = e.winner {
            let have = game.outcome().map(|o| o.winner);
            if have != Some(want) {
                errs.push(format!("winner: expected {want}, got {have:?}"));
            }
        }
        if let Some(want) = &e.legal {
            let have = game.legal_moves();
            let mut want_m = Vec::new();
            for l in want {
                want_m.push((chip(&l.chip)?, l.piece, l.to, l.stack));
            }
            let matches = |w: &(Chip, Origin, Option<Dest>, Option<bool>), m: &Move| {
                w.0 == m.chip
                    && w.1 == m.piece
                    && w.2.is_none_or(|t| t == m.to)
                    && (w.3.is_none() || w.3 == m.stack)
            };
            let extra: Vec<String> = have
                .iter()
                .filter(|m| !want_m.iter().any(|w| matches(w, m)))
                .map(|m| m.to_string())
                .collect();
            let missing: Vec<String> = want_m
                .iter()
                .filter(|w| !have.iter().any(|m| matches(w, m)))
                .map(|w| {
                    format!(
                        "{} {} -> {}",
                        w.0,
                        w.1,
                        w.2.map_or("?".to_string(), |d| d.to_string())
                    )
                })
                .collect();
            if !extra.is_empty() || !missing.is_empty() {
                errs.push(format!(
                    "legal moves: unexpected [{}], missing [{}]",
                    extra.join(", "),
                    missing.join(", ")
                ));
            }
        }
        if errs.is_empty() {
            Ok(())
        } else {
            Err(errs.join("; "))
        }
    }
}

/// Apply one step; on error the game is unchanged.
fn apply_step(game: &mut Game, step: &Step) -> Result<(), String> {
    match (&step.throw, &step.chip) {
        (Some(_), Some(_)) => Err("a step has either chip or throw, not both".into()),
        (None, None) => Err("a step needs chip or throw".into()),
        (Some(throws), None) => {
            let before = game.clone();
            for t in throws {
                let c = if t == "nak" { None } else { Some(chip(t)?) };
                if let Err(e) = game.play_forced(c) {
                    *game = before;
                    return Err(format!("throw {t}: {e}"));
                }
            }
            Ok(())
        }
        (None, Some(c)) => {
            let c = chip(c)?;
            let piece = step.piece.ok_or("a chip step needs piece")?;
            let to = match step.to {
                Some(t) => t,
                None => {
                    let mut tos: Vec<Dest> = game
                        .legal_moves()
                        .into_iter()
                        .filter(|m| {
                            m.chip == c
                                && m.piece == piece
                                && (step.stack.is_none()
                                    || m.stack.is_none()
                                    || m.stack == step.stack)
                        })
                        .map(|m| m.to)
                        .collect();
                    tos.dedup();
                    match tos.len() {
                        1 => tos[0],
                        0 => {
                            // No legal move: let the engine say why.
                            let mv = Move {
                                chip: c,
                                piece,
                                to: Dest::Home,
                                stack: step.stack,
                            };
                            let mut ev = Vec::new();
                            return match game.play_move(&mv, &mut ev) {
                                Err(e) => Err(e.to_string()),
                                Ok(()) => Ok(()),
                            };
                        }
                        _ => {
                            return Err(format!(
                                "{c} from {piece} has several destinations {tos:?}: give `to`"
                            ))
                        }
                    }
                }
            };
            let mv = Move {
                chip: c,
                piece,
                to,
                stack: step.stack,
            };
            game.play_move(&mv, &mut Vec::new())
                .map_err(|e| e.to_string())
        }
    }
}

/// Run one file.
pub fn check_file(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let sc = Scenario::parse(&text)?;
    sc.run().map_err(|e| format!("{}: {e}", sc.name))
}

/// Run files: (passed, failures as (path, message)).
pub fn check_files(paths: &[impl AsRef<Path>]) -> (usize, Vec<(String, String)>) {
    let mut passed = 0;
    let mut failed = Vec::new();
    for p in paths {
        match check_file(p.as_ref()) {
            Ok(()) => passed += 1,
            Err(e) => failed.push((p.as_ref().display().to_string(), e)),
        }
    }
    (passed, failed)
}
