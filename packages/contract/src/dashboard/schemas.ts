import { z } from 'zod';
import { A_NUMBER, Email, ListQuery, LocalDate, Uuid, UtcTimestamp } from '../schemas/common.js';
import { BookingSchema } from '../schemas/booking.js';
import { HumanSchema } from '../schemas/human.js';
import { OrganizationSchema } from '../schemas/organization.js';
import { OverrideSchema } from '../schemas/override.js';
import { PlanSchema } from '../schemas/plan.js';
import { SlotSchema } from '../schemas/slot.js';
import { UsageSchema } from '../schemas/usage.js';
import { MembershipRoleSchema, MembershipSummarySchema } from './team.js';

/** A password has at least 12 characters; 1024 bounds the work a hash does for one request. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * At least 12 characters as a person counts them (code points: an emoji is one, though
 * JavaScript's length says two), not all of them spaces; at most 1024 UTF-16 units.
 */
export const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine((p) => p.length < MIN_PASSWORD_LENGTH || [...p].length >= MIN_PASSWORD_LENGTH, {
    message: `must be at least ${MIN_PASSWORD_LENGTH} characters`,
  })
  .refine((p) => p.trim() !== '', { message: 'must not be only spaces' });

/** Emails are compared lower-cased: "Ann@X.io" and "ann@x.io" are one account. */
const AccountEmail = Email.transform((email) => email.toLowerCase());

export const SignUpBodySchema = z
  .object({
    organization_name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    email: AccountEmail,
    password: Password,
  })
  .strict();

export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const SignInBodySchema = z
  .object({
    email: AccountEmail,
    // Only presence is checked: a too-short password is a wrong password, not a 422 that
    // would tell an attacker about the rules of stored passwords.
    password: z.string().min(1, 'must not be empty').max(MAX_PASSWORD_LENGTH),
  })
  .strict();

export type SignInBody = z.infer<typeof SignInBodySchema>;

/**
 * `password`: a new password when the email has no account yet; the account's own password
 * when it has one; left out when this browser is signed in to that account already.
 */
export const AcceptInviteBodySchema = z
  .object({
    token: z.string().min(1, 'must not be empty').max(200),
    password: Password.optional(),
  })
  .strict();

export type AcceptInviteBody = z.infer<typeof AcceptInviteBodySchema>;

export const AccountSchema = z.object({
  id: Uuid,
  email: z.string(),
  created_at: UtcTimestamp,
});

export type Account = z.infer<typeof AccountSchema>;

/** Who is signed in: GET /session, and the answer to sign-in, accept-invite and switching organization. */
export const SessionSchema = z.object({
  account: AccountSchema,
  organization: z.object({ organization_id: Uuid, name: z.string(), plan: PlanSchema }).describe('The organization the session is in now'),
  role: MembershipRoleSchema.describe("The account's role in that organization"),
  organizations: z.array(MembershipSummarySchema).describe('Every organization the account belongs to, by name: what the switcher offers'),
  expires_at: UtcTimestamp.describe('When the session ends if used continuously (7 days after sign-in); 12 h without use ends it sooner'),
});

export type Session = z.infer<typeof SessionSchema>;

const FullApiKey = z.string().describe('sk_live_...; shown only in this response, never again');

/** The answer to sign-up: the only time the organization's first key is shown. */
export const SignUpResponseSchema = SessionSchema.extend({ api_key: FullApiKey });

export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

/** What the Overview's key card shows: never the key itself. */
export const ApiKeySummarySchema = z.object({
  prefix: z.string().describe('"sk_live_"'),
  last_four: z.string().describe('Last four characters of the key'),
  created_at: UtcTimestamp.describe('When this key was made (the last regeneration, or sign-up)'),
});

export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;

/** Why auto-purchase is off when a refused charge switched it off; cleared by switching it on. */
export const AutoPurchasePausedSchema = z
  .object({ reason: z.string(), paused_at: UtcTimestamp })
  .nullable()
  .describe('Set when a declined charge or a required authentication switched auto-purchase off; cleared by switching it on');

export const OverviewSchema = z.object({
  organization: OrganizationSchema,
  usage: UsageSchema.describe('Exactly what GET /v1/usage answers'),
  api_key: ApiKeySummarySchema,
  auto_purchase_paused: AutoPurchasePausedSchema,
});

export type Overview = z.infer<typeof OverviewSchema>;

export const RegeneratedKeySchema = z.object({
  api_key: FullApiKey,
  summary: ApiKeySummarySchema,
});

export type RegeneratedKey = z.infer<typeof RegeneratedKeySchema>;

export const OveragePackSchema = z.object({
  id: Uuid,
  purchased_at: UtcTimestamp,
  pack_size: z.number().int().describe('Extra bookings the pack added (500)'),
  amount_cents: z.number().int().describe('Charged amount in minor units: 1900 = 19.00'),
  currency: z.string().describe('ISO 4217, upper case, e.g. "USD"'),
  status: z
    .enum(['pending', 'succeeded', 'failed'])
    .describe('pending: charged, answer not known yet; succeeded: the pack counts; failed: nothing charged, no pack'),
  payment_id: z.string().nullable().describe("The payment processor's id: a Stripe PaymentIntent (pi_…) or a ledger charge"),
  failure: z.string().nullable().describe('Why the charge failed, or why its outcome is not known yet'),
});

export type OveragePack = z.infer<typeof OveragePackSchema>;

export const CardSchema = z.object({
  brand: z.string().describe('As Stripe names it: visa, mastercard, amex…'),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});

/** The Billing page's head: who charges, the card on file and whether auto-purchase was paused. */
export const BillingSchema = z.object({
  processor: z.enum(['stripe', 'ledger']).describe('stripe: packs are charged to the card on file; ledger: recorded only'),
  card: CardSchema.nullable().describe('The card on file (Stripe only)'),
  auto_purchase_paused: AutoPurchasePausedSchema,
});

export type Billing = z.infer<typeof BillingSchema>;

export const CardSetupSchema = z.object({ url: z.string().describe("Stripe Checkout's page: send the person there") });

/** GET /humans: ?search= matches name, email or role, case-insensitively. */
export const DashboardHumansQuerySchema = ListQuery.extend({
  search: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

export type DashboardHumansQuery = z.infer<typeof DashboardHumansQuerySchema>;

/** A human's page: the human (weekly hours in availability_rules) and all its overrides. */
export const HumanDetailSchema = z.object({
  human: HumanSchema,
  overrides: z.array(OverrideSchema).describe('Newest first'),
});

export type HumanDetail = z.infer<typeof HumanDetailSchema>;

export const HumanWeekQuerySchema = z.object({
  week_start: LocalDate.describe("First of 7 calendar dates, in the human's timezone"),
  duration: z.coerce
    .number(A_NUMBER)
    .int('must be a whole number of minutes')
    .min(1, 'must be a positive number of minutes')
    .optional()
    .describe("One of the human's meeting_durations; default the shortest"),
});

export type HumanWeekQuery = z.infer<typeof HumanWeekQuerySchema>;

/** The calendar of one week: what GET /v1/humans/{id}/slots lists, and the confirmed bookings. */
export const HumanWeekSchema = z.object({
  timezone: z.string(),
  week_start: z.string().describe('YYYY-MM-DD, local'),
  week_end: z.string().describe('YYYY-MM-DD, local, inclusive (week_start + 6 days)'),
  duration: z.number().int(),
  slots: z.array(SlotSchema).describe('Open slots, ascending; only future ones'),
  bookings: z.array(BookingSchema).describe('Confirmed bookings starting in the week, ascending'),
  busy: z
    .array(z.object({ starts_at: UtcTimestamp, ends_at: UtcTimestamp }))
    .describe(
      'The time the slots avoid, ascending: each confirmed booking and live hold as it claims its time (with the ' +
        "buffers it was made with) and the busy time of the human's calendars. The page previews edited hours on it.",
    ),
});

export type HumanWeek = z.infer<typeof HumanWeekSchema>;

/** Whether a human's calendar subscription link is active: never the link, which is shown once. */
export const CalendarFeedStatusSchema = z.object({
  active_since: UtcTimestamp.nullable().describe('When the current link was made (created or regenerated); null without one'),
});

export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** Admin API: POST /admin/v1/organizations/{id}/invites. An operator's invite makes an owner unless it says otherwise. */
export const CreateInviteBodySchema = z.object({ email: AccountEmail, role: MembershipRoleSchema.default('owner') }).strict();

export type CreateInviteBody = z.infer<typeof CreateInviteBodySchema>;

export const InviteSchema = z.object({
  organization_id: Uuid,
  email: z.string(),
  role: MembershipRoleSchema,
  token: z.string().describe('One-time; shown only in this response. Valid until expires_at'),
  invite_url: z.string().describe("The link to send: PUBLIC_URL's /dashboard/accept-invite with the token in the fragment"),
  expires_at: UtcTimestamp.describe('24 h after the invite was made'),
});

export type Invite = z.infer<typeof InviteSchema>;
