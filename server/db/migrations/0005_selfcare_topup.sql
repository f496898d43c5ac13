CREATE TABLE "selfcare_balance_credits" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selfcare_card_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"msisdn" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"approval_number" text,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "selfcare_card_payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "selfcare_card_payments_amount" CHECK ("selfcare_card_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "selfcare_subscribers" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"customer_number" text,
	CONSTRAINT "selfcare_subscribers_kind" CHECK ("selfcare_subscribers"."kind" IN ('PREPAID', 'COST_CONTROL', 'POSTPAID')),
	CONSTRAINT "selfcare_subscribers_balance" CHECK ("selfcare_subscribers"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "selfcare_balance_credits" ADD CONSTRAINT "selfcare_balance_credits_payment_id_selfcare_card_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."selfcare_card_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfcare_balance_credits" ADD CONSTRAINT "selfcare_balance_credits_msisdn_selfcare_subscribers_msisdn_fk" FOREIGN KEY ("msisdn") REFERENCES "public"."selfcare_subscribers"("msisdn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selfcare_card_payments_msisdn_idx" ON "selfcare_card_payments" USING btree ("msisdn");