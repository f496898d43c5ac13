ALTER TABLE "cart_entries" ADD COLUMN "suggestions_applied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_references" ADD COLUMN "max_allowed_quantity" integer;--> statement-breakpoint
ALTER TABLE "product_references" ADD COLUMN "preselected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_references" ADD COLUMN "is_removable_entry" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_references" ADD COLUMN "free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "free_addons_limit" integer;--> statement-breakpoint
ALTER TABLE "product_references" ADD CONSTRAINT "product_references_max_qty" CHECK ("product_references"."max_allowed_quantity" IS NULL OR "product_references"."max_allowed_quantity" >= 1);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_free_addons_limit_range" CHECK ("products"."free_addons_limit" IS NULL OR "products"."free_addons_limit" BETWEEN 0 AND 10);