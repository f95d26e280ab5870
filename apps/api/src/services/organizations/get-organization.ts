import type { ServiceDeps } from '../deps.js';
import { notFound } from '../../lib/app-error.js';
import { organizationView } from './organization-view.js';

export async function getOrganization({ store: { db } }: Pick<ServiceDeps, 'store'>, organizationId: string) {
  const org = await db.organization.findUnique({ where: { id: organizationId } });
  if (!org) throw notFound('Organization');
  return organizationView(org);
}
