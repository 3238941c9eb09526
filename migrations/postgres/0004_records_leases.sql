-- As migrations/sqlite/0004_records_leases.sql (snapshots, fences, ids, leases, IDENTIFY slots).
ALTER TABLE games ADD COLUMN snapshot_version BIGINT NOT NULL DEFAULT 0;
UPDATE games SET snapshot_version = version;
ALTER TABLE games ADD COLUMN fence BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_active ON games (status) WHERE status IN ('lobby', 'playing');

CREATE TABLE game_ids (id BIGSERIAL PRIMARY KEY);

CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
INSERT INTO counters (name, value) VALUES ('fence', 0);

CREATE TABLE shard_leases (
    shard_count BIGINT NOT NULL,
    shard       BIGINT NOT NULL,
    owner       TEXT   NOT NULL,
    fence       BIGINT NOT NULL,
    expires_ms  BIGINT NOT NULL,
    PRIMARY KEY (shard_count, shard)
);

CREATE TABLE identify_slots (
    bucket  BIGINT PRIMARY KEY,
    next_ms BIGINT NOT NULL
);
