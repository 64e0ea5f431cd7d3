CREATE TABLE "card_group_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_limit" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_group_cards_limit" CHECK ("card_group_cards"."card_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_group_rule_visibility" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"company_id" integer,
	"merchant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_group_rule_visibility_company" UNIQUE("rule_id","company_id"),
	CONSTRAINT "card_group_rule_visibility_merchant" UNIQUE("rule_id","merchant_id"),
	CONSTRAINT "card_group_rule_visibility_one" CHECK (("card_group_rule_visibility"."company_id" is null) <> ("card_group_rule_visibility"."merchant_id" is null))
);
--> statement-breakpoint
CREATE TABLE "card_group_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"merchant_id" integer,
	"floating_ratio_bps" integer NOT NULL,
	"warning_threshold_bps" integer NOT NULL,
	"max_cards" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_group_rules_ratio" CHECK ("card_group_rules"."floating_ratio_bps" between 0 and 100000),
	CONSTRAINT "card_group_rules_threshold" CHECK ("card_group_rules"."warning_threshold_bps" between 0 and 10000),
	CONSTRAINT "card_group_rules_max_cards" CHECK ("card_group_rules"."max_cards" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "card_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"deposit" bigint NOT NULL,
	"request_id" text NOT NULL,
	"warned" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_groups_deposit" CHECK ("card_groups"."deposit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "card_group_cards" ADD CONSTRAINT "card_group_cards_group_id_card_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."card_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_group_cards" ADD CONSTRAINT "card_group_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_group_rule_visibility" ADD CONSTRAINT "card_group_rule_visibility_rule_id_card_group_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."card_group_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_group_rule_visibility" ADD CONSTRAINT "card_group_rule_visibility_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_group_rule_visibility" ADD CONSTRAINT "card_group_rule_visibility_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_group_rules" ADD CONSTRAINT "card_group_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_groups" ADD CONSTRAINT "card_groups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_groups" ADD CONSTRAINT "card_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_groups" ADD CONSTRAINT "card_groups_rule_id_card_group_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."card_group_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_group_cards_card" ON "card_group_cards" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_group_cards_group" ON "card_group_cards" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "card_group_rules_merchant" ON "card_group_rules" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_groups_request" ON "card_groups" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "card_groups_merchant" ON "card_groups" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "card_groups_rule" ON "card_groups" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "card_transactions_group_card" ON "card_transactions" USING btree ("group_id","card_id") WHERE "card_transactions"."group_id" is not null;