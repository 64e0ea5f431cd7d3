CREATE TABLE "company_email_accounts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"password_sealed" text,
	"sender_name" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"dns_records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dns_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_accounts_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "send_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"number" integer NOT NULL,
	"account_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"stage" text NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"answer" text,
	CONSTRAINT "send_attempts_record_number" UNIQUE("record_id","number")
);
--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "resend_of" integer;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "requested_by" integer;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_email_accounts" ADD CONSTRAINT "company_email_accounts_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_attempts" ADD CONSTRAINT "send_attempts_record_id_send_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."send_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_records" ADD CONSTRAINT "send_records_resend_of_send_records_id_fk" FOREIGN KEY ("resend_of") REFERENCES "public"."send_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "send_records_status" ON "send_records" USING btree ("status");