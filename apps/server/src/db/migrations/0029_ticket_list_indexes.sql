CREATE INDEX "customer_tickets_open_idx" ON "customer_tickets" USING btree ("asset_partner_id","status","mechanic_user_id","created_at") WHERE "customer_tickets"."status" in ('new', 'checked-in', 'processing', 'paused', 'finished');--> statement-breakpoint
CREATE INDEX "customer_tickets_updated_idx" ON "customer_tickets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "customer_tickets_status_created_idx" ON "customer_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "customer_tickets_center_created_idx" ON "customer_tickets" USING btree ("center_site_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_tickets_contact_name_idx" ON "customer_tickets" USING btree (lower("contact_name") text_pattern_ops);