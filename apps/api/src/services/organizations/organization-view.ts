import type { Organization } from '../../generated/prisma/client.js';
import { toTimestamp } from '../../lib/timestamps.js';

export function organizationView(org: Organization) {
  return {
    organization_id: org.id,
    name: org.name,
    plan: org.plan,
    auto_purchase: org.autoPurchase,
    created_at: toTimestamp(org.createdAt),
  };
}
