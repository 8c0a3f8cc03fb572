DROP INDEX "assets_created_at_id_idx";--> statement-breakpoint
DROP INDEX "assets_life_cycle_idx";--> statement-breakpoint
DROP INDEX "assets_partner_created_id_idx";--> statement-breakpoint
CREATE INDEX "assets_created_id_idx" ON "assets" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_life_cycle_created_id_idx" ON "assets" USING btree ("life_cycle_state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_updated_created_id_idx" ON "assets" USING btree ("updated_at" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_no_c_idx" ON "assets" USING btree ("no" collate "C");--> statement-breakpoint
CREATE INDEX "assets_partner_created_id_idx" ON "assets" USING btree ("partner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);