CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"start_latitude" double precision NOT NULL,
	"start_longitude" double precision NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"end_latitude" double precision NOT NULL,
	"end_longitude" double precision NOT NULL,
	"distance_m" double precision NOT NULL,
	"point_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trips_asset_start_key" ON "trips" USING btree ("asset_id","started_at");--> statement-breakpoint
CREATE INDEX "trips_started_idx" ON "trips" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_partner_started_idx" ON "trips" USING btree ("partner_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_open_idx" ON "trips" USING btree ("asset_id") WHERE status <> 'finished';