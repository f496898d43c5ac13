CREATE TABLE "cart_vouchers" (
	"cart_id" integer NOT NULL,
	"voucher_code" text NOT NULL,
	"entry_number" integer NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_vouchers_cart_id_voucher_code_pk" PRIMARY KEY("cart_id","voucher_code")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cart_entries" ADD COLUMN "price_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD COLUMN "esim_selected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD COLUMN "parent_entry_number" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "merge_modifications" jsonb;--> statement-breakpoint
ALTER TABLE "device_prices" ADD COLUMN "offer_type" text;--> statement-breakpoint
ALTER TABLE "device_prices" ADD COLUMN "one_time_available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "device_prices" ADD COLUMN "installments_available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_vouchers" ADD CONSTRAINT "cart_vouchers_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_vouchers" ADD CONSTRAINT "cart_vouchers_voucher_code_vouchers_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."vouchers"("code") ON DELETE no action ON UPDATE no action;