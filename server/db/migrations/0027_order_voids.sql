-- Issue 24, money once: a late approval of an order's gateway session (closed, or its order paid by another session)
-- is voided through the gateway provider; the payment remembers the void (PENDING → VOIDED | FAILED).
ALTER TABLE "payments" ADD COLUMN "void_state" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_void_state" CHECK ("payments"."void_state" IN ('PENDING', 'VOIDED', 'FAILED'));--> statement-breakpoint
CREATE INDEX "payments_void_pending_idx" ON "payments" USING btree ("id") WHERE "payments"."void_state" = 'PENDING';
