import type { Plan } from '../../generated/prisma/enums.js';

/** The organization behind a request's API key: what every /v1 service is scoped by. */
export interface AuthedOrganization {
  id: string;
  plan: Plan;
  autoPurchase: boolean;
}
