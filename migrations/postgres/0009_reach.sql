-- Turn reminders, per person (`/yut notify`): 'channel' (a ping in the game's channel, the
-- default when no row), 'dm', 'both' or 'none'; half = 1: only once half of the action's
-- time has gone.
CREATE TABLE notify_prefs (
    user_id BIGINT PRIMARY KEY,
    mode TEXT NOT NULL,
    half BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

-- What a person follows (`/yut follow`, the Follow button): kind 'game' (target: a game's
-- id; a DM when it ends, then forgotten) or 'player' (target: a user id; a DM when each of
-- their games starts and ends); lang: the follower's language code
-- when they followed (the DMs are in it).
CREATE TABLE follows (
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    target BIGINT NOT NULL,
    lang TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind, target)
);
CREATE INDEX follows_target ON follows (kind, target);
