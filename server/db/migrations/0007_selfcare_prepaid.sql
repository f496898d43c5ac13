CREATE TABLE "selfcare_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"done_at" timestamp with time zone,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "selfcare_prepaid_registrations" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"code" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"reserved_amount" integer DEFAULT 0 NOT NULL,
	"customer_id" text,
	"first_name" text,
	"last_name" text,
	"document_type" text,
	"document_number" text,
	"video_slot" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "selfcare_prepaid_registrations_status" CHECK ("selfcare_prepaid_registrations"."status" IN ('PENDING', 'REGISTERED', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "selfcare_prepaid_registrations" ADD CONSTRAINT "selfcare_prepaid_registrations_msisdn_selfcare_subscribers_msisdn_fk" FOREIGN KEY ("msisdn") REFERENCES "public"."selfcare_subscribers"("msisdn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "selfcare_jobs_kind_subject" ON "selfcare_jobs" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "selfcare_jobs_due_idx" ON "selfcare_jobs" USING btree ("run_at") WHERE "selfcare_jobs"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "selfcare_prepaid_registrations_one_per_slot" ON "selfcare_prepaid_registrations" USING btree ("video_slot") WHERE "selfcare_prepaid_registrations"."video_slot" IS NOT NULL;