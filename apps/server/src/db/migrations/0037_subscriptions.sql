CREATE SEQUENCE "public"."subscription_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "subscription_order_assets" (
	"order_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"from_sequence" integer NOT NULL,
	"until_sequence" integer,
	"prior_usage_mode" text NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "subscription_order_assets_order_id_asset_id_from_sequence_pk" PRIMARY KEY("order_id","asset_id","from_sequence")
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"next_plan_id" uuid,
	"asset_quota" integer NOT NULL,
	"asset_transfer_site_id" uuid NOT NULL,
	"renew_strategy" text NOT NULL,
	"terminate_time" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"usage_period_mode" text NOT NULL,
	"billing_day_of_month" integer,
	"payment_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"currency" text NOT NULL,
	"timezone" text NOT NULL,
	"status" text DEFAULT 'subscribed' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"fixed_through" integer DEFAULT 1 NOT NULL,
	"next_fix_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"plan_id" uuid NOT NULL,
	"basic_fee" numeric(12, 2) NOT NULL,
	"usage_fee" numeric(12, 2) NOT NULL,
	"usage_fee_upper_limit" numeric(12, 2) NOT NULL,
	"deductible" double precision NOT NULL,
	"asset_count" integer NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"anchor_offset" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_periods_range" CHECK ("subscription_periods"."ends_at" > "subscription_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"package_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"basic_fee" numeric(12, 2) NOT NULL,
	"usage_fee" numeric(12, 2) NOT NULL,
	"usage_fee_upper_limit" numeric(12, 2) NOT NULL,
	"initial_availability" integer NOT NULL,
	"deductible" double precision NOT NULL,
	"duration_unit" text NOT NULL,
	"duration_quantity" integer NOT NULL,
	"valid_since" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"cannot_be_first_plan" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_valid_range" CHECK ("subscription_plans"."valid_until" > "subscription_plans"."valid_since")
);
--> statement-breakpoint
CREATE TABLE "subscription_trades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"fee_type" text NOT NULL,
	"state" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"exempted" numeric(12, 2) DEFAULT 0 NOT NULL,
	"refunded" numeric(12, 2) DEFAULT 0 NOT NULL,
	"usage_seconds" double precision,
	"deducted_seconds" double precision,
	"deducted" numeric(12, 2) DEFAULT 0 NOT NULL,
	"claimable_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"payment_id" uuid,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_trades_amounts" CHECK ("subscription_trades"."amount" >= 0 and "subscription_trades"."exempted" >= 0 and "subscription_trades"."refunded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_trip_usage" (
	"order_id" uuid NOT NULL,
	"trip_id" uuid NOT NULL,
	"counted_seconds" double precision NOT NULL,
	CONSTRAINT "subscription_trip_usage_order_id_trip_id_pk" PRIMARY KEY("order_id","trip_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_order_assets" ADD CONSTRAINT "subscription_order_assets_order_id_subscription_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_order_assets" ADD CONSTRAINT "subscription_order_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_package_id_subscription_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."subscription_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_next_plan_id_subscription_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_asset_transfer_site_id_sites_id_fk" FOREIGN KEY ("asset_transfer_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_packages" ADD CONSTRAINT "subscription_packages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_packages" ADD CONSTRAINT "subscription_packages_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_order_id_subscription_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_package_id_subscription_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."subscription_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_trades" ADD CONSTRAINT "subscription_trades_order_id_subscription_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_trades" ADD CONSTRAINT "subscription_trades_period_id_subscription_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."subscription_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_trades" ADD CONSTRAINT "subscription_trades_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_trip_usage" ADD CONSTRAINT "subscription_trip_usage_order_id_subscription_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_order_assets_held_key" ON "subscription_order_assets" USING btree ("asset_id") WHERE "subscription_order_assets"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_no_key" ON "subscription_orders" USING btree ("no");--> statement-breakpoint
CREATE INDEX "subscription_orders_partner_created_idx" ON "subscription_orders" USING btree ("partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscription_orders_status_created_idx" ON "subscription_orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscription_orders_next_fix_idx" ON "subscription_orders" USING btree ("next_fix_at") WHERE "subscription_orders"."next_fix_at" is not null;--> statement-breakpoint
CREATE INDEX "subscription_orders_ends_idx" ON "subscription_orders" USING btree ("ends_at") WHERE "subscription_orders"."status" <> 'finished';--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_packages_partner_name_key" ON "subscription_packages" USING btree ("partner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "subscription_packages_created_idx" ON "subscription_packages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_order_seq_key" ON "subscription_periods" USING btree ("order_id","sequence");--> statement-breakpoint
CREATE INDEX "subscription_periods_closes_idx" ON "subscription_periods" USING btree ("closes_at") WHERE "subscription_periods"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "subscription_plans_package_idx" ON "subscription_plans" USING btree ("package_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_trades_period_fee_key" ON "subscription_trades" USING btree ("period_id","fee_type");--> statement-breakpoint
CREATE INDEX "subscription_trades_order_idx" ON "subscription_trades" USING btree ("order_id","claimable_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscription_trades_open_idx" ON "subscription_trades" USING btree ("state","claimable_at") WHERE "subscription_trades"."state" in ('Pending', 'Claimable', 'Processing', 'Failed');