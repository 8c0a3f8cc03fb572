ALTER TABLE "users" ADD COLUMN "app_permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "app_permissions" = coalesce((SELECT array_agg(DISTINCT p ORDER BY p) FROM "user_roles" ur JOIN "roles" r ON r.id = ur.role_id CROSS JOIN LATERAL unnest(r.app_permissions) p WHERE ur.user_id = u.id), '{}'::text[]);
