CREATE TABLE "trip_cursors" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"through" timestamp with time zone NOT NULL,
	"state" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_cursors" ADD CONSTRAINT "trip_cursors_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;