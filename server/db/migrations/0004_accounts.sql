CREATE TABLE "account_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"reference" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"posting_id" bigint,
	"entry_id" bigint,
	"request_id" bigint,
	"actor_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_movements_posting_id_unique" UNIQUE("posting_id")
);
--> statement-breakpoint
CREATE TABLE "account_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"reason_code" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"beneficiary" text DEFAULT '' NOT NULL,
	"proof_file_id" integer,
	"hold_id" bigint,
	"entry_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"reason_code" text,
	"review_note" text
);
--> statement-breakpoint
CREATE TABLE "platform_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"swift" text DEFAULT '' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"branch_code" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_movements_time_idx" ON "account_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "account_movements_merchant_idx" ON "account_movements" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "account_movements_company_idx" ON "account_movements" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "account_movements_type_idx" ON "account_movements" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "account_movements_status_idx" ON "account_movements" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "account_movements_currency_idx" ON "account_movements" USING btree ("currency","created_at","id");--> statement-breakpoint
CREATE INDEX "account_movements_request_idx" ON "account_movements" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "account_request_events_request_idx" ON "account_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "account_requests_status_idx" ON "account_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "platform_bank_accounts_currency_idx" ON "platform_bank_accounts" USING btree ("currency","id");