// Prints a real MCP session against a live API (embedded store, random port) for the
// README: `pnpm --filter @humantime/api exec tsx test/mcp/capture-transcript.ts`.
import { startTestApp } from '../test-app.js';
import { call, httpMcpClient, nextLocalWeekday, textOf } from './mcp-client.js';

const app = await startTestApp();
try {
  const org = await app.createOrg('free');
  const client = await httpMcpClient(app.url, org.key);
  const show = async (name: string, args: Record<string, unknown>) => {
    const result = await call(client, name, args);
    console.log(`→ ${name} ${JSON.stringify(args)}`);
    console.log(`← ${result.isError ? '(isError) ' : ''}${textOf(result).replace(/\n/g, '\n  ')}`);
    console.log();
    return result.structuredContent;
  };
  const human = await show('create_human', { name: 'Haruki Sato', timezone: 'Asia/Tokyo' });
  const tuesday = nextLocalWeekday('Asia/Tokyo', 2);
  const slots = await show('find_slots', {
    human_id: human.id,
    date_from: tuesday,
    date_to: tuesday,
    duration: 30,
    earliest_time: '13:00',
  });
  const first = slots.days[0].slots[0];
  const booking = await show('book_slot', { human_id: human.id, starts_at: first.starts_at, duration: 30, attendee_name: 'Agent Smith' });
  console.log('structuredContent of book_slot:');
  console.log(JSON.stringify(booking, null, 2));
  console.log();
  await show('book_slot', { human_id: human.id, starts_at: first.starts_at, duration: 30, attendee_name: 'Another agent' });
  await show('check_time', { human_id: human.id, starts_at: `${tuesday}T18:30:00+09:00`, duration: 30 });
  await client.close();
} finally {
  await app.close();
}
