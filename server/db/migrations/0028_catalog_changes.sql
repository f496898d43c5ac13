-- The catalogue's change log (issue 25): each instance's read model applies what changed instead of reloading the
-- whole catalogue. One row per changed thing, kept at its latest revision (an upsert, so repeated changes of one
-- stock row or product never grow the table): kind `product` (the product row, its variants, pictures, price plan,
-- terms and charges), `stock` (a variant's level), `device_price` (a device's bundle prices), `reference` (a
-- product's references), `cms` (a CMS component). A reader at revision R asks for the rows with revision > R: the
-- revision is raised under the `catalog_revision` row lock at commit, so committed revisions form a prefix and no
-- change is ever seen out of order. Rows older than a day are pruned (every 1024th revision); `pruned_revision` says
-- up to where: a reader older than that rebuilds in full.
CREATE TABLE "catalog_changes" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"revision" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_changes_pk" PRIMARY KEY ("kind", "key")
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_revision_idx" ON "catalog_changes" ("revision");
--> statement-breakpoint
ALTER TABLE "catalog_revision" ADD COLUMN "pruned_revision" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Raises the revision (the last lock the transaction takes, at commit: concurrent orders never deadlock on it) and
-- records one change; every 1024th revision drops the rows older than a day and notes the newest one dropped.
CREATE OR REPLACE FUNCTION "record_catalog_change"("change_kind" text, "change_key" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r bigint;
BEGIN
  IF "change_key" IS NULL THEN RETURN; END IF;
  UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1 RETURNING "revision" INTO r;
  INSERT INTO "catalog_changes" ("kind", "key", "revision", "at") VALUES ("change_kind", "change_key", r, now())
    ON CONFLICT ("kind", "key") DO UPDATE SET "revision" = EXCLUDED."revision", "at" = EXCLUDED."at";
  IF r % 1024 = 0 THEN
    WITH gone AS (DELETE FROM "catalog_changes" WHERE "at" < now() - interval '1 day' RETURNING "revision")
    UPDATE "catalog_revision" SET "pruned_revision" = GREATEST("pruned_revision", (SELECT max("revision") FROM gone))
      WHERE "id" = 1 AND EXISTS (SELECT 1 FROM gone);
  END IF;
  -- PostgreSQL's instances learn of it at once (one notification per transaction: equal ones are folded)
  PERFORM pg_notify('catalog_changed', '');
END
$$;
--> statement-breakpoint
-- One function for every catalogue table: what changed, by the old and the new row (both when a key moved).
CREATE OR REPLACE FUNCTION "bump_catalog_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
  kind text := 'product';
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP <> 'INSERT' THEN old_key := OLD."code"; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := NEW."code"; END IF;
  ELSIF TG_TABLE_NAME IN ('product_variants', 'product_images', 'price_plans') THEN
    IF TG_OP <> 'INSERT' THEN old_key := OLD."product_code"; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := NEW."product_code"; END IF;
  ELSIF TG_TABLE_NAME IN ('subscription_terms', 'charge_entries') THEN
    -- the plan's product at commit (a plan deleted in the same transaction announced its product itself)
    IF TG_OP <> 'INSERT' THEN SELECT "product_code" INTO old_key FROM "price_plans" WHERE "id" = OLD."price_plan_id"; END IF;
    IF TG_OP <> 'DELETE' THEN SELECT "product_code" INTO new_key FROM "price_plans" WHERE "id" = NEW."price_plan_id"; END IF;
  ELSIF TG_TABLE_NAME = 'stock' THEN
    kind := 'stock';
    IF TG_OP <> 'INSERT' THEN old_key := OLD."variant_code"; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := NEW."variant_code"; END IF;
  ELSIF TG_TABLE_NAME = 'device_prices' THEN
    kind := 'device_price';
    IF TG_OP <> 'INSERT' THEN old_key := OLD."device_code"; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := NEW."device_code"; END IF;
  ELSIF TG_TABLE_NAME = 'product_references' THEN
    kind := 'reference';
    IF TG_OP <> 'INSERT' THEN old_key := OLD."product_code"; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := NEW."product_code"; END IF;
  ELSIF TG_TABLE_NAME = 'cms_components' THEN
    kind := 'cms';
    IF TG_OP <> 'INSERT' THEN old_key := OLD."id"; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := NEW."id"; END IF;
  END IF;
  IF old_key IS NULL AND new_key IS NULL THEN
    -- nothing to name (a term of a plan already gone): the revision still moves
    UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
    RETURN NULL;
  END IF;
  IF old_key IS DISTINCT FROM new_key THEN PERFORM "record_catalog_change"(kind, old_key); END IF;
  PERFORM "record_catalog_change"(kind, new_key);
  RETURN NULL;
END
$$;
