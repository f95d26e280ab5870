-- Retention (docs/retention.md, decision 0049): background sweeps delete what has outlived its
-- use in batches. Kept by hand in Prisma's layout; src/db/schema-agreement.test.ts proves it
-- matches prisma/schema.prisma. New tables and indexes only.

-- One row per sweep (jobs/retention): claimed with a lease like a delivery, so of any number of
-- workers one runs a sweep at a time, and due again at next_run_at. Rows are added by the job
-- itself (INSERT ... ON CONFLICT DO NOTHING). Not an organization's data: a sweep covers all.
CREATE TABLE "retention_sweeps" (
    "name" TEXT NOT NULL,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "last_finished_at" TIMESTAMPTZ(3),
    "last_deleted" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "retention_sweeps_pkey" PRIMARY KEY ("name")
);

-- What each sweep's batch looks for, so that a batch reads its rows, not the table.
CREATE INDEX "events_created_at_idx" ON "events"("created_at");
CREATE INDEX "deliveries_created_at_idx" ON "deliveries"("created_at");
CREATE INDEX "delivery_attempts_attempted_at_idx" ON "delivery_attempts"("attempted_at");
CREATE INDEX "calendar_writes_created_at_idx" ON "calendar_writes"("created_at");
CREATE INDEX "time_claims_ends_at_idx" ON "time_claims"("ends_at");
CREATE INDEX "holds_expires_at_idx" ON "holds"("expires_at");
CREATE INDEX "sign_in_throttle_window_start_idx" ON "sign_in_throttle"("window_start");
CREATE INDEX "oauth_registration_throttle_refilled_at_idx" ON "oauth_registration_throttle"("refilled_at");
CREATE INDEX "dashboard_sessions_last_used_at_idx" ON "dashboard_sessions"("last_used_at");
CREATE INDEX "dashboard_invites_expires_at_idx" ON "dashboard_invites"("expires_at");
CREATE INDEX "oauth_tokens_expires_at_idx" ON "oauth_tokens"("expires_at");

-- Day counts back at zero: only those rows, so the index stays as small as what is to delete.
CREATE INDEX "booking_day_counts_zero_idx" ON "booking_day_counts"("local_date") WHERE "confirmed" = 0;
