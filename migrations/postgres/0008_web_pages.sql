-- What a server shows on the web (`/yut settings web:`): NULL links only (the default),
-- 'off' nothing, 'standings' links and the standings page. web_epoch is bumped to revoke every
-- link given before (`/yut settings web_revoke:True`).
ALTER TABLE server_defaults ADD COLUMN web TEXT;
ALTER TABLE server_defaults ADD COLUMN web_epoch BIGINT;
