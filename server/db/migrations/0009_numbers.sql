CREATE TABLE "cart_number_choices" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"option" text NOT NULL,
	"msisdn" text,
	"operator" text,
	"sim_serial_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_numbers" (
	"user_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"tariff_name" text NOT NULL,
	"prepaid" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customer_numbers_user_id_msisdn_pk" PRIMARY KEY("user_id","msisdn")
);
--> statement-breakpoint
CREATE TABLE "msisdn_otps" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"msisdn" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msisdn_pool" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"sold_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "msisdn_reservations" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msisdn_reservations_cart_id_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "number_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"msisdn" text NOT NULL,
	"cart_id" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_number_choices" ADD CONSTRAINT "cart_number_choices_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_numbers" ADD CONSTRAINT "customer_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msisdn_reservations" ADD CONSTRAINT "msisdn_reservations_msisdn_msisdn_pool_msisdn_fk" FOREIGN KEY ("msisdn") REFERENCES "public"."msisdn_pool"("msisdn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msisdn_reservations" ADD CONSTRAINT "msisdn_reservations_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "msisdn_otps_session_idx" ON "msisdn_otps" USING btree ("session_id","msisdn");--> statement-breakpoint
CREATE INDEX "msisdn_pool_kind_idx" ON "msisdn_pool" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "number_jobs_due_idx" ON "number_jobs" USING btree ("done_at","run_at");