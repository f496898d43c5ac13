CREATE TABLE "customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"province" text NOT NULL,
	"province_code" text,
	"town" text NOT NULL,
	"town_code" text,
	"line1" text NOT NULL,
	"line1_code" text,
	"line2" text NOT NULL,
	"entrance" text,
	"floor" text,
	"apartment" text,
	"suburb" text,
	"postal_code" text NOT NULL,
	"tis_address_code" text,
	"default_address" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_stores" (
	"pickup_store_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text NOT NULL,
	"line2_code" text,
	"postal_code" text NOT NULL,
	"province" text NOT NULL,
	"suburb" text,
	"tis_address_code" text,
	"opening_hours" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_addresses_user_idx" ON "customer_addresses" USING btree ("user_id");