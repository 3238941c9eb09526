-- Every action rewrites its game's row. Keep the row small and its page roomy: the large
-- texts (the state, the rules, the first state) are kept out of line (TOAST) from 128 bytes
-- on, so an action copies pointers, not kilobytes; and pages are filled to 70% so that the
-- new version of a row fits on its page (a HOT update: no index entries to add).
ALTER TABLE games SET (fillfactor = 70, toast_tuple_target = 128);
