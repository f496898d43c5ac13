-- Issue 27: the cart's one-time charges besides its entries (a nice number's price), so every total the shopper sees
-- and the amount the gateway charges come from one computation (server/cart/view.ts cartTotals).
ALTER TABLE "carts" ADD COLUMN IF NOT EXISTS "one_time_charges" jsonb DEFAULT '[]'::jsonb NOT NULL;
