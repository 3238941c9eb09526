-- Small writes per action: `state` is a snapshot taken at `snapshot_version`; the actions after
-- it (in `actions`) replay to the current `version`.
ALTER TABLE games ADD COLUMN snapshot_version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET snapshot_version = version;
-- The fencing number of the process that drives the game; a commit must carry it.
ALTER TABLE games ADD COLUMN fence INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_active ON games (status) WHERE status IN ('lobby', 'playing');

-- Game ids, handed out before a game is built (so the table knows its own id).
CREATE TABLE game_ids (id INTEGER PRIMARY KEY AUTOINCREMENT);
INSERT INTO game_ids (id) SELECT MAX(id) FROM games HAVING COUNT(*) > 0;

-- Named counters; `fence` numbers every lease ever taken, so a newer driver always holds a
-- larger number than an older one.
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO counters (name, value) VALUES ('fence', 0);

-- Which process drives the games of a gateway shard, until when.
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL,
    shard       INTEGER NOT NULL,
    owner       TEXT    NOT NULL,
    fence       INTEGER NOT NULL,
    expires_ms  INTEGER NOT NULL,
    PRIMARY KEY (shard_count, shard)
);

-- Discord allows one IDENTIFY per 5 s per max_concurrency bucket across all processes: the
-- time the next IDENTIFY of a bucket may happen.
CREATE TABLE identify_slots (
    bucket  INTEGER PRIMARY KEY,
    next_ms INTEGER NOT NULL
);
