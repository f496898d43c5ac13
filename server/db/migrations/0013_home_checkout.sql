CREATE TABLE "cart_home_setups" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"option" text NOT NULL,
	"address_type" text NOT NULL,
	"address_code" text NOT NULL,
	"entrance" text,
	"flat_num" text,
	"package_id" text,
	"number_option" text,
	"line_id" text,
	"home_line_number" text,
	"operator" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"address_code" text NOT NULL,
	"entrance" text,
	"flat_num" text
);
--> statement-breakpoint
CREATE TABLE "home_customer_lines" (
	"line_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"address_code" text NOT NULL,
	"entrance" text,
	"flat_num" text,
	"gpon" boolean NOT NULL,
	CONSTRAINT "home_customer_lines_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "home_free_addon_limits" (
	"package_code" text PRIMARY KEY NOT NULL,
	"free_addons_limit" integer NOT NULL,
	CONSTRAINT "home_free_addon_limits_range" CHECK ("home_free_addon_limits"."free_addons_limit" BETWEEN 0 AND 10)
);
--> statement-breakpoint
CREATE TABLE "home_tv_addon_offers" (
	"package_code" text NOT NULL,
	"addon_code" text NOT NULL,
	"relation" text NOT NULL,
	"max_allowed_quantity" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "home_tv_addon_offers_package_code_addon_code_relation_pk" PRIMARY KEY("package_code","addon_code","relation")
);
--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD CONSTRAINT "cart_home_setups_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD CONSTRAINT "cart_home_setups_address_code_home_street_numbers_address_code_fk" FOREIGN KEY ("address_code") REFERENCES "public"."home_street_numbers"("address_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_customer_addresses" ADD CONSTRAINT "home_customer_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_customer_addresses" ADD CONSTRAINT "home_customer_addresses_address_code_home_street_numbers_address_code_fk" FOREIGN KEY ("address_code") REFERENCES "public"."home_street_numbers"("address_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_customer_lines" ADD CONSTRAINT "home_customer_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_customer_lines" ADD CONSTRAINT "home_customer_lines_address_code_home_street_numbers_address_code_fk" FOREIGN KEY ("address_code") REFERENCES "public"."home_street_numbers"("address_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_customer_addresses_uq" ON "home_customer_addresses" USING btree ("user_id","address_code");--> statement-breakpoint
CREATE INDEX "home_customer_lines_user_idx" ON "home_customer_lines" USING btree ("user_id");