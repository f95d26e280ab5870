import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { Email, Uuid, UtcTimestamp } from '../schemas/common.js';
import { DashboardErrorEnvelopeSchema } from './errors.js';

const c = initContract();

/**
 * A person's role in one organization. An owner may do everything; a member everything but
 * regenerate the key, change the plan or auto-purchase, see billing and change the team
 * (403 FORBIDDEN from the server, whatever the page shows).
 */
export const MEMBERSHIP_ROLES = ['owner', 'member'] as const;
export const MembershipRoleSchema = z.enum(MEMBERSHIP_ROLES);
export type MembershipRole = z.infer<typeof MembershipRoleSchema>;

/** Emails are compared lower-cased, as at sign-up. */
const InviteeEmail = Email.transform((email) => email.toLowerCase());

/** An organization the signed-in account belongs to: what the switcher lists. */
export const MembershipSummarySchema = z.object({
  organization_id: Uuid,
  name: z.string(),
  role: MembershipRoleSchema,
});

export type MembershipSummary = z.infer<typeof MembershipSummarySchema>;

export const TeamMemberSchema = z.object({
  account_id: Uuid,
  email: z.string(),
  role: MembershipRoleSchema,
  joined_at: UtcTimestamp.describe('When the person joined this organization'),
  last_signed_in_at: UtcTimestamp.nullable().describe('Their last sign-in to the dashboard (any organization); null if never since'),
});

export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const PendingInviteSchema = z.object({
  id: Uuid,
  email: z.string(),
  role: MembershipRoleSchema,
  created_at: UtcTimestamp,
  expires_at: UtcTimestamp,
});

export type PendingInvite = z.infer<typeof PendingInviteSchema>;

export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema).describe('In the order they joined'),
  invites: z.array(PendingInviteSchema).describe('Invites not yet accepted and not expired, newest first'),
});

export type Team = z.infer<typeof TeamSchema>;

export const TeamInviteBodySchema = z.object({ email: InviteeEmail, role: MembershipRoleSchema }).strict();

export type TeamInviteBody = z.infer<typeof TeamInviteBodySchema>;

export const CreatedTeamInviteSchema = z.object({
  invite: PendingInviteSchema,
  invite_url: z.string().describe('The one-time link (<base>/dashboard/accept-invite#token=...); shown only in this response'),
  email_delivery: z
    .enum(['sent', 'failed', 'not_configured'])
    .describe('Whether the link was also emailed: not_configured without SMTP_URL; failed when the mail server refused or timed out'),
  email_problem: z.string().nullable().describe('Why sending failed, in words; null unless email_delivery is failed'),
});

export type CreatedTeamInvite = z.infer<typeof CreatedTeamInviteSchema>;

export const ChangeRoleBodySchema = z.object({ role: MembershipRoleSchema }).strict();

export const MemberPathParamsSchema = z.object({ account_id: Uuid });
export const InvitePathParamsSchema = z.object({ invite_id: Uuid });

export const SwitchOrganizationBodySchema = z.object({ organization_id: Uuid }).strict();

export const InspectInviteBodySchema = z.object({ token: z.string().min(1, 'must not be empty').max(200) }).strict();

/** What the accept-invite page shows before the person decides, and which form it needs. */
export const InvitePreviewSchema = z.object({
  organization: z.object({ organization_id: Uuid, name: z.string() }),
  email: z.string().describe('Who the invite is for'),
  role: MembershipRoleSchema,
  expires_at: UtcTimestamp,
  account_exists: z.boolean().describe('The email has an account already: accepting needs its password, or a session of it'),
  signed_in_as: z.string().nullable().describe("The email of this browser's live session, if any"),
});

export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

const OWNERS_ONLY = '403 FORBIDDEN (members may not change the team)';

/** The Team page: who is in the organization, invites, roles and removal. */
export const team = c.router({
  list: {
    method: 'GET',
    path: '/team',
    responses: { 200: TeamSchema },
    summary: 'Members and pending invites',
    description: 'Every member of the organization with their role and last sign-in, and the invites not yet accepted.',
  },
  invite: {
    method: 'POST',
    path: '/team/invites',
    body: TeamInviteBodySchema,
    responses: { 201: CreatedTeamInviteSchema, 409: DashboardErrorEnvelopeSchema },
    summary: 'Invite a person',
    description:
      'Makes a one-time link, valid 24 h, for the email to join with the role: as a new account, or as the ' +
      'account the email already has. A new invite for the same email replaces an unused one. With SMTP_URL ' +
      'set the link is emailed too; the answer carries it either way. Errors: ' +
      OWNERS_ONLY +
      ', 409 EMAIL_TAKEN (already a member), 422 VALIDATION_ERROR.',
  },
  revokeInvite: {
    method: 'DELETE',
    path: '/team/invites/:invite_id',
    pathParams: InvitePathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Revoke an invite',
    description: `Its link stops working at once. Errors: ${OWNERS_ONLY}, 404 NOT_FOUND.`,
  },
  changeRole: {
    method: 'PATCH',
    path: '/team/members/:account_id',
    pathParams: MemberPathParamsSchema,
    body: ChangeRoleBodySchema,
    responses: { 200: TeamMemberSchema, 409: DashboardErrorEnvelopeSchema },
    summary: "Change a member's role",
    description: `Applies to their next request. Errors: ${OWNERS_ONLY}, 404 NOT_FOUND, 409 LAST_OWNER (the last owner cannot become a member).`,
  },
  remove: {
    method: 'DELETE',
    path: '/team/members/:account_id',
    pathParams: MemberPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody(), 409: DashboardErrorEnvelopeSchema },
    summary: 'Remove a member, or leave',
    description:
      'Their sessions in this organization end at once and the apps they connected to it lose access; an account left in no organization is deleted. Anyone may remove themselves (leave). Errors: ' +
      `${OWNERS_ONLY} for someone else, 404 NOT_FOUND, 409 LAST_OWNER (the last owner cannot leave).`,
  },
});
