-- Per-server defaults for /yut new, set with /yut settings by a member with Manage Server.
-- NULL: not set (the bot's own default applies).
CREATE TABLE server_defaults (
    guild_id     INTEGER PRIMARY KEY,
    preset       TEXT,
    house_rules  TEXT,
    turn_seconds INTEGER,
    updated_ms   INTEGER NOT NULL
);
