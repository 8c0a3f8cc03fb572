CREATE TABLE "order_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"fee_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"invoice_no" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) NOT NULL,
	"tax_rate" numeric(6, 3),
	"tax_group_id" uuid,
	"tax_group_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_configs" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"invoice_prefix" text NOT NULL,
	"seller_name" text NOT NULL,
	"vat_number" text,
	"invoice_footer" text,
	"next_invoice_no" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renting_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"invoice_enabled" boolean DEFAULT false NOT NULL,
	"invoice_enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_fee_id_order_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."order_fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_configs" ADD CONSTRAINT "rental_configs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoices_fee_key" ON "order_invoices" USING btree ("fee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoices_no_key" ON "order_invoices" USING btree ("partner_id","invoice_no");--> statement-breakpoint
CREATE INDEX "order_invoices_order_idx" ON "order_invoices" USING btree ("order_id","issued_at");