-- A server may have each game played in a thread of its own (`/yut settings threads`).
ALTER TABLE server_defaults ADD COLUMN threads INTEGER;
