import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The MCP SDK's own client over Streamable HTTP at the API's /mcp, with an API key. */
export async function httpMcpClient(baseUrl: string, key: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  return connect(transport);
}

export async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'humantime-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: any };
}

/** Calls a tool that must succeed and returns its structured result. */
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return result.structuredContent;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** The local date (YYYY-MM-DD) of next week's `weekday` (1 = Monday) in `timezone`, strictly after today. */
export function nextLocalWeekday(timezone: string, weekday: number, now = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const today = Date.parse(`${get('year')}-${get('month')}-${get('day')}T00:00:00Z`);
  const todayWeekday = ((new Date(today).getUTCDay() + 6) % 7) + 1;
  const ahead = (weekday - todayWeekday + 7) % 7 || 7;
  return new Date(today + ahead * 86_400_000).toISOString().slice(0, 10);
}
