-- Community events (issue 49): one row per event, its whole state as JSON (the pure core's
-- `yut_event::Run`: entrants, rounds, pairings, results), written only over the version it
-- was read at, so that a late writer (a process that lost the server's shard) cannot
-- overwrite a newer state. Ids come from game_ids (never handed out twice).
CREATE TABLE events (
    id          BIGINT PRIMARY KEY,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    message_id  BIGINT,
    stage       TEXT   NOT NULL,
    state       TEXT   NOT NULL,
    version     BIGINT NOT NULL,
    created_ms  BIGINT NOT NULL,
    updated_ms  BIGINT NOT NULL
);
CREATE INDEX events_guild ON events (guild_id, id);
-- Which event, round and pairing each event game plays: its end reports its result there.
CREATE TABLE event_games (
    game_id  BIGINT PRIMARY KEY,
    event_id BIGINT NOT NULL,
    round    BIGINT NOT NULL,
    pairing  BIGINT NOT NULL
);
CREATE INDEX event_games_event ON event_games (event_id);
