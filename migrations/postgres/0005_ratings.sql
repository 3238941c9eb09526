-- As migrations/sqlite/0005_ratings.sql (ratings per server, season, family and person; each
-- person's part in a game; fair-play counts; the season setting).
CREATE TABLE ratings (
    guild_id     BIGINT           NOT NULL,
    season       TEXT             NOT NULL,
    family       TEXT             NOT NULL,
    user_id      BIGINT           NOT NULL,
    name         TEXT             NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    games        BIGINT           NOT NULL,
    season_games BIGINT           NOT NULL,
    season_wins  BIGINT           NOT NULL,
    updated_ms   BIGINT           NOT NULL,
    PRIMARY KEY (guild_id, season, family, user_id)
);
CREATE INDEX ratings_player ON ratings (guild_id, family, user_id, updated_ms);

CREATE TABLE game_players (
    game_id        BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id        BIGINT NOT NULL,
    guild_id       BIGINT NOT NULL,
    family         TEXT,
    season         TEXT,
    won            BIGINT NOT NULL,
    left_game      BIGINT NOT NULL,
    timeouts       BIGINT NOT NULL,
    before_display BIGINT,
    after_display  BIGINT,
    finished_ms    BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_players_user ON game_players (guild_id, user_id, finished_ms);

ALTER TABLE player_stats ADD COLUMN timeouts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE player_stats ADD COLUMN leaves BIGINT NOT NULL DEFAULT 0;

ALTER TABLE server_defaults ADD COLUMN seasons TEXT;
