-- What the Discord edge shows that must outlive a process: every turn ping posted and not yet
-- deleted (at most one per game stays in view; the others are on their way out), and the
-- follow-ups used of each hosted game's token (Discord allows 5 per interaction). Written with
-- the post that makes them, so whichever process drives the game next knows them.
CREATE TABLE pings (
    message_id BIGINT PRIMARY KEY,
    game_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    -- The game's version when the pinged turn started, and whom it pinged.
    version BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    -- A hosted game's ping is a follow-up: deleted through the token that sent it, while it
    -- lives (issued_ms + 15 minutes).
    token TEXT,
    token_issued_ms BIGINT
);
CREATE INDEX pings_game ON pings (game_id);
CREATE INDEX pings_channel ON pings (channel_id);
ALTER TABLE hosted_games ADD COLUMN followups INTEGER NOT NULL DEFAULT 0;
