-- One list of the operator's shops: selfcare_stores (the self-care module's) is also the pickup points of delivery;
-- delivery's pickup_stores goes. The pickup address parts move onto selfcare_stores.
ALTER TABLE "selfcare_stores" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "selfcare_stores" ADD COLUMN "street_number" text;--> statement-breakpoint
ALTER TABLE "selfcare_stores" ADD COLUMN "street_number_code" text;--> statement-breakpoint
ALTER TABLE "selfcare_stores" ADD COLUMN "suburb" text;--> statement-breakpoint
ALTER TABLE "selfcare_stores" ADD COLUMN "tis_address_code" text;--> statement-breakpoint
-- A database seeded before: the shops get their address parts (a fresh one gets them from the seed, after this).
UPDATE "selfcare_stores" AS s SET "street" = v.street, "street_number" = v.num, "street_number_code" = v.num_code, "suburb" = v.suburb, "tis_address_code" = v.tis
FROM (VALUES
  ('BG-BULEVAR', 'Bulevar kralja Aleksandra', '73', 'TIS-1001-73', 'Vračar', 'TIS-1001-73'),
  ('BG-USCE', 'Bulevar Mihajla Pupina', '4', NULL, 'TC Ušće', NULL),
  ('NS-CENTAR', 'Bulevar oslobođenja', '119', NULL, NULL, NULL),
  ('NI-CENTAR', 'Obrenovićeva', '38', NULL, NULL, NULL),
  ('KG-CENTAR', 'Kralja Petra I', '12', NULL, NULL, NULL)
) AS v(code, street, num, num_code, suburb, tis)
WHERE s."code" = v.code;--> statement-breakpoint
-- ...and the pickup points only delivery had (Subotica, Čačak), when the shops were seeded already.
INSERT INTO "selfcare_stores" ("code", "name", "line1", "postal_code", "town", "hours", "phone", "note", "pickup", "sort_order", "street", "street_number")
SELECT v.* FROM (VALUES
  ('SU-KORZO', '{"sr":"Subotica","en":"Subotica"}'::jsonb, 'Korzo 9', '24000', '{"sr":"Subotica","en":"Subotica"}'::jsonb,
   '[{"sr":"Radnim danima 8–20","en":"Weekdays 8–20"},{"sr":"Subotom 9–14","en":"Saturdays 9–14"}]'::jsonb, '024 300 3006', NULL::jsonb, true, 6, 'Korzo', '9'),
  ('CA-CENTAR', '{"sr":"Čačak","en":"Čačak"}'::jsonb, 'Gradsko šetalište 7', '32000', '{"sr":"Čačak","en":"Čačak"}'::jsonb,
   '[{"sr":"Radnim danima 8–19","en":"Weekdays 8–19"},{"sr":"Subotom 9–13","en":"Saturdays 9–13"}]'::jsonb, '032 300 3007', NULL::jsonb, true, 7, 'Gradsko šetalište', '7')
) AS v WHERE EXISTS (SELECT 1 FROM "selfcare_stores")
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- A cart's chosen pickup store named the old id (NS_CENTAR): it is the shop's code now (NS-CENTAR).
UPDATE "carts" SET "delivery_address" = jsonb_set("delivery_address", '{pickupStoreId}', to_jsonb(replace("delivery_address"->>'pickupStoreId', '_', '-')))
WHERE "delivery_address"->>'deliveryAddressType' = 'PICKUP_ADDRESS' AND "delivery_address"->>'pickupStoreId' IS NOT NULL;--> statement-breakpoint
DROP TABLE "pickup_stores" CASCADE;
