-- When the card on file was set up (the Stripe event that announced it, or the operator's
-- call): Stripe sends events in no promised order and retries them, so a set-up announced
-- late must not replace a card set up after it.
ALTER TABLE "billing_accounts" ADD COLUMN "card_set_up_at" TIMESTAMPTZ(3);
