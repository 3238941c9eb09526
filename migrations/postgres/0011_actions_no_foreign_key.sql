-- The log's entries are written only by the statement that moves their game on (joined to the
-- games it updated) or, in a lobby's batch, after their game's row in the same transaction,
-- and games are never deleted: the foreign key checked nothing those do not. Its check ran
-- per entry as a locking read of the game's row through the trigger machinery, about 8% of
-- the server's CPU under load (docs/measurements.md, fifth pass). Should games ever be
-- deleted, their entries must be deleted with them.
ALTER TABLE actions DROP CONSTRAINT actions_game_id_fkey;
