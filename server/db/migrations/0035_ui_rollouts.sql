-- Scheduled and partial rollout of UI versions (issue 29): a version served to a share of sessions (sticky by a hash
-- of the session id) from a start time, stopped (kill switch) or promoted (made live); share 100 is a scheduled
-- publish. Orders record the rollout and its share. A change of a rollout notifies `ui_published` like the live
-- pointer: every instance reads both again. A draft may delete its document (ui_drafts.deleted).
CREATE TABLE "ui_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"base_version_id" integer NOT NULL,
	"share" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	CONSTRAINT "ui_rollouts_share" CHECK ("share" BETWEEN 1 AND 100),
	CONSTRAINT "ui_rollouts_state" CHECK ("state" IN ('active', 'stopped', 'promoted'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ui_rollout_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ui_rollout_share" integer;--> statement-breakpoint
ALTER TABLE "ui_drafts" ADD COLUMN "deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ui_rollouts" ADD CONSTRAINT "ui_rollouts_version_id_ui_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_rollouts" ADD CONSTRAINT "ui_rollouts_base_version_id_ui_versions_id_fk" FOREIGN KEY ("base_version_id") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_rollouts" ADD CONSTRAINT "ui_rollouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_rollouts" ADD CONSTRAINT "ui_rollouts_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ui_rollouts_one_active" ON "ui_rollouts" USING btree ("state") WHERE "state" = 'active';--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_ui_rollout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ui_published', 'rollout:' || NEW."id"::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ui_rollouts_changed" AFTER INSERT OR UPDATE ON "ui_rollouts"
  FOR EACH ROW EXECUTE FUNCTION "notify_ui_rollout"();
