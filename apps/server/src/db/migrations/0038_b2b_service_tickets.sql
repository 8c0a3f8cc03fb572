DROP INDEX "subscription_trades_period_fee_key";--> statement-breakpoint
ALTER TABLE "customer_tickets" ALTER COLUMN "provider_partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_tickets" ALTER COLUMN "center_site_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_trades" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD COLUMN "kind" text DEFAULT 'b2c' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD COLUMN "subscription_order_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_trades" ADD CONSTRAINT "subscription_trades_ticket_id_customer_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."customer_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tickets" ADD CONSTRAINT "customer_tickets_subscription_order_id_subscription_orders_id_fk" FOREIGN KEY ("subscription_order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_trades_ticket_key" ON "subscription_trades" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "customer_tickets_b2b_idx" ON "customer_tickets" USING btree ("asset_partner_id","created_at") WHERE "customer_tickets"."kind" = 'b2b';--> statement-breakpoint
CREATE INDEX "customer_tickets_subscription_order_idx" ON "customer_tickets" USING btree ("subscription_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_trades_period_fee_key" ON "subscription_trades" USING btree ("period_id","fee_type") WHERE "subscription_trades"."fee_type" <> 'service';