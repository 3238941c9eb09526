//! What a table looks like to people: text, the board picture and buttons, independent of
//! Discord. The buttons' custom ids are in `custom_id`.

use super::core::{
    level_name, Command, Invite, InviteKind, Lang, Player, Status, Table, INVITE_MS, MOVES_PER_PAGE,
};
pub use crate::custom_id::{decode, encode, DecodeError, MAX_CUSTOM_ID};
use yut_ai::Level;
use yut_game::board::{point, POINTS};
use yut_game::{Chip, Dest, Event, Move, Origin, Phase, Preset};
use yut_text::{self as i18n, say, say_in, word, Arg};

/// Button colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    pub label: String,
    pub style: Style,
    pub custom_id: String,
    pub disabled: bool,
}

/// A message to show.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct View {
    pub text: String,
    /// The board as PNG.
    pub png: Option<Vec<u8>>,
    /// At most 5 rows of at most 5 buttons.
    pub rows: Vec<Vec<Button>>,
    /// Only for the person who asked.
    pub private: bool,
    /// Mention this user (their turn has just started), in this language (the one they last
    /// used with the bot, else the table's).
    pub ping: Option<(u64, Lang)>,
    /// People asked to play who have not answered yet (a challenge, a rematch): mentioned in
    /// the message so that Discord tells them.
    pub invited: Vec<u64>,
    /// When the current action is due (ms since the Unix epoch).
    pub deadline_ms: Option<i64>,
    /// The game and the version shown (None for a private note).
    pub game: Option<i64>,
    pub version: Option<u64>,
    /// The table's language.
    pub lang: Lang,
    /// The board picture described in words, for screen readers (the attachment's alt text).
    pub alt: Option<String>,
    /// The game has started and is to be played in a thread of its own: open one from the
    /// lobby message, with this name.
    pub open_thread: Option<String>,
    /// A game played in a thread has ended: say this in the lobby's channel (the first) and
    /// archive the thread.
    pub thread_end: Option<(u64, String)>,
}

impl View {
    /// A private note.
    pub fn private(text: impl Into<String>) -> View {
        View {
            text: text.into(),
            private: true,
            ..View::default()
        }
    }
}

/// Draws the board for a table (the renderer, or nothing in tests that don't need it).
pub trait Painter: Send + Sync {
    /// `labels`: the button label of each move shown, so the picture matches the buttons.
    fn paint(&self, table: &Table, labels: &[(Move, String)]) -> Option<Vec<u8>>;
}

/// A painter that draws nothing.
pub struct NoPainter;

impl Painter for NoPainter {
    fn paint(&self, _: &Table, _: &[(Move, String)]) -> Option<Vec<u8>> {
        None
    }
}

/// The catalog key of each point's name, by id. In English the corners, the centre and
/// 참먹이 go by their names (as on the board picture); other points are "spots", so "Geol spot"
/// is not read as a throw.
const POINT_KEYS: [&str; POINTS] = [
    "view-point-0",
    "view-point-1",
    "view-point-2",
    "view-point-3",
    "view-point-4",
    "view-point-5",
    "view-point-6",
    "view-point-7",
    "view-point-8",
    "view-point-9",
    "view-point-10",
    "view-point-11",
    "view-point-12",
    "view-point-13",
    "view-point-14",
    "view-point-15",
    "view-point-16",
    "view-point-17",
    "view-point-18",
    "view-point-19",
    "view-point-20",
    "view-point-21",
    "view-point-22",
    "view-point-23",
    "view-point-24",
    "view-point-25",
    "view-point-26",
    "view-point-27",
    "view-point-28",
];

/// A point's name.
fn point_name(p: u8, lang: Lang) -> String {
    debug_assert_eq!(point(p).id, p);
    word(lang, POINT_KEYS[p as usize])
}

/// A chip as players say it: 도, 개, 걸, 윷, 모, 빽도 (with the romanization in English).
pub fn chip_label(chip: Chip, lang: Lang) -> String {
    let key = match chip {
        Chip::Do => "view-chip-do",
        Chip::Gae => "view-chip-gae",
        Chip::Geol => "view-chip-geol",
        Chip::Yut => "view-chip-yut",
        Chip::Mo => "view-chip-mo",
        Chip::Backdo => "view-chip-backdo",
        Chip::Seoul => "view-chip-seoul",
        Chip::Busan => "view-chip-busan",
    };
    word(lang, key)
}

/// The letter for the n-th move button (A, B, ...).
/// The mark of the `i`-th move, on its button and at its destination in the picture: a number,
/// so it never reads as a seat letter (the pieces carry A, B, C, D).
pub fn move_mark(i: usize) -> String {
    (i + 1).to_string()
}

/// Label of a move button.
pub fn move_label(i: usize, mv: &Move, lang: Lang) -> String {
    format!("{} · {}", move_mark(i), move_words(mv, lang))
}

/// A move in words: "New piece → Gae spot", "걸 → 모 (업기)".
pub fn move_words(mv: &Move, lang: Lang) -> String {
    let from = match mv.piece {
        Origin::New => word(lang, "view-move-new"),
        Origin::At(p) => point_name(p, lang),
    };
    let to = match mv.to {
        Dest::Point(p) => point_name(p, lang),
        Dest::Home => word(lang, "view-move-home"),
        Dest::Waiting => word(lang, "view-move-off"),
    };
    let key = match mv.stack {
        Some(true) => "view-move-stack",
        Some(false) => "view-move-beside",
        None => "view-move",
    };
    say(lang, key, &[("from", from.into()), ("to", to.into())])
}

/// The moves shown as buttons now, with their labels (the page of the shown chip).
pub fn shown_labels(t: &Table) -> Vec<(Move, String)> {
    let lang = t.lang();
    if t.computer_acts() {
        return Vec::new();
    }
    t.shown_moves()
        .into_iter()
        .enumerate()
        .skip(t.page as usize * MOVES_PER_PAGE)
        .take(MOVES_PER_PAGE)
        .map(|(i, m)| {
            let label = move_label(i, &m, lang);
            (m, label)
        })
        .collect()
}

/// Leave and Stop, offered on every board of a running game.
fn leave_and_stop(t: &Table) -> [Button; 2] {
    let lang = t.lang();
    [
        button(
            t,
            word(lang, "view-button-leave-game"),
            Style::Secondary,
            Command::Resign,
        ),
        button(
            t,
            word(lang, "view-button-stop"),
            Style::Danger,
            Command::Stop,
        ),
    ]
}

fn button(t: &Table, label: impl Into<String>, style: Style, cmd: Command) -> Button {
    Button {
        label: label.into(),
        style,
        custom_id: encode(t.id, t.version, &cmd),
        disabled: false,
    }
}

/// The public view of a table: the game message.
pub fn table_view(t: &Table, painter: &dyn Painter) -> View {
    let lang = t.lang();
    let mut rows: Vec<Vec<Button>> = Vec::new();
    let mut text = String::new();
    let labels = shown_labels(t);
    match t.status {
        Status::Lobby if t.open_invite().is_some() => {
            text.push_str(&invite_text(t));
            let code = i18n::code(lang);
            let label = |key: &str| say_in(code, key, &[]);
            rows.push(vec![
                button(t, label("button-accept"), Style::Success, Command::Accept),
                button(
                    t,
                    label("button-decline"),
                    Style::Secondary,
                    Command::Decline,
                ),
            ]);
            let mut host = Vec::new();
            if t.open_invite().map(|i| i.kind) == Some(InviteKind::Rematch) {
                host.push(button(
                    t,
                    label("button-start-now"),
                    Style::Primary,
                    Command::Start,
                ));
            }
            host.push(button(
                t,
                label("button-call-off"),
                Style::Danger,
                Command::Stop,
            ));
            rows.push(host);
        }
        Status::Lobby => {
            text.push_str(&lobby_text(t));
            let mut r1 = vec![
                button(
                    t,
                    word(lang, "view-button-join"),
                    Style::Success,
                    Command::Join,
                ),
                button(
                    t,
                    word(lang, "view-button-leave"),
                    Style::Secondary,
                    Command::Leave,
                ),
            ];
            if t.settings.teams {
                r1.push(button(
                    t,
                    say(lang, "team-name", &[("team", "A".into())]),
                    Style::Secondary,
                    Command::Team { team: 0 },
                ));
                r1.push(button(
                    t,
                    say(lang, "team-name", &[("team", "B".into())]),
                    Style::Secondary,
                    Command::Team { team: 1 },
                ));
            }
            rows.push(r1);
            let mut r2 = Vec::new();
            for level in [Level::Easy, Level::Normal, Level::Master] {
                let label = say(
                    lang,
                    "view-button-add-bot",
                    &[("level", level_name(level, lang).into())],
                );
                r2.push(button(
                    t,
                    label,
                    Style::Secondary,
                    Command::AddBot { level },
                ));
            }
            r2.push(button(
                t,
                word(lang, "view-button-remove-bot"),
                Style::Secondary,
                Command::RemoveBot,
            ));
            rows.push(r2);
            // The mode: the one in force is shown pressed (disabled); only the host (or a
            // moderator) may change it.
            let mut r3 = Vec::new();
            for (teams, seats) in [(false, 2), (false, 3), (false, 4), (true, 4)] {
                let label = mode_name(lang, teams, seats);
                let current = t.settings.teams == teams && (teams || t.settings.seats == seats);
                let mut b = button(
                    t,
                    label,
                    if current {
                        Style::Success
                    } else {
                        Style::Secondary
                    },
                    Command::Mode { teams, seats },
                );
                b.disabled = current;
                r3.push(b);
            }
            rows.push(r3);
            let mut r4 = Vec::new();
            for preset in [
                Preset::Standard,
                Preset::Boardgame,
                Preset::Yunnori,
                Preset::Nyout,
            ] {
                let current = t.settings.preset == preset.word();
                let mut b = button(
                    t,
                    say(
                        lang,
                        "view-button-rules",
                        &[("preset", preset_name(preset.word(), lang).into())],
                    ),
                    if current {
                        Style::Success
                    } else {
                        Style::Secondary
                    },
                    Command::Preset { preset },
                );
                b.disabled = current;
                r4.push(b);
            }
            rows.push(r4);
            // Fill with the level of the bot seated last (as the host chose it), else Normal.
            let fill = t
                .seats
                .iter()
                .rev()
                .find_map(|s| match s.player {
                    Player::Bot { level } => Some(level),
                    Player::Human { .. } => None,
                })
                .unwrap_or(Level::Normal);
            let label = say(
                lang,
                "view-button-fill",
                &[("level", level_name(fill, lang).into())],
            );
            rows.push(vec![
                button(
                    t,
                    label,
                    Style::Secondary,
                    Command::FillBots { level: fill },
                ),
                button(
                    t,
                    word(lang, "view-button-start"),
                    Style::Primary,
                    Command::Start,
                ),
                button(
                    t,
                    word(lang, "view-button-cancel"),
                    Style::Danger,
                    Command::Stop,
                ),
            ]);
        }
        Status::Playing if t.opening_thread() => {
            // Nothing to press until the game has moved to its thread.
            text.push_str(&header(t));
            text.push('\n');
            text.push_str(&word(lang, "view-opening-thread"));
        }
        Status::Playing if t.computer_acts() => {
            // A bot (or a stand-in for an away or auto-playing person) acts: only what a
            // person may do now is offered.
            text.push_str(&play_text(t));
            let mut controls = Vec::new();
            if let Some(seat) = t.acting() {
                let s = &t.seats[seat as usize];
                if matches!(s.player, Player::Human { .. }) && (s.away || s.autoplay) {
                    controls.push(button(
                        t,
                        word(lang, "view-button-back-in"),
                        Style::Success,
                        Command::Return,
                    ));
                }
            }
            controls.extend(leave_and_stop(t));
            rows.push(controls);
        }
        Status::Playing => {
            text.push_str(&play_text(t));
            let g = t.game.as_ref().expect("a playing table has a game");
            match g.phase() {
                Phase::Throw => {
                    rows.push(vec![button(
                        t,
                        word(lang, "view-button-throw"),
                        Style::Primary,
                        Command::Throw,
                    )]);
                }
                Phase::Spend if t.shown_chip().is_some() => {
                    for chunk in labels.chunks(5) {
                        rows.push(
                            chunk
                                .iter()
                                .map(|(m, l)| {
                                    button(t, l.clone(), Style::Primary, Command::Move { mv: *m })
                                })
                                .collect(),
                        );
                    }
                }
                Phase::Spend => {
                    let mut kinds: Vec<Chip> = Vec::new();
                    let moves = g.legal_moves();
                    for c in g.pool() {
                        if !kinds.contains(c) && moves.iter().any(|m| m.chip == *c) {
                            kinds.push(*c);
                        }
                    }
                    for chunk in kinds.chunks(5) {
                        rows.push(
                            chunk
                                .iter()
                                .map(|c| {
                                    button(
                                        t,
                                        chip_label(*c, lang),
                                        Style::Primary,
                                        Command::Select { chip: *c },
                                    )
                                })
                                .collect(),
                        );
                    }
                }
                Phase::Over => {}
            }
            let mut controls = Vec::new();
            if t.selected.is_some() {
                controls.push(button(
                    t,
                    word(lang, "view-button-reselect"),
                    Style::Secondary,
                    Command::Back,
                ));
            }
            if t.shown_moves().len() > MOVES_PER_PAGE {
                controls.push(button(
                    t,
                    word(lang, "view-button-more"),
                    Style::Secondary,
                    Command::More,
                ));
            }
            controls.push(button(
                t,
                word(lang, "view-button-autoplay"),
                Style::Secondary,
                Command::AutoPlay,
            ));
            controls.extend(leave_and_stop(t));
            rows.push(controls);
        }
        Status::Stopped if t.invite.is_some() && t.game.is_none() => {
            // An invitation declined, lapsed or called off: nothing more to press.
            text.push_str(&end_text(t));
        }
        Status::Finished | Status::Stopped => {
            text.push_str(&end_text(t));
            let key = if t.game.is_some() {
                "view-button-rematch"
            } else {
                "view-button-reopen"
            };
            rows.push(vec![button(
                t,
                word(lang, key),
                Style::Primary,
                Command::Rematch,
            )]);
            if t.status == Status::Finished && t.game.is_some() {
                rows.push(crate::after::buttons(t.id, lang));
            }
        }
    }
    rows.truncate(5);
    let png = if t.game.is_some() {
        painter.paint(t, &labels)
    } else {
        None
    };
    View {
        text: truncate(text, 2000),
        alt: t.game.as_ref().map(|_| truncate(board_alt(t), MAX_ALT)),
        png,
        rows,
        private: false,
        ping: turn_ping(t),
        invited: match t.open_invite() {
            Some(_) => t
                .seats
                .iter()
                .filter(|s| s.pending)
                .filter_map(|s| s.player.user())
                .collect(),
            None => Vec::new(),
        },
        // A countdown only while a person is to act (bots move after a short pacing delay).
        deadline_ms: t
            .deadline_ms
            .filter(|_| !t.computer_acts() && !t.opening_thread()),
        game: Some(t.id),
        version: Some(t.version),
        lang,
        open_thread: t.opening_thread().then(|| thread_name(t)),
        thread_end: thread_end(t),
    }
}

/// A game's thread is named after its players (Discord: at most 100 characters).
pub fn thread_name(t: &Table) -> String {
    let lang = t.lang();
    let names: Vec<String> = if t.settings.teams {
        let joiner = word(lang, "view-team-joiner");
        (0..2u8)
            .map(|side| {
                t.seats
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| (*i as u8) % 2 == side)
                    .map(|(i, s)| s.name(i, lang))
                    .collect::<Vec<_>>()
                    .join(&joiner)
            })
            .collect()
    } else {
        t.seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.name(i, lang))
            .collect()
    };
    let players = names.join(&word(lang, "thread-versus"));
    truncate(
        say(lang, "thread-name", &[("players", players.into())]),
        100,
    )
}

/// What to say in the lobby's channel when a game played in a thread ends.
fn thread_end(t: &Table) -> Option<(u64, String)> {
    let parent = t.thread_parent()?;
    if t.status.is_active() {
        return None;
    }
    let lang = t.lang();
    let thread = format!("<#{}>", t.channel);
    let winner = t
        .game
        .as_ref()
        .and_then(|g| g.outcome())
        .filter(|_| t.status == Status::Finished && !t.abandoned)
        .and_then(|o| o.ranking.first().copied());
    let text = match winner {
        Some(side) => say(
            lang,
            "thread-result",
            &[
                (
                    "winner",
                    format!("**{}**", side_in_sentence(t, side)).into(),
                ),
                ("thread", thread.into()),
            ],
        ),
        None => say(lang, "thread-no-result", &[("thread", thread.into())]),
    };
    Some((parent, text))
}

fn truncate(mut s: String, max_chars: usize) -> String {
    if s.chars().count() > max_chars {
        s = s.chars().take(max_chars - 1).collect::<String>() + "…";
    }
    s
}

/// Mention the person whose turn has just started.
fn turn_ping(t: &Table) -> Option<(u64, Lang)> {
    // Nobody is pinged before the game has moved to its thread (the ping is said there).
    if t.opening_thread() {
        return None;
    }
    let started = t
        .last_events
        .iter()
        .any(|e| matches!(e, Event::TurnPassed { .. } | Event::Starts { .. }));
    if !started {
        return None;
    }
    let seat = t.acting()?;
    let s = &t.seats[seat as usize];
    // Nobody is pinged for a turn the computer plays (away, or "bot plays my turn").
    if s.away || s.autoplay {
        return None;
    }
    // In the language the player last used with the bot, else the table's.
    Some((s.player.user()?, s.lang.unwrap_or(t.lang())))
}

/// A preset's name as players see it (Korean: the names the Korean command menu shows); a
/// preset the catalog does not know by its word.
fn preset_name(preset: &str, lang: Lang) -> String {
    let key = match preset {
        "standard" => "view-preset-standard",
        "boardgame" => "view-preset-boardgame",
        "yunnori" => "view-preset-yunnori",
        "nyout" => "view-preset-nyout",
        p => return p.to_string(),
    };
    word(lang, key)
}

/// The mode: "3 players", "2v2 teams".
fn mode_name(lang: Lang, teams: bool, seats: u8) -> String {
    if teams {
        word(lang, "view-mode-teams")
    } else {
        say(lang, "view-mode-seats", &[("seats", seats.into())])
    }
}

fn header(t: &Table) -> String {
    let lang = t.lang();
    let mode = mode_name(lang, t.settings.teams, t.settings.seats);
    let series = if t.series.first_to > 1 {
        let n = say(lang, "view-first-to", &[("wins", t.series.first_to.into())]);
        format!(" · {n}")
    } else {
        String::new()
    };
    let mut rules = preset_name(&t.settings.preset, lang);
    let house = house_rules(t);
    if !house.is_empty() {
        rules = format!("{rules} + {}", house.join(", "));
    }
    say(
        lang,
        "view-header",
        &[
            ("mode", mode.into()),
            ("rules", rules.into()),
            ("seconds", t.settings.turn_seconds.into()),
            ("series", series.into()),
        ],
    )
}

/// The table's options that differ from its preset (`name=value`), the match length aside
/// (the header says it in words).
pub fn house_rules(t: &Table) -> Vec<String> {
    let Ok(base) = yut_game::Rules::preset_named(&t.settings.preset) else {
        return Vec::new();
    };
    let mut d = t.settings.rules.differences(&base);
    d.retain(|x| !x.starts_with("first_to="));
    d
}

/// A list of names: "A, B and C".
fn and_list(code: &str, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => say_in(
            code,
            "names-and",
            &[("first", rest.join(", ").into()), ("last", last.into())],
        ),
    }
}

/// Who asks whom, in one line.
fn invite_line(t: &Table, kind: InviteKind) -> String {
    let (lang, code) = (t.lang(), i18n::code(t.lang()));
    let host = t
        .seat_of(t.host)
        .map(|i| t.seats[i].name(i, lang))
        .unwrap_or_default();
    match kind {
        InviteKind::Rematch => say_in(code, "invite-rematch-line", &[("host", host.into())]),
        InviteKind::Challenge => {
            let names = |team: Option<u8>| {
                t.seats
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| match team {
                        Some(team) => s.team == team,
                        None => s.player.user() != Some(t.host),
                    })
                    .map(|(i, s)| s.name(i, lang))
                    .collect::<Vec<_>>()
            };
            let (mine, theirs) = if t.settings.teams {
                let my_team = t.seat_of(t.host).map_or(0, |i| t.seats[i].team);
                (names(Some(my_team)), names(Some(1 - my_team)))
            } else {
                (vec![host], names(None))
            };
            say_in(
                code,
                "invite-challenge-line",
                &[
                    ("mine", and_list(code, &mine).into()),
                    ("count", (mine.len() as u32).into()),
                    ("theirs", and_list(code, &theirs).into()),
                ],
            )
        }
    }
}

/// Each side's predicted chance to win, from the ratings.
fn chances_line(t: &Table, chances: &[u8]) -> Option<String> {
    if chances.is_empty() {
        return None;
    }
    let (lang, code) = (t.lang(), i18n::code(t.lang()));
    let parts: Vec<String> = chances
        .iter()
        .enumerate()
        .map(|(side, c)| {
            let who = if t.settings.teams {
                let team = if side == 0 { "A" } else { "B" };
                say_in(code, "team-name", &[("team", team.into())])
            } else {
                t.seats
                    .get(side)
                    .map(|s| s.name(side, lang))
                    .unwrap_or_default()
            };
            format!("{who} {c}%")
        })
        .collect();
    Some(say_in(
        code,
        "invite-chances",
        &[("list", parts.join(" · ").into())],
    ))
}

/// A lobby waiting for its invited players.
fn invite_text(t: &Table) -> String {
    let (lang, code) = (t.lang(), i18n::code(t.lang()));
    let Some(invite) = t.open_invite() else {
        return lobby_text(t);
    };
    let mut s = header(t);
    s.push('\n');
    s.push_str(&invite_line(t, invite.kind));
    s.push('\n');
    for (i, seat) in t.seats.iter().enumerate() {
        let mark = if seat.pending { "⏳" } else { "✅" };
        let host = if seat.player.user() == Some(t.host) {
            format!(" ({})", say_in(code, "seat-host", &[]))
        } else {
            String::new()
        };
        let team = if t.settings.teams {
            format!(" [{}]", if seat.team == 0 { "A" } else { "B" })
        } else {
            String::new()
        };
        s.push_str(&format!(
            "{}. {mark} {}{team}{host}\n",
            i + 1,
            seat.name(i, lang)
        ));
    }
    for name in &invite.declined {
        s.push_str(&say_in(
            code,
            "invite-declined-seat",
            &[("name", name.into())],
        ));
        s.push('\n');
    }
    if let Some(line) = chances_line(t, &invite.chances) {
        s.push_str(&line);
        s.push('\n');
    }
    let pending = t.pending_names();
    if !pending.is_empty() {
        s.push_str(&say_in(
            code,
            "invite-asked",
            &[("names", and_list(code, &pending).into())],
        ));
        s.push(' ');
    }
    s.push_str(&say_in(
        code,
        match invite.kind {
            InviteKind::Challenge => "invite-how-challenge",
            InviteKind::Rematch => "invite-how-rematch",
        },
        &[],
    ));
    s
}

/// How an invitation ended without a game.
fn invite_end(t: &Table, invite: &Invite) -> String {
    let code = i18n::code(t.lang());
    let minutes = (INVITE_MS / 60_000) as u32;
    if invite.expired {
        let names = and_list(code, &t.pending_names());
        let key = match (invite.kind, names.is_empty()) {
            (InviteKind::Challenge, false) => "invite-lapsed-challenge",
            (InviteKind::Challenge, true) => "invite-lapsed-challenge-nobody",
            (InviteKind::Rematch, false) => "invite-lapsed-rematch",
            (InviteKind::Rematch, true) => "invite-lapsed-rematch-nobody",
        };
        return say_in(
            code,
            key,
            &[("names", names.into()), ("minutes", minutes.into())],
        );
    }
    if let Some(name) = &invite.called_off {
        return say_in(code, "invite-called-off", &[("name", name.into())]);
    }
    match (invite.kind, invite.declined.last()) {
        (InviteKind::Challenge, Some(name)) => {
            say_in(code, "invite-declined-challenge", &[("name", name.into())])
        }
        _ => say_in(code, "invite-over", &[]),
    }
}

fn lobby_text(t: &Table) -> String {
    let lang = t.lang();
    let mut s = header(t);
    s.push('\n');
    for (i, seat) in t.seats.iter().enumerate() {
        let host = if seat.player.user() == Some(t.host) {
            format!(" ({})", word(lang, "seat-host"))
        } else {
            String::new()
        };
        let team = if t.settings.teams {
            format!(" [{}]", if seat.team == 0 { "A" } else { "B" })
        } else {
            String::new()
        };
        s.push_str(&format!("{}. {}{team}{host}\n", i + 1, seat.name(i, lang)));
    }
    let free = t.settings.capacity() as usize - t.seats.len();
    for i in 0..free {
        s.push_str(&format!("{}. —\n", t.seats.len() + i + 1));
    }
    s.push_str(&word(lang, "view-lobby-help"));
    if t.deadline_ms.is_some() {
        s.push('\n');
        s.push_str(&word(lang, "view-lobby-closes"));
    }
    s
}

fn seat_name(t: &Table, seat: u8) -> String {
    t.seats
        .get(seat as usize)
        .map(|s| s.name(seat as usize, t.lang()))
        .unwrap_or_else(|| format!("#{}", seat + 1))
}

/// One line per event worth telling.
pub fn narrate(t: &Table, events: &[Event]) -> Vec<String> {
    let lang = t.lang();
    let chip = |c: &Chip| chip_label(*c, lang);
    let mut lines = Vec::new();
    for e in events {
        let line = match e {
            Event::Starts { seat } => {
                say(lang, "view-starts", &[("who", honored(t, *seat).into())])
            }
            Event::Thrown {
                seat,
                chip: c,
                again,
                ..
            } => {
                let what = match c {
                    Some(c) => chip(c),
                    None => word(lang, "view-nak"),
                };
                let key = if *again {
                    "view-thrown-again"
                } else {
                    "view-thrown"
                };
                say(
                    lang,
                    key,
                    &[("who", honored(t, *seat).into()), ("what", what.into())],
                )
            }
            Event::Entered {
                seat, chip: c, to, ..
            } => say(
                lang,
                "view-entered",
                &[
                    ("who", subject(t, *seat).into()),
                    ("chip", chip(c).into()),
                    ("to", dest_name(*to, lang).into()),
                ],
            ),
            Event::Moved {
                seat,
                chip: c,
                from,
                to,
                count,
                ..
            } => {
                let mut args: Vec<(&str, Arg)> = vec![
                    ("who", honored(t, *seat).into()),
                    ("chip", chip(c).into()),
                    ("from", point_name(*from, lang).into()),
                    ("to", dest_name(*to, lang).into()),
                ];
                let key = if *count > 1 {
                    args.push(("count", (*count).into()));
                    "view-moved-stack"
                } else {
                    "view-moved"
                };
                say(lang, key, &args)
            }
            Event::Stacked { at, count, .. } => say(
                lang,
                "view-stacked",
                &[
                    ("count", (*count).into()),
                    ("at", point_name(*at, lang).into()),
                ],
            ),
            Event::Captured {
                seat,
                side,
                count,
                at,
            } => say(
                lang,
                "view-captured",
                &[
                    ("who", subject(t, *seat).into()),
                    ("count", (*count).into()),
                    ("victim", side_in_sentence(t, *side).into()),
                    ("at", point_name(*at, lang).into()),
                ],
            ),
            Event::Finished { side, count } => say(
                lang,
                "view-finished",
                &[
                    ("count", (*count).into()),
                    ("side", side_in_sentence(t, *side).into()),
                ],
            ),
            Event::SentBack { count, .. } => {
                say(lang, "view-sent-back", &[("count", (*count).into())])
            }
            Event::Discarded { seat, chips } => {
                let list: Vec<String> = chips.iter().map(chip).collect();
                say(
                    lang,
                    "view-discarded",
                    &[
                        ("who", honored(t, *seat).into()),
                        ("list", list.join(", ").into()),
                    ],
                )
            }
            Event::BonusThrow { deferred, .. } => {
                // Deferred until the held results are spent: said so only while some are
                // held (spending the last one brings the throw at once).
                let held = t.game.as_ref().is_some_and(|g| !g.pool().is_empty());
                if *deferred && held {
                    word(lang, "view-bonus-later")
                } else {
                    word(lang, "view-bonus")
                }
            }
            Event::Won { side, .. } => say(
                lang,
                "view-won",
                &[("side", side_in_sentence(t, *side).into())],
            ),
            Event::ThrowOff { .. } | Event::TurnPassed { .. } => continue,
        };
        lines.push(line);
    }
    lines
}

fn dest_name(d: Dest, lang: Lang) -> String {
    match d {
        Dest::Point(p) => point_name(p, lang),
        Dest::Home => word(lang, "view-dest-home"),
        Dest::Waiting => word(lang, "view-dest-off"),
    }
}

/// Discord's limit for an attachment's description.
pub const MAX_ALT: usize = 1024;

/// The board in words (the picture's alt text): every side's pieces waiting, home and on the
/// board (where, and how many stacked), the results held and who is to act.
pub fn board_alt(t: &Table) -> String {
    let lang = t.lang();
    let Some(g) = t.game.as_ref() else {
        return String::new();
    };
    let mut s = word(lang, "view-alt-board");
    for side in 0..g.sides() {
        let mut spots: Vec<String> = Vec::new();
        for u in g.units().iter().filter(|u| u.side == side) {
            let at = point_name(u.point(), lang);
            spots.push(if u.count > 1 {
                format!("{at} ×{}", u.count)
            } else {
                at
            });
        }
        let mut args: Vec<(&str, Arg)> = vec![
            ("side", side_name(t, side).into()),
            ("waiting", g.waiting(side).into()),
            ("home", g.home(side).into()),
        ];
        let key = if spots.is_empty() {
            "view-alt-side"
        } else {
            args.push(("spots", spots.join(", ").into()));
            "view-alt-side-board"
        };
        s.push(' ');
        s.push_str(&say(lang, key, &args));
    }
    if !g.pool().is_empty() {
        let pool: Vec<String> = g.pool().iter().map(|c| chip_label(*c, lang)).collect();
        s.push(' ');
        s.push_str(&say(
            lang,
            "view-alt-held",
            &[("list", pool.join(", ").into())],
        ));
    }
    if let Some(seat) = t.acting() {
        s.push(' ');
        s.push_str(&say(
            lang,
            "view-alt-acting",
            &[("who", honored(t, seat).into())],
        ));
    }
    s
}

/// A side as a sentence names it: in Korean a player with 님, a team bare (no 님 after a
/// team); in other languages the side's name.
pub fn side_in_sentence(t: &Table, side: u8) -> String {
    if t.settings.teams {
        side_name(t, side)
    } else {
        honored(t, side)
    }
}

// Korean particles: the words are in the catalog, the particles after a seat's name depend on
// who sits there (a person or a bot), so they are chosen here and come as part of `$who`.

/// A seat's name, in Korean with " 님" after a person's name (nothing after a bot's).
fn honored(t: &Table, seat: u8) -> String {
    format!("{}{}", seat_name(t, seat), honor(t, seat))
}

/// A seat's name with the subject particle in Korean: "님이" for a person; "이" for a bot (a
/// bot's name ends with its level, 보통, 쉬움 or 어려움 in brackets: a final consonant).
fn subject(t: &Table, seat: u8) -> String {
    let particle = if t.lang() != Lang::Ko {
        ""
    } else {
        match t.seats.get(seat as usize).map(|s| &s.player) {
            Some(Player::Bot { .. }) => "이",
            _ => " 님이",
        }
    };
    format!("{}{particle}", seat_name(t, seat))
}

/// " 님" after a person's name in Korean; nothing after a bot's, nor in other languages.
fn honor(t: &Table, seat: u8) -> &'static str {
    if t.lang() != Lang::Ko {
        return "";
    }
    match t.seats.get(seat as usize).map(|s| &s.player) {
        Some(Player::Bot { .. }) => "",
        _ => " 님",
    }
}

/// A side's name: the seat's name, or the team's in 2v2.
pub fn side_name(t: &Table, side: u8) -> String {
    if t.settings.teams {
        let lang = t.lang();
        let names: Vec<String> = t
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| (*i as u8) % 2 == side)
            .map(|(i, s)| s.name(i, lang))
            .collect();
        let team = if side == 0 { "A" } else { "B" };
        let team = say(lang, "team-name", &[("team", team.into())]);
        format!("{team} ({})", names.join(&word(lang, "view-team-joiner")))
    } else {
        seat_name(t, side)
    }
}

fn play_text(t: &Table) -> String {
    let lang = t.lang();
    let g = t.game.as_ref().expect("playing");
    let mut s = header(t);
    s.push('\n');
    for line in narrate(t, &t.last_events)
        .into_iter()
        .rev()
        .take(8)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        s.push_str(&line);
        s.push('\n');
    }
    if let Some(n) = &t.notice {
        s.push_str(&n.text(t.lang()));
        s.push('\n');
    }
    let seat = g.turn();
    let who = seat_name(t, seat);
    let away = t.seats[seat as usize].away;
    // In the order they came, runs of the same result as one entry ("윷 Yut +4 ×3"), so a long
    // run of 윷 under odd house rules still fits a message.
    let mut runs: Vec<(Chip, usize)> = Vec::new();
    for &c in g.pool() {
        match runs.last_mut() {
            Some((r, n)) if *r == c => *n += 1,
            _ => runs.push((c, 1)),
        }
    }
    let pool: Vec<String> = runs
        .iter()
        .map(|&(c, n)| {
            let label = chip_label(c, lang);
            if n > 1 {
                format!("{label} ×{n}")
            } else {
                label
            }
        })
        .collect();
    let doing = match (g.phase(), t.shown_chip()) {
        (Phase::Throw, _) => word(lang, "view-doing-throw"),
        (_, Some(c)) => say(
            lang,
            "view-doing-move",
            &[("chip", chip_label(c, lang).into())],
        ),
        (_, None) => word(lang, "view-doing-pick"),
    };
    // The name in bold, the Korean 님 after it (outside the bold).
    let who = format!("**{who}**{}", honor(t, seat));
    let key = if away { "view-turn-away" } else { "view-turn" };
    s.push_str(&say(
        lang,
        key,
        &[("who", who.into()), ("doing", doing.into())],
    ));
    if !pool.is_empty() {
        s.push('\n');
        s.push_str(&say(
            lang,
            "view-to-spend",
            &[("list", pool.join(", ").into())],
        ));
    }
    if let Some(line) = crate::after::commitment_line(t) {
        s.push('\n');
        s.push_str(&line);
    }
    s
}

fn end_text(t: &Table) -> String {
    let lang = t.lang();
    let mut s = header(t);
    s.push('\n');
    if let Some(i) = t.invite.as_ref().filter(|_| t.status == Status::Stopped) {
        s.push_str(&invite_end(t, i));
        return s;
    }
    if t.status == Status::Stopped {
        match &t.notice {
            Some(n) => s.push_str(&n.text(lang)),
            None => s.push_str(&word(lang, "view-stopped")),
        }
        return s;
    }
    for line in narrate(t, &t.last_events) {
        s.push_str(&line);
        s.push('\n');
    }
    if let Some(o) = t.game.as_ref().and_then(|g| g.outcome()) {
        s.push_str(&word(lang, "view-final-ranking"));
        s.push('\n');
        let g = t.game.as_ref().expect("finished game");
        for (i, side) in o.ranking.iter().enumerate() {
            s.push_str(&say(
                lang,
                "view-ranking-line",
                &[
                    ("place", (i as u32 + 1).into()),
                    ("side", side_name(t, *side).into()),
                    ("home", g.home(*side).into()),
                ],
            ));
            s.push('\n');
        }
    }
    if let Some(line) = crate::after::seed_line(t) {
        s.push_str(&line);
        s.push('\n');
    }
    if t.series.first_to > 1 {
        let sides = t.game.as_ref().map_or(0, |g| g.sides());
        let score: Vec<String> = (0..sides)
            .map(|sd| format!("{} {}", side_name(t, sd), t.series.wins[sd as usize]))
            .collect();
        s.push_str(&say(
            lang,
            "view-match",
            &[("score", score.join(" · ").into())],
        ));
        if let Some(w) = t.series.winner() {
            s.push('\n');
            s.push_str(&say(
                lang,
                "view-match-won",
                &[("side", side_in_sentence(t, w).into())],
            ));
        }
    }
    s
}

/// Is this seat a bot? (For renderers and stats.)
pub fn is_bot(p: &Player) -> bool {
    matches!(p, Player::Bot { .. })
}
