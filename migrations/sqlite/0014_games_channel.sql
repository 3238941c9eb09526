-- A channel's games, newest first: the latest game of a channel (pages, /yut replay and the
-- rest ask for it) and the last finished one. Without it each question read every game ever
-- stored (230 ms on 50,000 games on PostgreSQL, and growing with every game played).
CREATE INDEX games_channel ON games (channel_id, id);
