CREATE TABLE "home_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"default_category" boolean DEFAULT false NOT NULL,
	"checkout_type" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_category_services" (
	"category_code" text NOT NULL,
	"product_code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "home_category_services_category_code_product_code_pk" PRIMARY KEY("category_code","product_code")
);
--> statement-breakpoint
CREATE TABLE "home_channels" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"genre" text NOT NULL,
	"hd" boolean DEFAULT false NOT NULL,
	"packages" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"group_type" text NOT NULL,
	"name" jsonb NOT NULL,
	"value" jsonb NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"picture_url" text,
	"subscription_term_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_epg" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"genre" jsonb NOT NULL,
	"description" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_fnp_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"phone_number" text NOT NULL,
	"current_operator" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_fnp_requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "home_localities" (
	"code" text PRIMARY KEY NOT NULL,
	"municipality_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_municipalities" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postal_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_street_numbers" (
	"address_code" text PRIMARY KEY NOT NULL,
	"street_code" text NOT NULL,
	"number" text NOT NULL,
	"gpon" boolean NOT NULL,
	"max_speed" integer NOT NULL,
	"entrances" jsonb NOT NULL,
	"flats" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_streets" (
	"code" text PRIMARY KEY NOT NULL,
	"locality_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_category_services" ADD CONSTRAINT "home_category_services_category_code_home_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."home_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_epg" ADD CONSTRAINT "home_epg_channel_code_home_channels_code_fk" FOREIGN KEY ("channel_code") REFERENCES "public"."home_channels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_localities" ADD CONSTRAINT "home_localities_municipality_code_home_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."home_municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_street_numbers" ADD CONSTRAINT "home_street_numbers_street_code_home_streets_code_fk" FOREIGN KEY ("street_code") REFERENCES "public"."home_streets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_streets" ADD CONSTRAINT "home_streets_locality_code_home_localities_code_fk" FOREIGN KEY ("locality_code") REFERENCES "public"."home_localities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_categories_slug_uq" ON "home_categories" USING btree ("parent_code","slug");--> statement-breakpoint
CREATE INDEX "home_characteristics_product_idx" ON "home_characteristics" USING btree ("product_code");--> statement-breakpoint
CREATE UNIQUE INDEX "home_epg_channel_start_uq" ON "home_epg" USING btree ("channel_code","starts_at");--> statement-breakpoint
CREATE INDEX "home_epg_start_idx" ON "home_epg" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "home_fnp_open_number_uq" ON "home_fnp_requests" USING btree ("phone_number") WHERE status = 'RECEIVED';--> statement-breakpoint
CREATE UNIQUE INDEX "home_street_numbers_uq" ON "home_street_numbers" USING btree ("street_code","number");