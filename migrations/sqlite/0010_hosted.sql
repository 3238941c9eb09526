-- Games shown through an interaction's token instead of a channel the bot posts in (a group
-- DM, a server that has not added Yutbot): the freshest token of each game and when Discord
-- issued it (tokens live 15 minutes), so that bots, timers and pings go on after a restart.
CREATE TABLE hosted_games (
    game_id INTEGER PRIMARY KEY,
    token TEXT NOT NULL,
    issued_ms INTEGER NOT NULL
);
