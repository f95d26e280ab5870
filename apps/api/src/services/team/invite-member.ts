import type { CreatedTeamInvite, TeamInviteBody } from '@humantime/contract/dashboard';
import { sendMail } from '../../lib/mailer.js';
import { createInvite, inviteUrl } from '../accounts/invites.js';
import type { ServiceDeps } from '../deps.js';
import { requireOwner, type ActingMember } from './acting-member.js';

type Deps = Pick<ServiceDeps, 'store' | 'clock' | 'config' | 'logger'>;

/** One line, for a header: an organization name may hold anything. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The invitation email: who invites, to what, the link and until when it works. */
function invitationText(member: ActingMember, invite: { role: string; expires_at: string }, url: string) {
  const organization = oneLine(member.organizationName);
  return {
    subject: `${member.email} invited you to ${organization} on humantime`,
    text:
      `${member.email} invited you to join ${organization} on humantime as ${invite.role === 'owner' ? 'an owner' : 'a member'}.\n\n` +
      `Open this link to accept. It works once, until ${invite.expires_at.replace('T', ' ').replace('Z', ' UTC')}:\n\n${url}\n\n` +
      'If you did not expect this invitation, ignore this email: nothing happens unless the link is opened.\n',
  };
}

/**
 * An owner invites a person by email, as an owner or a member. The one-time link is in the
 * answer, to copy; with SMTP_URL set it is also emailed, within the mail timeout. A send that
 * fails leaves the invite valid and the link shown: the answer says the mail failed, the log
 * says why (the server's own words stay out of the page).
 */
export async function inviteMember(
  deps: Deps,
  member: ActingMember,
  { body, baseUrl }: { body: TeamInviteBody; baseUrl: string },
): Promise<CreatedTeamInvite> {
  requireOwner(member, 'invite people');
  const made = await createInvite(deps, member.organization.id, body);
  const url = inviteUrl(baseUrl, made.token);
  const invite = { id: made.id, email: made.email, role: made.role, created_at: made.created_at, expires_at: made.expires_at };
  const answer = { invite, invite_url: url, email_delivery: 'not_configured' as const, email_problem: null };
  const { smtpUrl, from, timeoutMs } = deps.config.mail;
  if (!smtpUrl) return answer;
  try {
    await sendMail(smtpUrl, { from, to: made.email, ...invitationText(member, made, url) }, timeoutMs);
    return { ...answer, email_delivery: 'sent' };
  } catch (error) {
    deps.logger.warn(
      { organization_id: member.organization.id, invite_id: made.id, err: (error as Error).message },
      'invite email not sent',
    );
    return {
      ...answer,
      email_delivery: 'failed',
      email_problem: 'The mail server could not be reached, or did not accept the message in time.',
    };
  }
}
