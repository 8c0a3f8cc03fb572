CREATE TABLE "account_configs" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_documents" (
	"type" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"customer_plan" text NOT NULL,
	"credit_card_policy" text NOT NULL,
	"deposit_policy" text NOT NULL,
	"currency" text NOT NULL,
	"timezone" text NOT NULL,
	"services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_documents" (
	"partner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_documents_partner_id_type_pk" PRIMARY KEY("partner_id","type")
);
--> statement-breakpoint
CREATE TABLE "partner_operations" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"customer_max_payment_amount" numeric(12, 2),
	"timezone" text NOT NULL,
	"beep_policy" text NOT NULL,
	"battery_lock_policy" text NOT NULL,
	"gps_policy" text NOT NULL,
	"light_policy" text NOT NULL,
	"lock_policy" text NOT NULL,
	"push_geolocation_checkpoint_policy" text NOT NULL,
	"customer_self_join_policy" text NOT NULL,
	"customer_self_join_note" text,
	"unavailable_note" text,
	"contact_phone" text,
	"contact_email" text,
	"web_channel" text DEFAULT 'none' NOT NULL,
	"web_channel_passcode_sealed" text,
	"sign_up_email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payment_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"publishable_key" text NOT NULL,
	"secret_key_sealed" text NOT NULL,
	"webhook_secret_sealed" text,
	"statement_descriptor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_sign_up_configs" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"token" text NOT NULL,
	"require_email_verification" boolean DEFAULT true NOT NULL,
	"require_id_verification" boolean DEFAULT false NOT NULL,
	"is_referral_enabled" boolean DEFAULT false NOT NULL,
	"welcome_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_services" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"account_sid" text NOT NULL,
	"auth_token_sealed" text NOT NULL,
	"path_service_sid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_configs" ADD CONSTRAINT "account_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_documents" ADD CONSTRAINT "account_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_settings" ADD CONSTRAINT "operation_settings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_settings" ADD CONSTRAINT "operation_settings_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_documents" ADD CONSTRAINT "partner_documents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_documents" ADD CONSTRAINT "partner_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_operations" ADD CONSTRAINT "partner_operations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payment_methods" ADD CONSTRAINT "partner_payment_methods_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sign_up_configs" ADD CONSTRAINT "partner_sign_up_configs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_services" ADD CONSTRAINT "sms_services_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operation_settings_partner_key" ON "operation_settings" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "operation_settings_created_at_idx" ON "operation_settings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "partner_documents_created_at_idx" ON "partner_documents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payment_methods_partner_type_key" ON "partner_payment_methods" USING btree ("partner_id","type");--> statement-breakpoint
CREATE INDEX "partner_payment_methods_created_at_idx" ON "partner_payment_methods" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sign_up_configs_token_key" ON "partner_sign_up_configs" USING btree ("token");