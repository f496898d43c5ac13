CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bearer_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"entry_number" integer NOT NULL,
	"bundle_no" integer NOT NULL,
	"product_code" text NOT NULL,
	"variant_code" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"charge_type" text NOT NULL,
	"process_type" text,
	"price_plan_id" text,
	"term_months" integer,
	"one_time_price" integer DEFAULT 0 NOT NULL,
	"monthly_price" integer,
	"old_monthly_price" integer,
	"installments" integer,
	"automatically_added" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"order_customer_info" jsonb,
	"delivery_address" jsonb,
	"delivery_time_slot" text,
	"payment_mode" text,
	"card_payment_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "charge_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_plan_id" text NOT NULL,
	"charge_type" text NOT NULL,
	"cycle_start" integer,
	"cycle_end" integer,
	"price" integer NOT NULL,
	"old_price" integer
);
--> statement-breakpoint
CREATE TABLE "cms_components" (
	"id" text PRIMARY KEY NOT NULL,
	"headline" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"cta_button_name" jsonb,
	"media_url" text,
	"media_code" text
);
--> statement-breakpoint
CREATE TABLE "consent_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"required" boolean NOT NULL,
	"document_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_time_slots" (
	"code" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"device_code" text NOT NULL,
	"tariff_code" text NOT NULL,
	"term_months" integer NOT NULL,
	"purchasable" boolean DEFAULT true NOT NULL,
	"one_time_price" integer NOT NULL,
	"old_one_time_price" integer,
	"installments" integer,
	"installment_price" integer,
	"old_installment_price" integer,
	"upfront_price" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"variant_code" text,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"cart_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"error_type" text,
	"payment_mode" text NOT NULL,
	"card_payment_type" text,
	"consents" jsonb NOT NULL,
	"send_contract_docs_to_email" boolean,
	"total_price" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"stock_released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code"),
	CONSTRAINT "orders_cart_id_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"purchasable" boolean DEFAULT true NOT NULL,
	"installments" integer
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"variant_code" text,
	"url" text NOT NULL,
	"alt_text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_references" (
	"product_code" text NOT NULL,
	"target_code" text NOT NULL,
	"reference_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_references_product_code_target_code_reference_type_pk" PRIMARY KEY("product_code","target_code","reference_type")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"code" text PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"color_code" text NOT NULL,
	"color_name" jsonb NOT NULL,
	"color_hex" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"type" text NOT NULL,
	"process_type" text,
	"esim" text DEFAULT 'NONE' NOT NULL,
	"brand" text NOT NULL,
	"parent_code" text,
	"voucher_limit" integer DEFAULT 0 NOT NULL,
	"categories" jsonb NOT NULL,
	"highlights" jsonb NOT NULL,
	"specification" jsonb NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"variant_code" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_terms" (
	"id" text PRIMARY KEY NOT NULL,
	"price_plan_id" text NOT NULL,
	"months" integer NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "bearer_tokens" ADD CONSTRAINT "bearer_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_variant_code_product_variants_code_fk" FOREIGN KEY ("variant_code") REFERENCES "public"."product_variants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_entries" ADD CONSTRAINT "charge_entries_price_plan_id_price_plans_id_fk" FOREIGN KEY ("price_plan_id") REFERENCES "public"."price_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_prices" ADD CONSTRAINT "device_prices_device_code_products_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_prices" ADD CONSTRAINT "device_prices_tariff_code_products_code_fk" FOREIGN KEY ("tariff_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_plans" ADD CONSTRAINT "price_plans_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_variant_code_product_variants_code_fk" FOREIGN KEY ("variant_code") REFERENCES "public"."product_variants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_references" ADD CONSTRAINT "product_references_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_references" ADD CONSTRAINT "product_references_target_code_products_code_fk" FOREIGN KEY ("target_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_variant_code_product_variants_code_fk" FOREIGN KEY ("variant_code") REFERENCES "public"."product_variants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_terms" ADD CONSTRAINT "subscription_terms_price_plan_id_price_plans_id_fk" FOREIGN KEY ("price_plan_id") REFERENCES "public"."price_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bearer_tokens_session_idx" ON "bearer_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_entries_uq" ON "cart_entries" USING btree ("cart_id","entry_number");--> statement-breakpoint
CREATE INDEX "carts_session_idx" ON "carts" USING btree ("session_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "device_prices_uq" ON "device_prices" USING btree ("device_code","tariff_code","term_months");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_product_color_uq" ON "product_variants" USING btree ("product_code","color_code");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type");