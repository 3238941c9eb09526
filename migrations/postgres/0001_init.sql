-- The same schema as the SQLite migrations 0001-0003 (see migrations/sqlite/), for PostgreSQL.
CREATE TABLE games (
    id          BIGINT PRIMARY KEY,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    host_id     BIGINT NOT NULL,
    status      TEXT   NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'stopped')),
    rules       TEXT   NOT NULL,
    state       TEXT   NOT NULL,
    genesis     TEXT   NOT NULL,
    version     BIGINT NOT NULL,
    message_id  BIGINT,
    message_ms  BIGINT,
    deadline_ms BIGINT,
    created_ms  BIGINT NOT NULL,
    updated_ms  BIGINT NOT NULL
);
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');

CREATE TABLE seats (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      BIGINT  NOT NULL,
    user_id   BIGINT,
    name      TEXT    NOT NULL,
    bot_level TEXT,
    team      BIGINT  NOT NULL,
    away      BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE actions (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    actor   TEXT   NOT NULL,
    command TEXT   NOT NULL,
    at_ms   BIGINT NOT NULL,
    played  TEXT,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE results (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    BIGINT NOT NULL,
    winner_side BIGINT NOT NULL,
    teams       BIGINT NOT NULL,
    ranking     TEXT   NOT NULL,
    finished_ms BIGINT NOT NULL
);

CREATE TABLE player_stats (
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    name        TEXT   NOT NULL,
    games       BIGINT NOT NULL DEFAULT 0,
    wins        BIGINT NOT NULL DEFAULT 0,
    team_wins   BIGINT NOT NULL DEFAULT 0,
    captures    BIGINT NOT NULL DEFAULT 0,
    pieces_home BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE server_defaults (
    guild_id     BIGINT PRIMARY KEY,
    preset       TEXT,
    house_rules  TEXT,
    turn_seconds BIGINT,
    updated_ms   BIGINT NOT NULL
);
