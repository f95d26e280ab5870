// The hand-written guides served at /docs/guides/<slug>, in reading order. Each is a markdown
// file in docs/guides/ at the root of the repository, headed by its title (guides.test.ts).

export interface Guide {
  slug: string;
  title: string;
  /** One line for the lists that link it. */
  blurb: string;
}

export const GUIDES: readonly Guide[] = [
  {
    slug: 'quickstart',
    title: 'Quickstart: a first booking in five minutes',
    blurb: 'A key, a human, a slot and a booking, with curl and with the SDK.',
  },
  {
    slug: 'webhooks',
    title: 'Webhooks and signature verification',
    blurb: 'Be told about bookings, check that each delivery came from humantime, and what happens when your endpoint is down.',
  },
  {
    slug: 'idempotency-and-retries',
    title: 'Idempotency and retries',
    blurb: 'Which requests are safe to send again, the Idempotency-Key, and what to do after each error code.',
  },
  {
    slug: 'agents-over-mcp',
    title: 'Agents over MCP',
    blurb: 'Connect an agent app by URL with OAuth sign-in, or run the MCP server over stdio with a key.',
  },
];
