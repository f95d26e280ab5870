-- Auto-purchase exists only on plans with overage: a Free organization never has it on. The
-- admin API once allowed it, so such rows are switched off first; the constraint then keeps it
-- so whatever writes the row (services/organizations/update-organization.ts writes plan and
-- switch in one statement that honours it).
UPDATE "organizations" SET "auto_purchase" = false WHERE "plan" = 'free' AND "auto_purchase";
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_free_without_auto_purchase_check" CHECK ("plan" <> 'free' OR NOT "auto_purchase");
