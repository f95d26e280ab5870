import { randomBytes } from 'node:crypto';
import type { CreateWebhookBody, WebhookWithSecret } from '@humantime/contract';
import { isUniqueViolation } from '../../db/prisma-errors.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { PLAN_LIMITS } from '../billing/plans.js';
import type { ServiceDeps } from '../deps.js';
import { checkWebhookUrl } from './check-webhook-url.js';
import { webhookWithSecretView } from './webhook-view.js';

/** A signing secret: whsec_ + 32 random bytes, base64. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * POST /v1/webhooks. The URL policy runs first (422). Then, in one transaction holding the
 * organization's row lock, the insert (409 from the unique index on (organization_id, url),
 * so a duplicate is reported as such even at the plan maximum) and the count against the
 * plan (402). The lock serializes concurrent registrations of one organization, so racing
 * requests cannot end above the maximum; the plan is read under the same lock.
 */
export async function createWebhook(
  deps: Pick<ServiceDeps, 'store' | 'config'>,
  organizationId: string,
  body: CreateWebhookBody,
): Promise<WebhookWithSecret> {
  const url = await checkWebhookUrl(body.url, { allowPrivate: deps.config.webhooks.allowPrivateUrls });
  try {
    return await deps.store.db.$transaction(async (tx) => {
      const [org] = await tx.$queryRaw<{ plan: Plan }[]>`
        SELECT plan::text AS plan FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
      if (!org) throw notFound('Organization');
      const row = await tx.webhook.create({
        data: { organizationId, url: url.href, events: body.events, signingSecret: generateSigningSecret() },
      });
      const max = PLAN_LIMITS[org.plan].maxWebhooks;
      if (max !== null && (await tx.webhook.count({ where: { organizationId } })) > max) {
        throw new AppError('LIMIT_REACHED', `The ${org.plan} plan allows at most ${max} webhooks; delete one or upgrade the plan.`);
      }
      return webhookWithSecretView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('WEBHOOK_URL_TAKEN', `url: ${url.href} is already registered as a webhook of this organization.`);
    }
    throw error;
  }
}
