-- A pending duplicate stored before the key existed is declined; the oldest of each e-mail stays pending.
UPDATE "access_requests" r SET "status" = 'declined', "decided_at" = now(), "updated_at" = now()
WHERE r."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "access_requests" o
  WHERE o."status" = 'pending' AND lower(o."email") = lower(r."email") AND (o."created_at", o."id") < (r."created_at", r."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "access_requests_pending_email_key" ON "access_requests" USING btree (lower("email")) WHERE "access_requests"."status" = 'pending';