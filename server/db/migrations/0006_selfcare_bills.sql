CREATE TABLE "selfcare_bill_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selfcare_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_number" text NOT NULL,
	"msisdn" text,
	"period" text NOT NULL,
	"amount" integer NOT NULL,
	"due_date" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"billing_available" boolean DEFAULT true NOT NULL,
	"paid_payment_id" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "selfcare_bills_reference_unique" UNIQUE("reference"),
	CONSTRAINT "selfcare_bills_status" CHECK ("selfcare_bills"."status" IN ('OPEN', 'PAID', 'PROCESSING', 'CANCELLED')),
	CONSTRAINT "selfcare_bills_amount" CHECK ("selfcare_bills"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "selfcare_card_payments" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "selfcare_bill_sessions" ADD CONSTRAINT "selfcare_bill_sessions_bill_id_selfcare_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."selfcare_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selfcare_bills_customer_idx" ON "selfcare_bills" USING btree ("customer_number");--> statement-breakpoint
ALTER TABLE "selfcare_card_payments" ADD CONSTRAINT "selfcare_card_payments_bill_id_selfcare_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."selfcare_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "selfcare_card_payments_one_approved_per_bill" ON "selfcare_card_payments" USING btree ("bill_id") WHERE "selfcare_card_payments"."status" = 'APPROVED';