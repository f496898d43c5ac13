-- Older data may hold several open sessions of one order (the race this migration closes): keep the newest open.
UPDATE "payments" SET "status" = 'CANCELLED', "completed_at" = now() WHERE "status" = 'PENDING' AND "id" NOT IN (SELECT DISTINCT ON ("order_id") "id" FROM "payments" WHERE "status" = 'PENDING' ORDER BY "order_id", "created_at" DESC, "id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_approved_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'APPROVED';
