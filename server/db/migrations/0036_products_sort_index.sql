-- Issue 25: the read model's full rebuild reads the products in list order (sort_order, then the code in byte order as
-- JavaScript compares it), a page at a time after the last one read: without this index each page sorted every product.
CREATE INDEX IF NOT EXISTS "products_sort_idx" ON "products" USING btree ("sort_order","code" COLLATE "C");
