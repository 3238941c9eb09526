-- The action the computer chose for a bot turn or a time-out, so replaying the log does not
-- depend on the bots' code at replay time. NULL for every other command.
ALTER TABLE actions ADD COLUMN played TEXT;
