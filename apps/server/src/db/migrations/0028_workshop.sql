CREATE SEQUENCE "public"."customer_ticket_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "checklist_record_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"record_id" uuid NOT NULL,
	"group_id" uuid,
	"work_item_id" uuid,
	"kind" text NOT NULL,
	"content" text,
	"file_name" text,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"ticket_id" uuid,
	"site_id" uuid,
	"snapshot" jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"currency" text NOT NULL,
	"charge_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cost_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cost_statement" jsonb,
	"finalized_at" timestamp with time zone,
	"excluded_at" timestamp with time zone,
	"excluded_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_work_item_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"checklist_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_required" boolean DEFAULT true NOT NULL,
	"is_all_work_items_required" boolean DEFAULT false NOT NULL,
	"work_item_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"asset_category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"basic_cost_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"asset_life_cycle_prefer_to" text,
	"status" text DEFAULT 'Inuse' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_ticket_adjustments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"payment_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_ticket_adjustments_amount_positive" CHECK ("customer_ticket_adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_ticket_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"user_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_ticket_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"invoice_no" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"tax_group_id" uuid,
	"tax_group_name" text,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_no" text NOT NULL,
	"asset_partner_id" uuid NOT NULL,
	"provider_partner_id" uuid NOT NULL,
	"center_site_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"customer_id" uuid,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"status" text DEFAULT 'new' NOT NULL,
	"mechanic_user_id" uuid,
	"operation_type" text DEFAULT 'regular' NOT NULL,
	"swapped_asset_id" uuid,
	"order_id" uuid,
	"issues" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"check_in_note" text,
	"pause_reason" text,
	"pause_note" text,
	"fail_reason" text,
	"currency" text NOT NULL,
	"service_fee" numeric(12, 2),
	"exempt_refund_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"exempt_refund_reason" text,
	"last_charge_at" timestamp with time zone,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"processing_since" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_item_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"work_item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"cost_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"price" numeric(12, 2),
	"description" text,
	"image_url" text,
	"sku" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_item_options_cost_nonnegative" CHECK ("work_item_options"."cost_amount" >= 0),
	CONSTRAINT "work_item_options_price_nonnegative" CHECK ("work_item_options"."price" IS NULL OR "work_item_options"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"result_mode" text DEFAULT 'single' NOT NULL,
	"status" text DEFAULT 'Inuse' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklist_record_attachments" ADD CONSTRAINT "checklist_record_attachments_record_id_checklist_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."checklist_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_record_attachments" ADD CONSTRAINT "checklist_record_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_ticket_id_customer_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."customer_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_excluded_by_users_id_fk" FOREIGN KEY ("excluded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_work_item_groups" ADD CONSTRAINT "checklist_work_item_groups_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ticket_adjustments" ADD CONSTRAINT "customer_ticket_adjustments_ticket_id_customer_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."customer_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ticket_adjustments" ADD CONSTRAINT "customer_ticket_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ticket_events" ADD CONSTRAINT "customer_ticket_events_ticket_id_customer_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."customer_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ticket_events" ADD CONSTRAINT "customer_ticket_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ticket_invoices" ADD CONSTRAINT "customer_ticket_invoices_ticket_id_customer_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."customer_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ticket_invoices" ADD CONSTRAINT "customer_ticket_invoices_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_asset_partner_id_partners_id_fk" FOREIGN KEY ("asset_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_provider_partner_id_partners_id_fk" FOREIGN KEY ("provider_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_center_site_id_sites_id_fk" FOREIGN KEY ("center_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_mechanic_user_id_users_id_fk" FOREIGN KEY ("mechanic_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_swapped_asset_id_assets_id_fk" FOREIGN KEY ("swapped_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_options" ADD CONSTRAINT "work_item_options_work_item_id_work_items_id_fk" FOREIGN KEY ("work_item_id") REFERENCES "public"."work_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_record_attachments_record_idx" ON "checklist_record_attachments" USING btree ("record_id","created_at");--> statement-breakpoint
CREATE INDEX "checklist_records_partner_created_idx" ON "checklist_records" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "checklist_records_asset_idx" ON "checklist_records" USING btree ("asset_id","created_at");--> statement-breakpoint
CREATE INDEX "checklist_records_ticket_idx" ON "checklist_records" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "checklist_records_checklist_idx" ON "checklist_records" USING btree ("checklist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_work_item_groups_name_key" ON "checklist_work_item_groups" USING btree ("checklist_id",lower("name"));--> statement-breakpoint
CREATE INDEX "checklist_work_item_groups_checklist_idx" ON "checklist_work_item_groups" USING btree ("checklist_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_partner_name_key" ON "checklists" USING btree ("partner_id",lower("name")) WHERE "checklists"."status" = 'Inuse';--> statement-breakpoint
CREATE INDEX "checklists_partner_created_idx" ON "checklists" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_ticket_adjustments_ticket_idx" ON "customer_ticket_adjustments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "customer_ticket_events_ticket_idx" ON "customer_ticket_events" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_ticket_invoices_ticket_key" ON "customer_ticket_invoices" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_ticket_invoices_no_key" ON "customer_ticket_invoices" USING btree ("partner_id","invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tickets_no_key" ON "customer_tickets" USING btree ("ticket_no");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tickets_open_asset_key" ON "customer_tickets" USING btree ("asset_id") WHERE "customer_tickets"."status" NOT IN ('completed', 'unsuccessful');--> statement-breakpoint
CREATE INDEX "customer_tickets_partner_created_idx" ON "customer_tickets" USING btree ("asset_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_tickets_partner_status_created_idx" ON "customer_tickets" USING btree ("asset_partner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "customer_tickets_mechanic_status_created_idx" ON "customer_tickets" USING btree ("mechanic_user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "customer_tickets_created_idx" ON "customer_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_tickets_customer_idx" ON "customer_tickets" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_tickets_asset_idx" ON "customer_tickets" USING btree ("asset_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_item_options_name_key" ON "work_item_options" USING btree ("work_item_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "work_items_partner_name_key" ON "work_items" USING btree ("partner_id",lower("name")) WHERE "work_items"."status" = 'Inuse';--> statement-breakpoint
CREATE INDEX "work_items_partner_created_idx" ON "work_items" USING btree ("partner_id","created_at");