-- Every change of a cart row, and a session's revocation, is announced on the channel `cart_changed` with the
-- session's id: each instance on PostgreSQL keeps the cart rows it read until one is announced
-- (server/cart/row-cache.ts). Triggers, so that no write path, nor a change made by hand, can be missed.
CREATE OR REPLACE FUNCTION "notify_cart_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cart_changed', OLD."session_id");
  ELSE
    PERFORM pg_notify('cart_changed', NEW."session_id");
    IF TG_OP = 'UPDATE' AND OLD."session_id" IS DISTINCT FROM NEW."session_id" THEN
      PERFORM pg_notify('cart_changed', OLD."session_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "carts_changed" AFTER INSERT OR UPDATE OR DELETE ON "carts" FOR EACH ROW EXECUTE FUNCTION "notify_cart_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cart_changed', NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_revoked"();
