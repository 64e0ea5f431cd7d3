CREATE TABLE "sandbox_cards" (
	"card_ref" text PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"client_ref" text NOT NULL,
	"currency" text NOT NULL,
	"number_enc" text NOT NULL,
	"security_code_enc" text NOT NULL,
	"expiry" text NOT NULL,
	"creation_result" text NOT NULL,
	"status" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"limits" jsonb,
	"deliver_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_cards_client" UNIQUE("channel_id","client_ref"),
	CONSTRAINT "sandbox_cards_balance" CHECK ("sandbox_cards"."balance" >= 0)
);
--> statement-breakpoint
DROP INDEX "cards_batch";--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "batch_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD CONSTRAINT "sandbox_cards_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_cards_due" ON "sandbox_cards" USING btree ("deliver_at") WHERE "sandbox_cards"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_batch" ON "cards" USING btree ("batch_request_id","batch_index");