CREATE TABLE "user_consents" (
	"user_id" integer NOT NULL,
	"consent_template_id" text NOT NULL,
	"consent_code" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "user_consents_user_id_consent_template_id_pk" PRIMARY KEY("user_id","consent_template_id"),
	CONSTRAINT "user_consents_consent_code_unique" UNIQUE("consent_code")
);
--> statement-breakpoint
CREATE TABLE "selfcare_contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket" text NOT NULL,
	"topic" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"lang" text NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selfcare_contact_messages_ticket_unique" UNIQUE("ticket")
);
--> statement-breakpoint
CREATE TABLE "selfcare_dont_call" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"effective_from" text NOT NULL,
	"effective_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "selfcare_dont_call_kind" CHECK ("selfcare_dont_call"."kind" IN ('MSISDN', 'HOMELINE'))
);
--> statement-breakpoint
CREATE TABLE "selfcare_stores" (
	"code" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"line1" text NOT NULL,
	"postal_code" text NOT NULL,
	"town" jsonb NOT NULL,
	"hours" jsonb NOT NULL,
	"phone" text NOT NULL,
	"note" jsonb,
	"pickup" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "selfcare_dont_call_one_open" ON "selfcare_dont_call" USING btree ("kind","number") WHERE "selfcare_dont_call"."removed_at" IS NULL;