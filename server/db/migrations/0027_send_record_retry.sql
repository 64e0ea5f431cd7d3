ALTER TABLE "send_records" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "expires_at" timestamp with time zone;