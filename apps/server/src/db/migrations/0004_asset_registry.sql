CREATE TABLE "asset_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"asset_type" text NOT NULL,
	"image_url" text,
	"detail_url" text,
	"description" text,
	"is_iot" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_properties" (
	"id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value_type" text NOT NULL,
	"update_method" text NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_unique_values" (
	"property_id" uuid NOT NULL,
	"value" text NOT NULL,
	"asset_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"site_id" uuid,
	"life_cycle_state" text DEFAULT 'New' NOT NULL,
	"turnover_state" text DEFAULT 'InSite' NOT NULL,
	"usage_mode" text NOT NULL,
	"note" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"iot_device_no" text,
	"iot_vendor" text,
	"iot_model" text,
	"charge_pct" integer,
	"iot_battery_voltage_milli" integer,
	"iot_last_update_time" timestamp with time zone,
	"lock_state" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_properties" ADD CONSTRAINT "asset_properties_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_unique_values" ADD CONSTRAINT "asset_unique_values_property_id_asset_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."asset_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_unique_values" ADD CONSTRAINT "asset_unique_values_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_categories_name_key" ON "asset_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "asset_categories_created_at_idx" ON "asset_categories" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_properties_category_name_key" ON "asset_properties" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "asset_unique_values_key" ON "asset_unique_values" USING btree ("property_id","value");--> statement-breakpoint
CREATE INDEX "asset_unique_values_asset_idx" ON "asset_unique_values" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_no_key" ON "assets" USING btree ("no");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_iot_device_no_key" ON "assets" USING btree ("iot_device_no");--> statement-breakpoint
CREATE INDEX "assets_created_at_id_idx" ON "assets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assets_partner_created_idx" ON "assets" USING btree ("partner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assets_category_idx" ON "assets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "assets_site_idx" ON "assets" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "assets_life_cycle_idx" ON "assets" USING btree ("life_cycle_state");--> statement-breakpoint
CREATE INDEX "assets_properties_gin" ON "assets" USING gin ("properties" jsonb_path_ops);