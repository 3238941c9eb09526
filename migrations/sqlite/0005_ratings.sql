-- Ratings (issue 15): one row per server, season, mode family ('1v1', '2v2', 'ffa') and
-- person. A season's rows stay when it ends: they are its archived standings. A person's
-- first game of a new season starts from the soft reset of their latest row.
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    season       TEXT    NOT NULL,
    family       TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    -- Rated games in this family over every season (provisional below 10).
    games        INTEGER NOT NULL,
    season_games INTEGER NOT NULL,
    season_wins  INTEGER NOT NULL,
    updated_ms   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, family, user_id)
);
CREATE INDEX ratings_player ON ratings (guild_id, family, user_id, updated_ms);

-- Each person's part in a recorded game: the record `/yut stats` shows (results, streaks,
-- rating changes, time-outs, leaves).
CREATE TABLE game_players (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    guild_id       INTEGER NOT NULL,
    family         TEXT,
    season         TEXT,
    won            INTEGER NOT NULL,
    left_game      INTEGER NOT NULL,
    timeouts       INTEGER NOT NULL,
    before_display INTEGER,
    after_display  INTEGER,
    finished_ms    INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_players_user ON game_players (guild_id, user_id, finished_ms);

-- Fair play, per person and server.
ALTER TABLE player_stats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_stats ADD COLUMN leaves INTEGER NOT NULL DEFAULT 0;

-- monthly | quarterly | off (NULL: off).
ALTER TABLE server_defaults ADD COLUMN seasons TEXT;
