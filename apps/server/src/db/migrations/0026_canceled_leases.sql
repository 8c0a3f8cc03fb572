-- A lease whose checkout was undone never started: it is Canceled with its order, not Returned (issue 21).
UPDATE "leases" SET "status" = 'Canceled', "returned_at" = NULL
WHERE "status" = 'Returned' AND "order_id" IN (SELECT "id" FROM "orders" WHERE "checkout_state" = 'Aborted');
