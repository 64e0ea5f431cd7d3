CREATE TABLE "channel_account_companies" (
	"channel_account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "channel_account_companies_channel_account_id_company_id_pk" PRIMARY KEY("channel_account_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "channel_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"currency" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"swift" text DEFAULT '' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"branch_code" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_account_id" bigint NOT NULL,
	"to_account_id" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"from_amount" bigint NOT NULL,
	"to_amount" bigint NOT NULL,
	"rate" text NOT NULL,
	"spread_bps" integer NOT NULL,
	"gross" bigint NOT NULL,
	"spread" bigint NOT NULL,
	"rounding" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"entry_id" bigint,
	CONSTRAINT "fx_quotes_entry_id_unique" UNIQUE("entry_id")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_currency" text NOT NULL,
	"quote_currency" text NOT NULL,
	"rate" text NOT NULL,
	"spread_bps" integer DEFAULT 0 NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_account_companies" ADD CONSTRAINT "channel_account_companies_channel_account_id_channel_accounts_id_fk" FOREIGN KEY ("channel_account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_account_companies" ADD CONSTRAINT "channel_account_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_channel_currency_uq" ON "channel_accounts" USING btree ("channel_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_pair_uq" ON "fx_rates" USING btree ("base_currency","quote_currency");