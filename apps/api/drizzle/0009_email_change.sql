-- Issue 23 item 7: a new email waits here until its owner follows the confirmation link;
-- until then every message keeps going to "email".
ALTER TABLE "customers" ADD COLUMN "pending_email" text;
--> statement-breakpoint
-- Emails already shared by several active customers (possible before this migration): the
-- one who confirmed it first (else the oldest account) keeps it; the others lose it as a
-- sending address and see it waiting for confirmation, which the unique index below then
-- refuses while the address belongs to someone else. Their mobile still reaches them.
WITH ranked AS (
  SELECT id, row_number() OVER (
    PARTITION BY lower(email)
    ORDER BY email_verified_at ASC NULLS LAST, id ASC
  ) AS rank
  FROM customers
  WHERE status = 'active' AND email IS NOT NULL
)
UPDATE customers c
SET pending_email = c.email, email = NULL, email_verified_at = NULL
FROM ranked r
WHERE r.id = c.id AND r.rank > 1;
--> statement-breakpoint
-- Issue 23 (low): one active account per email, whatever its case.
CREATE UNIQUE INDEX "customers_email_active_unique" ON "customers" USING btree (lower("email")) WHERE "status" = 'active';
