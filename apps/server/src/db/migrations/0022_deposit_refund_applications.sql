CREATE TABLE "deposit_refund_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"asset_category_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'Waiting' NOT NULL,
	"refund_status" text,
	"refund_payment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"reviewer_id" uuid,
	"reviewed_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_refund_applications_quantity" CHECK ("deposit_refund_applications"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_refund_applications" ADD CONSTRAINT "deposit_refund_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_refund_applications" ADD CONSTRAINT "deposit_refund_applications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_refund_applications" ADD CONSTRAINT "deposit_refund_applications_asset_category_id_asset_categories_id_fk" FOREIGN KEY ("asset_category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_refund_applications" ADD CONSTRAINT "deposit_refund_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_refund_applications_status_idx" ON "deposit_refund_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "deposit_refund_applications_customer_idx" ON "deposit_refund_applications" USING btree ("customer_id");