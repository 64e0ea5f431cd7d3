CREATE TABLE "card_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"txn_ref" text NOT NULL,
	"original_txn_ref" text,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"result" text NOT NULL,
	"decline_reason" text,
	"auth_code" text,
	"merchant_amount" bigint NOT NULL,
	"merchant_currency" text NOT NULL,
	"card_amount" bigint NOT NULL,
	"card_currency" text NOT NULL,
	"exchange_rate" text NOT NULL,
	"cleared_amount" bigint DEFAULT 0 NOT NULL,
	"merchant_name" text NOT NULL,
	"region" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hold_id" bigint,
	"entry_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_transactions_type" CHECK ("card_transactions"."type" in ('purchase', 'refund')),
	CONSTRAINT "card_transactions_status" CHECK ("card_transactions"."status" in ('success', 'pending', 'rejected', 'cancel')),
	CONSTRAINT "card_transactions_cleared_within" CHECK ("card_transactions"."cleared_amount" >= 0 and "card_transactions"."cleared_amount" <= "card_transactions"."card_amount")
);
--> statement-breakpoint
CREATE TABLE "channel_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"operation" text NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"failure_percent" integer DEFAULT 0 NOT NULL,
	"failure_kind" text DEFAULT 'refused' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_parameters_channel_operation" UNIQUE("channel_id","operation"),
	CONSTRAINT "channel_parameters_latency" CHECK ("channel_parameters"."latency_ms" between 0 and 60000),
	CONSTRAINT "channel_parameters_failure" CHECK ("channel_parameters"."failure_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_parameters" ADD CONSTRAINT "channel_parameters_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_channel_ref" ON "card_transactions" USING btree ("channel_id","txn_ref");--> statement-breakpoint
CREATE INDEX "card_transactions_merchant_time" ON "card_transactions" USING btree ("merchant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_card_time" ON "card_transactions" USING btree ("card_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_status_time" ON "card_transactions" USING btree ("status","occurred_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_time" ON "card_transactions" USING btree ("occurred_at","id");