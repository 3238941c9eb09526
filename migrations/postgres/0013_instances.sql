-- Where each process (a lease's owner, by its instance name) takes the calls of the others:
-- a press that lands on a process that does not drive its game is forwarded to the process
-- holding the game's shard lease, found through this table.
CREATE TABLE instances (
    owner      TEXT   PRIMARY KEY,
    address    TEXT   NOT NULL,
    updated_ms BIGINT NOT NULL
);
