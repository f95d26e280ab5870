import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, uniqueEmail } from './dashboard-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

// Invite emails with SMTP_URL set: a local SMTP server (smtp-server) receives the message with
// the link; a server that refuses or never answers leaves the invite made and the link shown.

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;
/** Accepts connections and never says a word: an SMTP server that hangs. */
let silent: Server;
let silentPort: number;
const silentSockets = new Set<Socket>();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS offered (nodemailer would try it with a self-signed certificate).
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  silent = createServer((socket) => void silentSockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  for (const socket of silentSockets) socket.destroy();
  await new Promise<void>((resolve) => silent?.close(() => resolve()));
});

/** An app whose invites are mailed through `smtpUrl`. */
async function withMail<T>(smtpUrl: string, timeoutMs: number, run: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp({ mail: { smtpUrl, from: 'humantime <invites@humantime.test>', timeoutMs } });
  try {
    return await run(app);
  } finally {
    await app.close();
  }
}

/** The text part of a received message, with quoted-printable soft line breaks undone. */
// Quoted-printable, decoded in one pass: a second pass would read "=3DEC" as "=" then 0xEC.
const bodyOf = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

it('emails the one-time link to the invitee through the SMTP server of SMTP_URL', async () => {
  await withMail(`smtp://127.0.0.1:${smtpPort}`, 10_000, async (app) => {
    const owner = await signUp(app, undefined, 'Mail Acme');
    const email = uniqueEmail('mailed');
    const res = await owner.call('POST', '/team/invites', { body: { email, role: 'member' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ email_delivery: 'sent', email_problem: null });
    const message = received.find((m) => m.to.includes(email));
    expect(message, 'a message to the invitee').toBeDefined();
    expect(message!.from).toBe('invites@humantime.test');
    const body = bodyOf(message!.raw);
    expect(body).toContain(res.body.invite_url);
    expect(body).toContain(`Subject: ${owner.email} invited you to Mail Acme on humantime`);
    expect(body).toContain('as a member');
  });
});

it('a mail server that cannot be reached: the invite is made, the link shown, and the answer says the mail failed', async () => {
  // A port that was just free: nothing listens there.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await withMail(`smtp://127.0.0.1:${port}`, 10_000, async (app) => {
    const owner = await signUp(app);
    const res = await owner.call('POST', '/team/invites', { body: { email: uniqueEmail('unsent'), role: 'owner' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ email_delivery: 'failed', email_problem: expect.stringContaining('mail server') });
    expect(res.body.invite_url).toMatch(/#token=/);
    expect((await owner.call('GET', '/team')).body.invites).toHaveLength(1);
  });
});

it('a mail server that never answers holds the request no longer than the mail timeout', async () => {
  await withMail(`smtp://127.0.0.1:${silentPort}`, 800, async (app) => {
    const owner = await signUp(app);
    const started = Date.now();
    const res = await owner.call('POST', '/team/invites', { body: { email: uniqueEmail('slow'), role: 'member' } });
    const took = Date.now() - started;
    expect(res.status, res.text).toBe(201);
    expect(res.body.email_delivery).toBe('failed');
    expect(res.body.invite_url).toMatch(/#token=/);
    // The 800 ms budget, with room for a loaded machine; never nodemailer's default minutes.
    expect(took).toBeLessThan(10_000);
  });
});
