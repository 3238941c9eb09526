//! What a table looks like to people: text, the board picture and buttons, independent of
//! Discord. The buttons' custom ids are in `custom_id`.

mod follow;
mod listing;
mod lobby;
mod narrate;
mod play;
mod thread;
mod words;
pub use follow::*;
pub use listing::*;
pub use lobby::*;
pub use narrate::*;
use play::*;
pub use thread::*;
pub use words::*;

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

/// A select menu (Discord's string select): one choice among its options. Its custom id
/// is a game command without its last part (`yut:<game>:<version>:mode`); the chosen
/// option's value completes it (`teams` makes `yut:<game>:<version>:mode:teams`), so a
/// choice decodes like a button.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    pub custom_id: String,
    pub options: Vec<MenuOption>,
    pub disabled: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuOption {
    pub label: String,
    pub value: String,
    /// The option in force, shown as the menu's current choice.
    pub default: bool,
}

impl Menu {
    /// The custom id a choice of `value` stands for.
    pub fn chosen(custom_id: &str, value: &str) -> String {
        format!("{custom_id}:{value}")
    }
}

/// A row of a message: up to 5 buttons, or one menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    Buttons(Vec<Button>),
    Menu(Menu),
}

impl Row {
    /// Its buttons (none for a menu).
    pub fn buttons(&self) -> &[Button] {
        match self {
            Row::Buttons(b) => b,
            Row::Menu(_) => &[],
        }
    }

    /// Components in the row: its buttons, or 1 for a menu.
    pub fn len(&self) -> usize {
        match self {
            Row::Buttons(b) => b.len(),
            Row::Menu(_) => 1,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl From<Vec<Button>> for Row {
    fn from(b: Vec<Button>) -> Row {
        Row::Buttons(b)
    }
}

impl<'a> IntoIterator for &'a Row {
    type Item = &'a Button;
    type IntoIter = std::slice::Iter<'a, Button>;
    fn into_iter(self) -> Self::IntoIter {
        self.buttons().iter()
    }
}

/// A message to show.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct View {
    pub text: String,
    /// The board as PNG.
    pub png: Option<Vec<u8>>,
    /// At most 5 rows, each of at most 5 buttons or one menu.
    pub rows: Vec<Row>,
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
    /// The game is over (finished or stopped): nothing more will happen on this board.
    pub over: bool,
    /// A link shown beside the buttons (the board's live page on the web), if the bot has one.
    pub link: Option<Link>,
    /// A "Play on the board" button beside the buttons: the game in Discord's Activity (set
    /// by the service where the bot has one).
    pub launch: bool,
}

/// A button that opens a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub label: String,
    pub url: String,
}

impl View {
    /// Every button, row by row.
    pub fn buttons(&self) -> impl Iterator<Item = &Button> {
        self.rows.iter().flatten()
    }

    /// The menus.
    pub fn menus(&self) -> impl Iterator<Item = &Menu> {
        self.rows.iter().filter_map(|r| match r {
            Row::Menu(m) => Some(m),
            Row::Buttons(_) => None,
        })
    }

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
    let mut rows: Vec<Row> = Vec::new();
    let mut text = String::new();
    let labels = shown_labels(t);
    match t.status {
        Status::Lobby if t.open_invite().is_some() => {
            text.push_str(&invite_text(t));
            let code = i18n::code(lang);
            let label = |key: &str| say_in(code, key, &[]);
            rows.push(
                vec![
                    button(t, label("button-accept"), Style::Success, Command::Accept),
                    button(
                        t,
                        label("button-decline"),
                        Style::Secondary,
                        Command::Decline,
                    ),
                ]
                .into(),
            );
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
            rows.push(host.into());
        }
        Status::Lobby => {
            text.push_str(&lobby_text(t));
            lobby_rows(t, &mut rows);
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
            if t.throw_seed.is_some() {
                controls.push(crate::after::fair_button(t.id, lang));
            }
            if controls.len() < 5 {
                controls.push(follow_button(t.id, lang));
            }
            rows.push(controls.into());
        }
        Status::Playing => {
            text.push_str(&play_text(t));
            let g = t.game.as_ref().expect("a playing table has a game");
            match g.phase() {
                Phase::Throw => {
                    rows.push(
                        vec![button(
                            t,
                            word(lang, "view-button-throw"),
                            Style::Primary,
                            Command::Throw,
                        )]
                        .into(),
                    );
                }
                Phase::Spend if t.shown_chip().is_some() => {
                    for chunk in labels.chunks(5) {
                        rows.push(
                            chunk
                                .iter()
                                .map(|(m, l)| {
                                    button(t, l.clone(), Style::Primary, Command::Move { mv: *m })
                                })
                                .collect::<Vec<_>>()
                                .into(),
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
                                .collect::<Vec<_>>()
                                .into(),
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
            if t.throw_seed.is_some() && controls.len() < 5 {
                controls.push(crate::after::fair_button(t.id, lang));
            }
            let follow = follow_button(t.id, lang);
            if controls.len() < 5 {
                controls.push(follow);
                rows.push(controls.into());
            } else {
                rows.push(controls.into());
                if rows.len() < 5 {
                    rows.push(vec![follow].into());
                }
            }
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
            rows.push(vec![button(t, word(lang, key), Style::Primary, Command::Rematch)].into());
            if t.status == Status::Finished && t.game.is_some() {
                rows.push(crate::after::buttons(t.id, lang).into());
            }
        }
    }
    if t.held && t.status.is_active() {
        // Paused until someone clicks: Continue first, the rest as it was.
        text.push_str("\n⏸️ ");
        text.push_str(&word(lang, "table-held"));
        rows.insert(
            0,
            vec![button(
                t,
                word(lang, "view-button-continue"),
                Style::Success,
                Command::Resume,
            )]
            .into(),
        );
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
        ..table_summary(t)
    }
}

/// A table's view without its words, buttons or picture: who is pinged, the countdown, the
/// game and version, the thread to open or close. What a consumer needs to decide whether
/// and how to show an update; the rest is made when it is shown ([`table_view`]).
pub fn table_summary(t: &Table) -> View {
    View {
        text: String::new(),
        alt: None,
        png: None,
        rows: Vec::new(),
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
        lang: t.lang(),
        open_thread: t.opening_thread().then(|| thread_name(t)),
        thread_end: thread_end(t),
        over: !t.status.is_active(),
        link: None,
        launch: false,
    }
}

/// The lobby's controls: Join and Leave (and the teams), a menu each for the mode, the rules
/// and the bots' level, then the bot buttons, Start and Cancel. Five rows in every mode.
fn lobby_rows(t: &Table, rows: &mut Vec<Row>) {
    let lang = t.lang();
    let mut seats = vec![
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
        for team in [0, 1] {
            let name = if team == 0 { "A" } else { "B" };
            seats.push(button(
                t,
                say(lang, "team-name", &[("team", name.into())]),
                Style::Secondary,
                Command::Team { team },
            ));
        }
    }
    rows.push(seats.into());
    // The mode and the rules: anyone sees them, the host (or a moderator) changes them.
    let modes = [(false, 2), (false, 3), (false, 4), (true, 4)]
        .into_iter()
        .map(|(teams, seats)| {
            let cmd = Command::Mode { teams, seats };
            let current = t.settings.teams == teams && (teams || t.settings.seats == seats);
            (mode_name(lang, teams, seats), cmd, current)
        });
    rows.push(Row::Menu(menu(t, modes)));
    let presets = [
        Preset::Standard,
        Preset::Boardgame,
        Preset::Yunnori,
        Preset::Nyout,
    ]
    .into_iter()
    .map(|preset| {
        let label = say(
            lang,
            "view-button-rules",
            &[("preset", preset_name(preset.word(), lang).into())],
        );
        let current = t.settings.preset == preset.word();
        (label, Command::Preset { preset }, current)
    });
    rows.push(Row::Menu(menu(t, presets)));
    let level = t.bot_level();
    let levels = [Level::Easy, Level::Normal, Level::Master]
        .into_iter()
        .map(|l| {
            let label = say(
                lang,
                "view-menu-bot-level",
                &[("level", level_name(l, lang).into())],
            );
            (label, Command::BotLevel { level: l }, l == level)
        });
    rows.push(Row::Menu(menu(t, levels)));
    let level_name = level_name(level, lang);
    rows.push(
        vec![
            button(
                t,
                say(
                    lang,
                    "view-button-add-bot",
                    &[("level", level_name.clone().into())],
                ),
                Style::Secondary,
                Command::AddBot { level },
            ),
            button(
                t,
                word(lang, "view-button-remove-bot"),
                Style::Secondary,
                Command::RemoveBot,
            ),
            button(
                t,
                say(lang, "view-button-fill", &[("level", level_name.into())]),
                Style::Secondary,
                Command::FillBots { level },
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
        ]
        .into(),
    );
}

/// A menu of commands that differ in their last part (`mode:2`, `mode:teams`): the menu's
/// custom id is what they share, each option's value the rest.
fn menu(t: &Table, choices: impl Iterator<Item = (String, Command, bool)>) -> Menu {
    let mut custom_id = String::new();
    let mut options = Vec::new();
    for (label, cmd, current) in choices {
        let id = encode(t.id, t.version, &cmd);
        let (head, value) = id.rsplit_once(':').expect("a command with an argument");
        custom_id = head.to_string();
        options.push(MenuOption {
            label,
            value: value.to_string(),
            default: current,
        });
    }
    Menu {
        custom_id,
        options,
        disabled: false,
    }
}
