ALTER TABLE "assets" ADD COLUMN "map_cell" integer GENERATED ALWAYS AS (case when latitude is null or longitude is null then null else
        least(greatest(floor((1 - ln(tan(pi() / 4 + radians(least(greatest(latitude, -85.05112878), 85.05112878)) / 2)) / pi()) / 2 * 8192), 0), 8191)::int * 8192
        + least(greatest(floor((longitude + 180) / 360 * 8192), 0), 8191)::int end) STORED;--> statement-breakpoint
CREATE INDEX "assets_map_cell_idx" ON "assets" USING btree ("map_cell");