CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"legacy_id" integer,
	"partner_id" uuid NOT NULL,
	"tax_group_id" uuid,
	"name" text NOT NULL,
	"region" text,
	"type" text NOT NULL,
	"country" text,
	"city" text NOT NULL,
	"zip" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text,
	"website" text,
	"opening_hours_note" text,
	"fence_radius" integer,
	"note" text,
	"image_url" text,
	"appointment_url" text,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"country" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tax_group_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_partner_idx" ON "sites" USING btree ("partner_id","is_archived");--> statement-breakpoint
CREATE INDEX "sites_tax_group_idx" ON "sites" USING btree ("tax_group_id");--> statement-breakpoint
CREATE INDEX "sites_created_at_idx" ON "sites" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_groups_name_key" ON "tax_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tax_groups_created_at_idx" ON "tax_groups" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_group_subject_effective_key" ON "tax_rates" USING btree ("tax_group_id","subject","effective_at");