-- Issue 30: a message the shop keeps in the outbox records the id of the request that sent it (X-Request-Id), so a
-- shopper's complaint about a code that never came can be followed from the request's log line to the message.
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "request_id" text;
