import type { Db } from '../../db/open-store.js';
import { notFound } from '../../lib/app-error.js';
import { organizationView } from './organization-view.js';

export async function getOrganization(db: Db, organizationId: string) {
  const org = await db.organization.findUnique({ where: { id: organizationId } });
  if (!org) throw notFound('Organization');
  return organizationView(org);
}
