ALTER TABLE "cart_home_setups" ADD COLUMN "bill_option" text;--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD COLUMN "bill_address_code" text;--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD COLUMN "bill_entrance" text;--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD COLUMN "bill_flat_num" text;--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD COLUMN "bill_email" text;--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD CONSTRAINT "cart_home_setups_bill_address_code_home_street_numbers_address_code_fk" FOREIGN KEY ("bill_address_code") REFERENCES "public"."home_street_numbers"("address_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_home_setups" ADD CONSTRAINT "cart_home_setups_bill_ck" CHECK ("cart_home_setups"."bill_option" IS NULL AND "cart_home_setups"."bill_address_code" IS NULL AND "cart_home_setups"."bill_email" IS NULL
    OR "cart_home_setups"."bill_option" = 'INSTALLATION_ADDRESS' AND "cart_home_setups"."bill_address_code" IS NULL AND "cart_home_setups"."bill_email" IS NULL
    OR "cart_home_setups"."bill_option" = 'OTHER_ADDRESS' AND "cart_home_setups"."bill_address_code" IS NOT NULL AND "cart_home_setups"."bill_email" IS NULL
    OR "cart_home_setups"."bill_option" = 'E_BILL' AND "cart_home_setups"."bill_email" IS NOT NULL AND "cart_home_setups"."bill_address_code" IS NULL);