CREATE TABLE "card_bin_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_bin_id" integer NOT NULL,
	"company_id" integer,
	"merchant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_bin_assignments_company" UNIQUE("card_bin_id","company_id"),
	CONSTRAINT "card_bin_assignments_merchant" UNIQUE("card_bin_id","merchant_id"),
	CONSTRAINT "card_bin_assignments_one_owner" CHECK (("card_bin_assignments"."company_id" is null) <> ("card_bin_assignments"."merchant_id" is null))
);
--> statement-breakpoint
CREATE TABLE "card_bins" (
	"id" serial PRIMARY KEY NOT NULL,
	"bin" text NOT NULL,
	"channel_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"currency" text NOT NULL,
	"card_mode" text NOT NULL,
	"region" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_bins_channel_bin" UNIQUE("channel_id","bin"),
	CONSTRAINT "card_bins_bin_digits" CHECK ("card_bins"."bin" ~ '^[0-9]{6,8}$'),
	CONSTRAINT "card_bins_card_mode" CHECK ("card_bins"."card_mode" in ('prepaid', 'shared'))
);
--> statement-breakpoint
CREATE TABLE "cardholders" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"birthday" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_bin_assignments" ADD CONSTRAINT "card_bin_assignments_card_bin_id_card_bins_id_fk" FOREIGN KEY ("card_bin_id") REFERENCES "public"."card_bins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bin_assignments" ADD CONSTRAINT "card_bin_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bin_assignments" ADD CONSTRAINT "card_bin_assignments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bins" ADD CONSTRAINT "card_bins_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholders" ADD CONSTRAINT "cardholders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cardholders_merchant" ON "cardholders" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cardholders_one_default" ON "cardholders" USING btree ("merchant_id") WHERE "cardholders"."is_default";