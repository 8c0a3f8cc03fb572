ALTER TABLE "assets" ADD COLUMN "trip_status" text DEFAULT 'Finished' NOT NULL;--> statement-breakpoint
UPDATE "assets" a SET "trip_status" = 'Ongoing'
WHERE (SELECT t.status FROM "trips" t WHERE t.asset_id = a.id ORDER BY t.started_at DESC LIMIT 1) <> 'finished';
