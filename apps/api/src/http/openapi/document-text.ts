// The prose of /openapi.json that the contract cannot carry: the introduction and one tag
// per resource. Tags are named after the SDK's resources (`client.humans`, `client.calendarFeed`),
// so a reader moves between the reference and the SDK by the same names.

export const INTRODUCTION = `The humantime API lets software agents book time with real people.

Authenticate every /v1 request with \`Authorization: Bearer sk_live_...\`, in one Authorization header; a missing or invalid key, or several headers, is 401 UNAUTHORIZED. Paths are matched letter for letter: \`/V1/humans\` is an unknown route (404 NOT_FOUND).

Request bodies are JSON in UTF-8 (at most 1 MiB): bytes that are not UTF-8 are 422 VALIDATION_ERROR, never stored altered. JSON numbers are read as IEEE 754 doubles: a number out of their range (1e999) or a whole number with more digits than they keep (12345678901234567890) is 422; send such values as strings.

Every error is \`{"error": {"code", "message", "status"}}\`. Branch on \`code\`, which is stable; \`message\` may change and names every offending field for VALIDATION_ERROR. 401, 404 and 422 are not transient: do not retry them unchanged.

Lists are \`{"data": [...], "next_cursor": string | null}\`, newest first; pass \`limit\` (1-100, default 50) and the previous \`next_cursor\` as \`cursor\`.

Timestamps in responses are ISO 8601 UTC with Z; request timestamps may carry any offset and fractions of a second. They are kept to the millisecond: a range's bound may carry more digits (dropped), a start to book, hold or check may not (it would not be the start sent).

Ids are UUIDs, written in lower case; an id sent in upper case names the same resource.

The TypeScript SDK (\`@humantime/sdk\` in this service's repository, packages/sdk; not on the npm registry yet) has one resource per tag below (\`client.humans\`, \`client.bookings\`, ...), with typed errors and safe retries.

Agents over MCP: the same service is an MCP server at \`/mcp\`. An agent app that connects by URL needs only that URL (this host followed by \`/mcp\`): it finds the sign-in from the 401's \`WWW-Authenticate\` header (OAuth 2.1: \`/.well-known/oauth-protected-resource/mcp\`, \`/.well-known/oauth-authorization-server\`, PKCE S256, dynamic registration or a client ID metadata document), and the person allows it on a humantime page. Its tokens work on \`/mcp\` only (\`/v1\` answers 401 to them) and count in the organization's rate limit and quota. An API key still works on \`/mcp\` (\`Authorization: Bearer sk_live_...\`) and over stdio (\`node packages/mcp/dist/bin.js\` from the repository, with \`HUMANTIME_API_KEY\`).`;

export interface Tag {
  name: string;
  'x-displayName': string;
  description: string;
}

export const TAGS: Tag[] = [
  {
    name: 'humans',
    'x-displayName': 'Humans',
    description: 'People whose time can be booked, their weekly schedule, their open slots and their time now (`client.humans`).',
  },
  {
    name: 'calendars',
    'x-displayName': 'Calendars',
    description:
      "A human's own calendars (an iCalendar feed or a CalDAV calendar): their busy time blocks slots like a booking (`client.calendars`).",
  },
  {
    name: 'overrides',
    'x-displayName': 'Overrides',
    description: "Block or open time on top of the weekly schedule, in the human's timezone (`client.overrides`).",
  },
  { name: 'slots', 'x-displayName': 'Slots', description: 'Open times across several humans at once (`client.slots`).' },
  {
    name: 'suggestions',
    'x-displayName': 'Suggestions',
    description: 'The open starts worth offering first, ranked by a documented score with reasons (`client.suggestions`).',
  },
  {
    name: 'bookings',
    'x-displayName': 'Bookings',
    description: 'Confirmed meetings in slots; cancelling frees the slot, rescheduling moves it in one step (`client.bookings`).',
  },
  {
    name: 'holds',
    'x-displayName': 'Holds',
    description: 'Keep a start for 30-900 seconds while an agent asks someone, then confirm or release it (`client.holds`).',
  },
  {
    name: 'webhooks',
    'x-displayName': 'Webhooks',
    description:
      'Endpoints told about booking.confirmed and booking.cancelled, and how each delivery went (`client.webhooks`). Deliveries are signed: X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.',
  },
  { name: 'usage', 'x-displayName': 'Usage', description: "The organization's monthly booking quota (`client.usage`)." },
  {
    name: 'events',
    'x-displayName': 'Events',
    description:
      'The booking events of the last RETENTION_DAYS (30 by default), oldest first, for an agent without a webhook (`client.events`); a reader that fell behind the window is told with `"gap": true`.',
  },
  {
    name: 'calendarFeed',
    'x-displayName': 'Calendar feed',
    description: "A human's bookings as a secret subscription URL any calendar app can read without a key (`client.calendarFeed`).",
  },
];

export interface GuideLink {
  slug: string;
  title: string;
}

/** The introduction with a list of the guides, linked at `base`. */
export function introductionWithGuides(base: string, guides: readonly GuideLink[]): string {
  if (guides.length === 0) return INTRODUCTION;
  const list = guides.map((g) => `- [${g.title}](${base}/docs/guides/${g.slug})`).join('\n');
  return `${INTRODUCTION}\n\n## Guides\n\n${list}`;
}
