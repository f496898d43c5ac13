-- Sessions expire (issue 24): idle since last_seen_at and absolutely since the authentication. A signed-in
-- session's authentication time is kept here, so that the rotations of an account change (a new session row for
-- the same user) do not restart the 12 h; an anonymous session counts from created_at (server/user/service.ts).
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "authenticated_at" = "created_at" WHERE "user_id" IS NOT NULL;
