CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"version" text NOT NULL,
	"rss_bytes" bigint NOT NULL,
	"heap_used_bytes" bigint NOT NULL,
	"db_connections" integer NOT NULL,
	"db_idle" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buttons" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "edited_at" timestamp with time zone;