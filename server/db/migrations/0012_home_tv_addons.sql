CREATE TABLE "home_free_addon_limits" (
	"package_code" text PRIMARY KEY NOT NULL,
	"free_addons_limit" integer NOT NULL,
	CONSTRAINT "home_free_addon_limits_range" CHECK ("home_free_addon_limits"."free_addons_limit" BETWEEN 0 AND 10)
);
--> statement-breakpoint
CREATE TABLE "home_tv_addon_offers" (
	"package_code" text NOT NULL,
	"addon_code" text NOT NULL,
	"relation" text NOT NULL,
	"max_allowed_quantity" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "home_tv_addon_offers_package_code_addon_code_relation_pk" PRIMARY KEY("package_code","addon_code","relation")
);
