-- Issue 25: a full rebuild of the catalogue read model reads each page's pictures, price plans, charges and terms by
-- product code or plan id. Without these indexes each page scanned the whole table (at 10,000 products the pictures
-- alone cost 2.2 s of a 9 s rebuild, 11 ms a page).
CREATE INDEX IF NOT EXISTS "charge_entries_plan_idx" ON "charge_entries" USING btree ("price_plan_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_plans_product_idx" ON "price_plans" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_images_product_idx" ON "product_images" USING btree ("product_code","sort_order");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscription_terms_plan_idx" ON "subscription_terms" USING btree ("price_plan_id");
