import { initContract } from '@ts-rest/core';
import { UsageSchema } from '../schemas/usage.js';

const c = initContract();

export const usage = c.router({
  get: {
    method: 'GET',
    path: '/usage',
    responses: { 200: UsageSchema },
    summary: "Retrieve this month's usage",
    description:
      'Returns the plan, the current UTC calendar month, its booking quota, the bookings ' +
      'used and overage packs bought, and whether auto-purchase is on.',
  },
});
