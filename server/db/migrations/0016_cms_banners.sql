ALTER TABLE "cms_components" ADD COLUMN "category_code" text;--> statement-breakpoint
ALTER TABLE "cms_components" ADD COLUMN "web_position" integer;--> statement-breakpoint
ALTER TABLE "cms_components" ADD COLUMN "link_url" text;