CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"partner_name" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_change_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"new_value" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"daily_digest" text DEFAULT 'off' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_states" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_odometers" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"ride_seconds" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_timer_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"timer_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"reset_rule_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_timer_logs" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"asset_timer_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"timer_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"kind" text NOT NULL,
	"value" double precision,
	"cause" text NOT NULL,
	"cause_ref" jsonb,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_timers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"timer_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"cycle_started_at" timestamp with time zone NOT NULL,
	"start_distance_m" double precision DEFAULT 0 NOT NULL,
	"start_ride_seconds" double precision DEFAULT 0 NOT NULL,
	"upcoming_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"upcoming_at_usage" double precision,
	"due_at_usage" double precision,
	"overdue_at_usage" double precision,
	"state" text DEFAULT 'ok' NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"last_reset_at" timestamp with time zone,
	"last_reset_cause" text,
	"last_reset_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"detail" text,
	"category_id" uuid NOT NULL,
	"type" text NOT NULL,
	"work_item_id" uuid,
	"checklist_id" uuid,
	"property" text,
	"property_value" text,
	"remind_before_reset" boolean DEFAULT false NOT NULL,
	"remind_before" double precision,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timer_reset_rules" (
	"timer_id" uuid NOT NULL,
	"reset_rule_id" uuid NOT NULL,
	CONSTRAINT "timer_reset_rules_timer_id_reset_rule_id_pk" PRIMARY KEY("timer_id","reset_rule_id")
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"timing_unit" text,
	"timing_quantity" double precision,
	"cron" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_change_codes" ADD CONSTRAINT "contact_change_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_states" ADD CONSTRAINT "oidc_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_odometers" ADD CONSTRAINT "asset_odometers_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timer_groups" ADD CONSTRAINT "asset_timer_groups_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timer_groups" ADD CONSTRAINT "asset_timer_groups_timer_id_timers_id_fk" FOREIGN KEY ("timer_id") REFERENCES "public"."timers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timer_groups" ADD CONSTRAINT "asset_timer_groups_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timer_groups" ADD CONSTRAINT "asset_timer_groups_reset_rule_id_reset_rules_id_fk" FOREIGN KEY ("reset_rule_id") REFERENCES "public"."reset_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timer_logs" ADD CONSTRAINT "asset_timer_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timers" ADD CONSTRAINT "asset_timers_group_id_asset_timer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."asset_timer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timers" ADD CONSTRAINT "asset_timers_timer_id_timers_id_fk" FOREIGN KEY ("timer_id") REFERENCES "public"."timers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timers" ADD CONSTRAINT "asset_timers_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timers" ADD CONSTRAINT "asset_timers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timers" ADD CONSTRAINT "asset_timers_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_timers" ADD CONSTRAINT "asset_timers_last_reset_by_users_id_fk" FOREIGN KEY ("last_reset_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_rules" ADD CONSTRAINT "reset_rules_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_rules" ADD CONSTRAINT "reset_rules_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_rules" ADD CONSTRAINT "reset_rules_work_item_id_work_items_id_fk" FOREIGN KEY ("work_item_id") REFERENCES "public"."work_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_rules" ADD CONSTRAINT "reset_rules_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timer_reset_rules" ADD CONSTRAINT "timer_reset_rules_timer_id_timers_id_fk" FOREIGN KEY ("timer_id") REFERENCES "public"."timers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timer_reset_rules" ADD CONSTRAINT "timer_reset_rules_reset_rule_id_reset_rules_id_fk" FOREIGN KEY ("reset_rule_id") REFERENCES "public"."reset_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_category_id_asset_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."asset_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_requests_status_created_idx" ON "access_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_change_codes_user_idx" ON "contact_change_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_tokens_hash_key" ON "password_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_key" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "asset_timer_groups_partner_created_idx" ON "asset_timer_groups" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "asset_timer_groups_timer_idx" ON "asset_timer_groups" USING btree ("timer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_timer_logs_fire_key" ON "asset_timer_logs" USING btree ("asset_timer_id","cycle","kind") WHERE "asset_timer_logs"."kind" in ('upcoming', 'due', 'overdue');--> statement-breakpoint
CREATE INDEX "asset_timer_logs_partner_created_idx" ON "asset_timer_logs" USING btree ("partner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "asset_timer_logs_asset_idx" ON "asset_timer_logs" USING btree ("asset_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "asset_timers_asset_timer_key" ON "asset_timers" USING btree ("asset_id","timer_id");--> statement-breakpoint
CREATE INDEX "asset_timers_group_idx" ON "asset_timers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "asset_timers_partner_state_idx" ON "asset_timers" USING btree ("partner_id","state","due_at");--> statement-breakpoint
CREATE INDEX "asset_timers_next_time_idx" ON "asset_timers" USING btree ((case state when 'ok' then coalesce(upcoming_at, due_at) when 'upcoming' then due_at when 'due' then overdue_at end));--> statement-breakpoint
CREATE UNIQUE INDEX "reset_rules_partner_name_key" ON "reset_rules" USING btree ("partner_id",lower("name")) WHERE "reset_rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reset_rules_partner_created_idx" ON "reset_rules" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "reset_rules_work_item_idx" ON "reset_rules" USING btree ("work_item_id");--> statement-breakpoint
CREATE INDEX "reset_rules_checklist_idx" ON "reset_rules" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "timer_reset_rules_rule_idx" ON "timer_reset_rules" USING btree ("reset_rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timers_partner_name_key" ON "timers" USING btree ("partner_id",lower("name")) WHERE "timers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "timers_partner_created_idx" ON "timers" USING btree ("partner_id","created_at");