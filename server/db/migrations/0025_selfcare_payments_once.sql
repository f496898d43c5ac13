-- Older data may hold several open gateway sessions of one bill, or of one top-up (a session and a number): keep the newest open.
UPDATE "selfcare_card_payments" SET "status" = 'CANCELLED', "completed_at" = now() WHERE "status" = 'PENDING' AND "kind" = 'BILL' AND "id" NOT IN (SELECT DISTINCT ON ("bill_id") "id" FROM "selfcare_card_payments" WHERE "status" = 'PENDING' AND "kind" = 'BILL' ORDER BY "bill_id", "created_at" DESC, "id");--> statement-breakpoint
UPDATE "selfcare_card_payments" SET "status" = 'CANCELLED', "completed_at" = now() WHERE "status" = 'PENDING' AND "kind" = 'TOPUP' AND "id" NOT IN (SELECT DISTINCT ON ("session_id", "msisdn") "id" FROM "selfcare_card_payments" WHERE "status" = 'PENDING' AND "kind" = 'TOPUP' ORDER BY "session_id", "msisdn", "created_at" DESC, "id");--> statement-breakpoint
ALTER TABLE "selfcare_card_payments" ADD COLUMN "void_state" text;--> statement-breakpoint
ALTER TABLE "selfcare_card_payments" ADD COLUMN "void_reference" text;--> statement-breakpoint
ALTER TABLE "selfcare_card_payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "selfcare_card_payments" ADD CONSTRAINT "selfcare_card_payments_void_state" CHECK ("selfcare_card_payments"."void_state" IN ('PENDING', 'VOIDED', 'FAILED'));--> statement-breakpoint
CREATE UNIQUE INDEX "selfcare_card_payments_one_pending_per_bill" ON "selfcare_card_payments" USING btree ("bill_id") WHERE "selfcare_card_payments"."status" = 'PENDING' AND "selfcare_card_payments"."kind" = 'BILL';--> statement-breakpoint
CREATE UNIQUE INDEX "selfcare_card_payments_one_pending_per_topup" ON "selfcare_card_payments" USING btree ("session_id","msisdn") WHERE "selfcare_card_payments"."status" = 'PENDING' AND "selfcare_card_payments"."kind" = 'TOPUP';--> statement-breakpoint
CREATE TABLE "gateway_voids" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_voids_reference_unique" UNIQUE("reference")
);
