-- The UI documents in the database (issue 29): immutable published versions of the whole document set (texts stored
-- once by their sha256 in ui_blobs), the single live pointer ui_live (id 1) and one draft per document. A change of the
-- live pointer notifies `ui_published` (payload: the version id) at commit: every instance loads that version and
-- swaps its served set. orders.ui_version_id records the version an order was placed under.
CREATE TABLE "ui_blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ui_drafts" (
	"path" text PRIMARY KEY NOT NULL,
	"author_id" integer,
	"base_version_id" integer NOT NULL,
	"text" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ui_live" (
	"id" integer PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"baseline_hash" text NOT NULL,
	"baseline_version_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ui_live_single" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ui_version_documents" (
	"version_id" integer NOT NULL,
	"path" text NOT NULL,
	"blob_hash" text NOT NULL,
	CONSTRAINT "ui_version_documents_pk" PRIMARY KEY("version_id","path")
);
--> statement-breakpoint
CREATE TABLE "ui_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"rollback_of" integer,
	"content_hash" text NOT NULL,
	CONSTRAINT "ui_versions_kind" CHECK ("kind" IN ('baseline', 'publish', 'rollback'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ui_version_id" integer;--> statement-breakpoint
ALTER TABLE "ui_drafts" ADD CONSTRAINT "ui_drafts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_drafts" ADD CONSTRAINT "ui_drafts_base_version_id_ui_versions_id_fk" FOREIGN KEY ("base_version_id") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_live" ADD CONSTRAINT "ui_live_version_id_ui_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_live" ADD CONSTRAINT "ui_live_baseline_version_id_ui_versions_id_fk" FOREIGN KEY ("baseline_version_id") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_version_documents" ADD CONSTRAINT "ui_version_documents_version_id_ui_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_version_documents" ADD CONSTRAINT "ui_version_documents_blob_hash_ui_blobs_hash_fk" FOREIGN KEY ("blob_hash") REFERENCES "public"."ui_blobs"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_versions" ADD CONSTRAINT "ui_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_versions" ADD CONSTRAINT "ui_versions_parent_id_ui_versions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_versions" ADD CONSTRAINT "ui_versions_rollback_of_ui_versions_id_fk" FOREIGN KEY ("rollback_of") REFERENCES "public"."ui_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_ui_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ui_published', NEW."version_id"::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ui_live_published" AFTER INSERT OR UPDATE OF "version_id" ON "ui_live"
  FOR EACH ROW EXECUTE FUNCTION "notify_ui_published"();
