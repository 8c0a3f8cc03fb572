CREATE TABLE "asset_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"code" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "asset_positions" (
	"asset_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"altitude" real,
	"velocity" real,
	"charge_pct" smallint
);
--> statement-breakpoint
CREATE TABLE "iot_control_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"command" text NOT NULL,
	"config" jsonb,
	"asset_id" uuid NOT NULL,
	"asset_no" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"device_no" text,
	"channel" text NOT NULL,
	"initiator" text NOT NULL,
	"user_id" uuid,
	"customer_id" uuid,
	"renting_order_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_time" timestamp with time zone,
	"status" text NOT NULL,
	"reply_status" text,
	"failed_reason" text,
	"sync_status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_devices" (
	"no" text PRIMARY KEY NOT NULL,
	"vendor" text,
	"presence" text DEFAULT 'offline' NOT NULL,
	"presence_changed_at" timestamp with time zone,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"firmware" text,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "alarm_code" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "alarm_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "iot_control_records" ADD CONSTRAINT "iot_control_records_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_control_records" ADD CONSTRAINT "iot_control_records_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_control_records" ADD CONSTRAINT "iot_control_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_events_asset_time_idx" ON "asset_events" USING btree ("asset_id","occurred_at");--> statement-breakpoint
CREATE INDEX "asset_events_partner_type_time_idx" ON "asset_events" USING btree ("partner_id","type","occurred_at");--> statement-breakpoint
CREATE INDEX "asset_events_time_brin" ON "asset_events" USING brin ("occurred_at");--> statement-breakpoint
CREATE INDEX "asset_positions_asset_time_idx" ON "asset_positions" USING btree ("asset_id","recorded_at");--> statement-breakpoint
CREATE INDEX "asset_positions_time_brin" ON "asset_positions" USING brin ("recorded_at");--> statement-breakpoint
CREATE INDEX "iot_control_records_kind_time_idx" ON "iot_control_records" USING btree ("kind","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "iot_control_records_partner_idx" ON "iot_control_records" USING btree ("partner_id","kind","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "iot_control_records_asset_idx" ON "iot_control_records" USING btree ("asset_no","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "iot_control_records_in_flight_key" ON "iot_control_records" USING btree ("device_no","command") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_run_at_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
-- Telemetry rewrites each asset's latest state many times a minute: room on every page lets those be HOT
-- updates that touch no index (none of the state columns is indexed).
ALTER TABLE "assets" SET (fillfactor = 80);
