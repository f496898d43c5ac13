-- Issue 25: an order's lines are read by their order (a sequential scan of every line without this index), and a
-- session's orders by the session, newest first.
CREATE INDEX IF NOT EXISTS "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_session_idx" ON "orders" USING btree ("session_id","id");
