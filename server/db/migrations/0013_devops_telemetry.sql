CREATE TABLE "channel_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"operation" text NOT NULL,
	"ok" boolean NOT NULL,
	"failure_kind" text,
	"latency_ms" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_stats" (
	"minute" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status_class" smallint NOT NULL,
	"count" integer NOT NULL,
	"total_ms" bigint NOT NULL,
	"max_ms" integer NOT NULL,
	CONSTRAINT "route_stats_minute_method_route_status_class_pk" PRIMARY KEY("minute","method","route","status_class")
);
--> statement-breakpoint
CREATE TABLE "webhook_outcomes" (
	"minute" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "webhook_outcomes_minute_channel_outcome_reason_pk" PRIMARY KEY("minute","channel","outcome","reason")
);
--> statement-breakpoint
ALTER TABLE "channel_calls" ADD CONSTRAINT "channel_calls_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_calls_at" ON "channel_calls" USING btree ("at");