import type { Humantime } from '@humantime/sdk';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { withoutRefs } from './schema-shapes.js';
import { registerAccountTools } from './tools/account-tools.js';
import { registerBookingTools } from './tools/booking-tools.js';
import { registerCalendarTools } from './tools/calendar-tools.js';
import { registerGroupTools } from './tools/group-tools.js';
import { registerSuggestionTools } from './tools/suggestion-tools.js';
import { registerHoldTools } from './tools/hold-tools.js';
import { registerHumanTools } from './tools/human-tools.js';
import { registerOverrideTools } from './tools/override-tools.js';
import { refused } from './tool-result.js';
import { registerSlotTools } from './tools/slot-tools.js';

/** The tools, by their stable names. */
export const TOOL_NAMES = [
  'list_humans',
  'get_human',
  'time_context',
  'create_human',
  'set_availability',
  'add_override',
  'remove_override',
  'find_slots',
  'check_time',
  'book_slot',
  'book_first_available',
  'reschedule_booking',
  'cancel_booking',
  'get_booking',
  'list_bookings',
  'get_usage',
  'list_events',
  'hold_slot',
  'confirm_hold',
  'release_hold',
  'find_slots_for_humans',
  'book_several_humans',
  'suggest_times',
  'add_calendar',
  'list_calendars',
  'sync_calendar',
  'remove_calendar',
  'get_busy',
] as const;

export const SERVER_INSTRUCTIONS =
  'humantime books time with real people ("humans"), each in their own time zone. Typical flow: list_humans (or create_human) -> ' +
  'time_context whenever a request names a relative day ("today", "tomorrow", "next Tuesday"; the human\'s today may not be yours) -> ' +
  'suggest_times to choose good times to propose (ranked, with reasons), or find_slots with local dates or a plain-English when -> ' +
  'book_slot with a starts_at exactly as listed (or book_first_available in one step); hold_slot keeps a ' +
  'time while you ask a person, then confirm_hold or release_hold; find_slots_for_humans and book_several_humans work across people. Every time in a ' +
  "result is given in UTC and as the human's local wall time (…_local); quote the local time to people and never convert zones " +
  'yourself. A refused call is a tool error starting with a stable code and saying what to do next.';

/**
 * An MCP server exposing humantime as tools, calling the API only through `client`.
 * Transport-agnostic: connect it to stdio (bin.ts) or to a Streamable HTTP transport.
 *
 * @example
 * const server = createHumantimeMcpServer(new Humantime({ apiKey, baseUrl }));
 * await server.connect(new StdioServerTransport());
 */
export function createHumantimeMcpServer(client: Humantime, options: HumantimeMcpServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'humantime', version: options.version ?? '0.1.0' }, { instructions: SERVER_INSTRUCTIONS });
  refuseUnknownArguments(server);
  if (options.readOnly) refuseWriteTools(server);
  registerHumanTools(server, client);
  registerOverrideTools(server, client);
  registerSlotTools(server, client);
  registerBookingTools(server, client);
  registerHoldTools(server, client);
  registerGroupTools(server, client);
  registerSuggestionTools(server, client);
  registerCalendarTools(server, client);
  registerAccountTools(server, client);
  speakRefusalsForSdkErrors(server, options.readOnly ?? false);
  listSchemasWithoutRefs(server);
  return server;
}

export interface HumantimeMcpServerOptions {
  version?: string;
  /**
   * The caller may only read (an OAuth connection allowed humantime.read alone): every tool
   * that changes something stays listed, and answers INSUFFICIENT_SCOPE without calling the API.
   */
  readOnly?: boolean;
}

/** The tools that only read: everything else changes data and needs humantime.write. */
export const READ_TOOLS: ReadonlySet<string> = new Set([
  'list_humans',
  'get_human',
  'time_context',
  'find_slots',
  'check_time',
  'get_booking',
  'list_bookings',
  'get_usage',
  'list_events',
  'find_slots_for_humans',
  'suggest_times',
  'list_calendars',
  'get_busy',
]);

/**
 * Every tool's input is a strict object: an argument the tool does not take (a `date_from`
 * where it takes `earliest_date`, a `timezone` it has no use for) is refused as
 * VALIDATION_ERROR naming it, instead of being dropped while the call goes on without it.
 * Wraps registerTool, as refuseWriteTools does, so no tool can forget.
 */
function refuseUnknownArguments(server: McpServer): void {
  wrapRegisterTool(server, (register, name, config, handler) => {
    const { inputSchema = {}, ...rest } = config as { inputSchema?: z.ZodRawShape };
    const takes = Object.keys(inputSchema);
    const errorMap: z.ZodErrorMap = (issue, ctx) =>
      issue.code === 'unrecognized_keys'
        ? {
            message:
              `${String(name)} does not take ${issue.keys.join(', ')}` +
              (takes.length ? `; its arguments are ${takes.join(', ')}` : '; it takes no arguments'),
          }
        : { message: ctx.defaultError };
    return register(name, { ...rest, inputSchema: z.object(inputSchema, { errorMap }).strict() }, handler);
  });
}

type RegisterTool = (name: unknown, config: unknown, handler: unknown) => unknown;

/** Replaces the server's registerTool by `wrap`, which is given the one it replaces: each wrapper sees every tool. */
function wrapRegisterTool(server: McpServer, wrap: (register: RegisterTool, ...args: Parameters<RegisterTool>) => unknown): void {
  const register = server.registerTool.bind(server) as RegisterTool;
  (server as unknown as { registerTool: RegisterTool }).registerTool = (name, config, handler) => wrap(register, name, config, handler);
}

/** A write tool's answer on a read-only connection, whatever its arguments. */
const readOnlyRefusal = (name: string) =>
  refused(
    'INSUFFICIENT_SCOPE',
    `${name} changes data, and this connection may only read (scope humantime.read). ` +
      'Ask the person to connect the app again and allow it to make changes (humantime.write).',
  );

/** Wraps registerTool so that a write tool's handler is a refusal: one place decides, before any tool is added. */
function refuseWriteTools(server: McpServer): void {
  wrapRegisterTool(server, (register, name, config, handler) =>
    register(name, config, READ_TOOLS.has(name as string) ? handler : () => readOnlyRefusal(String(name))),
  );
}

const UNKNOWN_TOOL = /^(?:MCP error -?\d+: )?Tool (\S+) (?:not found|disabled)$/;
const INPUT_ERROR = /^(?:MCP error -?\d+: )?Input validation error: Invalid arguments for tool (\S+): ([\s\S]*)$/;

/**
 * The MCP SDK validates arguments against the input schema before a tool runs and reports
 * a mismatch as a tool error in its own words. An agent should see one convention for every
 * refusal, so those become VALIDATION_ERROR (the contract's code for malformed fields) and
 * anything else the SDK caught becomes INTERNAL_ERROR. createToolError is the SDK's one
 * place for both (TypeScript-private, so replaced on the instance); the refusal tests over
 * /mcp and stdio pin this behaviour, so an SDK upgrade that changes it fails loudly.
 */
function speakRefusalsForSdkErrors(server: McpServer, readOnly: boolean): void {
  (server as unknown as { createToolError: (message: string) => unknown }).createToolError = (message: string) => {
    const unknownTool = UNKNOWN_TOOL.exec(message);
    if (unknownTool)
      return refused('NOT_FOUND', `There is no tool named ${unknownTool[1]}.`, {
        NOT_FOUND: `Call one of the tools this server lists (tools/list), e.g. ${TOOL_NAMES.slice(0, 3).join(', ')}; do not retry this name.`,
      });
    const input = INPUT_ERROR.exec(message);
    if (!input) return refused('INTERNAL_ERROR', message);
    // On a read-only connection a write tool is refused for what it is, before its arguments.
    if (readOnly && !READ_TOOLS.has(input[1]!)) return readOnlyRefusal(input[1]!);
    return refused('VALIDATION_ERROR', input[2]!.trim());
  };
}

/**
 * tools/list writes a schema used twice in one tool (work_start and work_end, say) once and
 * points at it with `$ref` the second time. Valid JSON Schema, but some model front ends do
 * not follow `$ref`, and a `description` beside one is ignored by draft 7; so each listed
 * schema has its references written out (withoutRefs). The SDK offers no option for it, so
 * its tools/list handler (installed by the first registerTool) is wrapped; the MCP tests read
 * tools/list over stdio and /mcp and fail on any `$ref`.
 */
function listSchemasWithoutRefs(server: McpServer): void {
  type Handler = (request: unknown, extra: unknown) => Promise<{ tools: { inputSchema: unknown; outputSchema?: unknown }[] }>;
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  const list = handlers.get('tools/list');
  if (!list) throw new Error('tools/list has no handler to wrap: did the MCP SDK change how it installs one?');
  handlers.set('tools/list', async (request, extra) => {
    const answer = await list(request, extra);
    return {
      ...answer,
      tools: answer.tools.map((tool) => ({
        ...tool,
        inputSchema: withoutRefs(tool.inputSchema),
        ...(tool.outputSchema === undefined ? {} : { outputSchema: withoutRefs(tool.outputSchema) }),
      })),
    };
  });
}
