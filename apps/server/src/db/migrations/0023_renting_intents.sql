CREATE TABLE "renting_intents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"asset_category_id" uuid NOT NULL,
	"site_id" uuid,
	"appointment_start_from" timestamp with time zone NOT NULL,
	"appointment_start_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"order_id" uuid,
	"note" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renting_intents_range" CHECK ("renting_intents"."appointment_start_to" > "renting_intents"."appointment_start_from")
);
--> statement-breakpoint
ALTER TABLE "renting_intents" ADD CONSTRAINT "renting_intents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renting_intents" ADD CONSTRAINT "renting_intents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renting_intents" ADD CONSTRAINT "renting_intents_asset_category_id_asset_categories_id_fk" FOREIGN KEY ("asset_category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renting_intents" ADD CONSTRAINT "renting_intents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renting_intents" ADD CONSTRAINT "renting_intents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renting_intents_partner_created_idx" ON "renting_intents" USING btree ("partner_id","created_at");