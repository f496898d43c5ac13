CREATE TABLE "billing_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_payment_choices" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"billing_account_id" text,
	"saved_card_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"order_code" text NOT NULL,
	"amount" integer NOT NULL,
	"callback_path" text NOT NULL,
	"back_url" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"save_brand" text,
	"save_last_four" text,
	"save_expiry" text,
	"save_holder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "gateway_challenges_status" CHECK ("gateway_challenges"."status" IN ('PENDING', 'CONFIRMED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"behaviour" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_tokens_behaviour" CHECK ("gateway_tokens"."behaviour" IN ('APPROVE', 'DECLINE', 'CARD_LIMIT', 'CHALLENGE'))
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_token_unique" UNIQUE("token"),
	CONSTRAINT "saved_cards_brand" CHECK ("saved_cards"."brand" IN ('mastercard', 'maestro', 'dinacard', 'visa')),
	CONSTRAINT "saved_cards_last_four" CHECK ("saved_cards"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_cards_expiry" CHECK ("saved_cards"."expiry_month" BETWEEN 1 AND 12 AND "saved_cards"."expiry_year" BETWEEN 2000 AND 2099)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_payment_type" text DEFAULT 'NEW_CARD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saved_card_id" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_payment_choices" ADD CONSTRAINT "cart_payment_choices_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_payment_choices" ADD CONSTRAINT "cart_payment_choices_billing_account_id_billing_accounts_id_fk" FOREIGN KEY ("billing_account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_payment_choices" ADD CONSTRAINT "cart_payment_choices_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_user_idx" ON "billing_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_challenges_one_pending" ON "gateway_challenges" USING btree ("payment_id") WHERE "gateway_challenges"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;