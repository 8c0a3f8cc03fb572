CREATE TABLE "relocation_list_assets" (
	"list_id" uuid NOT NULL,
	"asset_id" uuid,
	"asset_no" text NOT NULL,
	CONSTRAINT "relocation_list_assets_list_id_asset_no_pk" PRIMARY KEY("list_id","asset_no")
);
--> statement-breakpoint
CREATE TABLE "relocation_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"from_site_id" uuid NOT NULL,
	"to_site_id" uuid,
	"staff_id" uuid,
	"launch_staff_id" uuid,
	"asset_count" integer NOT NULL,
	"checkout_at" timestamp with time zone NOT NULL,
	"checkin_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "assets_partner_created_idx";--> statement-breakpoint
ALTER TABLE "relocation_list_assets" ADD CONSTRAINT "relocation_list_assets_list_id_relocation_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."relocation_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relocation_list_assets" ADD CONSTRAINT "relocation_list_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relocation_lists" ADD CONSTRAINT "relocation_lists_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relocation_lists" ADD CONSTRAINT "relocation_lists_from_site_id_sites_id_fk" FOREIGN KEY ("from_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relocation_lists" ADD CONSTRAINT "relocation_lists_to_site_id_sites_id_fk" FOREIGN KEY ("to_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relocation_lists" ADD CONSTRAINT "relocation_lists_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relocation_lists" ADD CONSTRAINT "relocation_lists_launch_staff_id_users_id_fk" FOREIGN KEY ("launch_staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relocation_list_assets_asset_idx" ON "relocation_list_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "relocation_lists_checkout_idx" ON "relocation_lists" USING btree ("checkout_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "relocation_lists_partner_idx" ON "relocation_lists" USING btree ("partner_id","checkout_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assets_partner_created_id_idx" ON "assets" USING btree ("partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);