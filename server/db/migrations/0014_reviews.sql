CREATE TABLE "sandbox_operations" (
	"channel_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"card_ref" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_operations_key" PRIMARY KEY("channel_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"subject" text NOT NULL,
	"item_id" bigint NOT NULL,
	"reviewer_id" integer NOT NULL,
	"decision" text NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "review_decisions_item" PRIMARY KEY("subject","item_id"),
	CONSTRAINT "review_decisions_status" CHECK ("review_decisions"."status" in ('deciding', 'decided', 'released')),
	CONSTRAINT "review_decisions_decision" CHECK ("review_decisions"."decision" in ('approve', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_operations" ADD CONSTRAINT "sandbox_operations_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;