CREATE TABLE "card_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sign" text,
	"amount" bigint,
	"currency" text NOT NULL,
	"reason_code" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason_code" text,
	"review_note" text,
	"entry_id" bigint,
	CONSTRAINT "card_requests_kind" CHECK ("card_requests"."kind" in ('cancel', 'balanceUpdate')),
	CONSTRAINT "card_requests_status_values" CHECK ("card_requests"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "card_requests_update_fields" CHECK ("card_requests"."kind" <> 'balanceUpdate' or ("card_requests"."sign" in ('+', '-') and "card_requests"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "card_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"reason_code" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"card_bin_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"cardholder_id" integer NOT NULL,
	"batch_request_id" text NOT NULL,
	"channel_card_ref" text,
	"currency" text NOT NULL,
	"card_mode" text NOT NULL,
	"region" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"usage_type" text NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"first6" text DEFAULT '' NOT NULL,
	"last4" text DEFAULT '' NOT NULL,
	"number_enc" text,
	"security_code_enc" text,
	"expiry" text NOT NULL,
	"initial_amount" bigint DEFAULT 0 NOT NULL,
	"initial_hold_id" bigint,
	"limit_per_transaction" bigint,
	"limit_daily" bigint,
	"limit_monthly" bigint,
	"limit_lifetime" bigint,
	"pending_transactions" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_card_mode" CHECK ("cards"."card_mode" in ('prepaid', 'shared')),
	CONSTRAINT "cards_pending_nonnegative" CHECK ("cards"."pending_transactions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "channel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"answer" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_events_channel_event" UNIQUE("channel_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_status_history" ADD CONSTRAINT "card_status_history_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_card_bin_id_card_bins_id_fk" FOREIGN KEY ("card_bin_id") REFERENCES "public"."card_bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_cardholder_id_cardholders_id_fk" FOREIGN KEY ("cardholder_id") REFERENCES "public"."cardholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_requests_status" ON "card_requests" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "card_requests_card" ON "card_requests" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_requests_one_pending_cancel" ON "card_requests" USING btree ("card_id") WHERE "card_requests"."kind" = 'cancel' and "card_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "card_status_history_card" ON "card_status_history" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "cards_merchant" ON "cards" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "cards_status" ON "cards" USING btree ("status");--> statement-breakpoint
CREATE INDEX "cards_batch" ON "cards" USING btree ("batch_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_channel_ref" ON "cards" USING btree ("channel_id","channel_card_ref");