import type { Db } from '../../db/open-store.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { generateApiKey, hashApiKey, keyHint } from '../../lib/api-keys.js';
import { organizationView } from './organization-view.js';

/** Creates an organization with its one API key; the key is returned here and never again. */
export async function createOrganization(
  db: Db,
  input: { name: string; plan: Plan; autoPurchase: boolean },
) {
  const apiKey = generateApiKey();
  const org = await db.organization.create({
    data: {
      name: input.name,
      plan: input.plan,
      autoPurchase: input.autoPurchase,
      apiKey: { create: { keyHash: hashApiKey(apiKey), keyHint: keyHint(apiKey) } },
    },
  });
  return { ...organizationView(org), api_key: apiKey };
}
