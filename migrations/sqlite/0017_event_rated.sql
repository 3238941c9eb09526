-- Community events (issue 49): an event game of an unrated event is left out of the
-- ratings (`rate_result` reads this in the result's own transaction).
ALTER TABLE event_games ADD COLUMN unrated BIGINT NOT NULL DEFAULT 0;
