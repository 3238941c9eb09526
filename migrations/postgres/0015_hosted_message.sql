-- A hosted game whose board is a follow-up of its freshest token (an Activity launched from
-- the Entry Point command in a group DM: its answer launches the Activity and makes no
-- message, so the lobby is the launch's follow-up) is edited through that message's id, not
-- through the token's original answer. NULL: the original answer (a command's or a click's).
ALTER TABLE hosted_games ADD COLUMN message_id BIGINT;
