CREATE TABLE "private_list_assets" (
	"list_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_list_assets_list_id_asset_id_pk" PRIMARY KEY("list_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "private_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"comment" text,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "private_list_assets" ADD CONSTRAINT "private_list_assets_list_id_private_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."private_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_list_assets" ADD CONSTRAINT "private_list_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_lists" ADD CONSTRAINT "private_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_list_assets_asset_idx" ON "private_list_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "private_lists_owner_idx" ON "private_lists" USING btree ("owner_id","created_at" DESC NULLS LAST);