-- A session that opened two carts at once (two first adds) keeps the newer one open; the other is set aside.
UPDATE "carts" SET "status" = 'ABANDONED' WHERE "status" = 'OPEN' AND "id" NOT IN (SELECT max("id") FROM "carts" WHERE "status" = 'OPEN' GROUP BY "session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_open_per_session" ON "carts" USING btree ("session_id") WHERE "carts"."status" = 'OPEN';
