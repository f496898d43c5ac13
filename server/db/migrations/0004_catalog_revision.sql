CREATE TABLE "catalog_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Raised once per changed row, at commit (deferred): the revision row is the last lock a transaction takes, so
-- concurrent orders decrementing stock never deadlock on it, and a reader that sees the new revision sees the data.
CREATE OR REPLACE FUNCTION "bump_catalog_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variants_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_variants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_images_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_images" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "price_plans_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "price_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscription_terms_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "subscription_terms" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "charge_entries_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "charge_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "device_prices_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "device_prices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stock_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "stock" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_references_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_references" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cms_components_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "cms_components" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();
