-- Games: one row per game; the whole table state (seats, game, RNG, selection) is `state`;
-- `genesis` is the state at creation, from which the action log replays to `state`.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'stopped')),
    rules       TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    genesis     TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    message_id  INTEGER,
    message_ms  INTEGER,
    deadline_ms INTEGER,
    created_ms  INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL
);
-- One game per channel at a time.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');

-- Seats of a game, kept in step with `games.state` by every write.
CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,
    name      TEXT    NOT NULL,
    bot_level TEXT,
    team      INTEGER NOT NULL,
    away      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

-- Append-only log: every action that changed a game, in order. Replaying it from version 1
-- reproduces `games.state`.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    actor   TEXT    NOT NULL,
    command TEXT    NOT NULL,
    at_ms   INTEGER NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Finished games.
CREATE TABLE results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    winner_side INTEGER NOT NULL,
    teams       INTEGER NOT NULL,
    ranking     TEXT    NOT NULL,
    finished_ms INTEGER NOT NULL
);

-- Per-server player statistics.
CREATE TABLE player_stats (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    team_wins   INTEGER NOT NULL DEFAULT 0,
    captures    INTEGER NOT NULL DEFAULT 0,
    pieces_home INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
