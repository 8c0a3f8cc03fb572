CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"program_id" uuid NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"discount_percent" numeric(5, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"price_unit" text NOT NULL,
	"currency" text NOT NULL,
	"plan_frequency" integer NOT NULL,
	"plan_unit" text NOT NULL,
	"plan_priority" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_deposit_parts" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"notice" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_payment_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"program_id" uuid NOT NULL,
	"frequency" integer NOT NULL,
	"unit" text NOT NULL,
	"priority" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_pricing_parts" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"price_unit" text NOT NULL,
	"currency" text NOT NULL,
	"rental_fee_notice" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_rule_parts" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"asset_rental_limit" integer NOT NULL,
	"manual_confirmation_policy" text NOT NULL,
	"cross_site_return_policy" text NOT NULL,
	"return_location_detection" text NOT NULL,
	"require_locked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_programs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"asset_category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_program_id_rental_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."rental_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_deposit_parts" ADD CONSTRAINT "program_deposit_parts_program_id_rental_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."rental_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_payment_plans" ADD CONSTRAINT "program_payment_plans_program_id_program_pricing_parts_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program_pricing_parts"("program_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_pricing_parts" ADD CONSTRAINT "program_pricing_parts_program_id_rental_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."rental_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rule_parts" ADD CONSTRAINT "program_rule_parts_program_id_rental_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."rental_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_programs" ADD CONSTRAINT "rental_programs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_programs" ADD CONSTRAINT "rental_programs_asset_category_id_asset_categories_id_fk" FOREIGN KEY ("asset_category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discounts_program_idx" ON "discounts" USING btree ("program_id","start_time");--> statement-breakpoint
CREATE INDEX "discounts_created_at_idx" ON "discounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discounts_plan_idx" ON "discounts" USING btree ("payment_plan_id") WHERE "discounts"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "program_payment_plans_frequency_key" ON "program_payment_plans" USING btree ("program_id","frequency","unit");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_programs_partner_category_key" ON "rental_programs" USING btree ("partner_id","asset_category_id");