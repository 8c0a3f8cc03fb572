CREATE TABLE "agency_clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"all_partners" boolean DEFAULT false NOT NULL,
	"partner_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gbfs_systems" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"feed_contact_email" text,
	"opening_hours" text DEFAULT '24/7' NOT NULL,
	"rental_apps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geofencing_zones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"max_speed_kph" integer,
	"ring" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "gbfs_vehicle_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "gbfs_station" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "gbfs_capacity" integer;--> statement-breakpoint
ALTER TABLE "agency_clients" ADD CONSTRAINT "agency_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gbfs_systems" ADD CONSTRAINT "gbfs_systems_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gbfs_systems" ADD CONSTRAINT "gbfs_systems_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofencing_zones" ADD CONSTRAINT "geofencing_zones_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_clients_token_hash_key" ON "agency_clients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "agency_clients_created_idx" ON "agency_clients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "geofencing_zones_partner_idx" ON "geofencing_zones" USING btree ("partner_id","position");--> statement-breakpoint
-- GBFS privacy (issue 25): a vehicle's public id changes whenever it comes back from a rental, whichever path ends
-- the rental (return, replacement, force close, inspection). Telemetry never sets turnover_state, so the trigger
-- never fires on the ingest path.
CREATE FUNCTION "assets_rotate_gbfs_vehicle_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gbfs_vehicle_id := gen_random_uuid();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "assets_rotate_gbfs_vehicle_id" BEFORE UPDATE OF "turnover_state" ON "assets"
  FOR EACH ROW WHEN (OLD.turnover_state = 'RentingOut' AND NEW.turnover_state IS DISTINCT FROM 'RentingOut')
  EXECUTE FUNCTION "assets_rotate_gbfs_vehicle_id"();
