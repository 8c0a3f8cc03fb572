CREATE TABLE "leases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'InUse' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"return_submitted_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"asset_category_id" uuid NOT NULL,
	"program_id" uuid,
	"status" text DEFAULT 'New' NOT NULL,
	"rent_site_id" uuid,
	"return_site_id" uuid,
	"payment_plan_id" uuid,
	"plan_frequency" integer,
	"plan_unit" text,
	"unit_price" numeric(12, 2),
	"price_unit" text,
	"discount_id" uuid,
	"discount_percent" numeric(5, 2),
	"currency" text NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"next_payment_time" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_asset_category_id_asset_categories_id_fk" FOREIGN KEY ("asset_category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_program_id_rental_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."rental_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rent_site_id_sites_id_fk" FOREIGN KEY ("rent_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_return_site_id_sites_id_fk" FOREIGN KEY ("return_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leases_active_asset_key" ON "leases" USING btree ("asset_id") WHERE "leases"."status" in ('InUse', 'Returning');--> statement-breakpoint
CREATE INDEX "leases_order_idx" ON "leases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "leases_customer_active_idx" ON "leases" USING btree ("customer_id") WHERE "leases"."status" in ('InUse', 'Returning');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "orders_partner_created_idx" ON "orders" USING btree ("partner_id","created_at");