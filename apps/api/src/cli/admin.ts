import { parseArgs } from 'node:util';
import { adminContract } from '@humantime/contract/admin';
import { initClient } from '@ts-rest/core';
import { loadCliConfig } from './config.js';

const HELP = `humantime admin: manage organizations through the admin API

Usage:
  pnpm admin create-org --name NAME --plan free|starter|growth [--auto-purchase]
  pnpm admin rotate-key --org ORGANIZATION_ID
  pnpm admin set-plan --org ORGANIZATION_ID --plan free|starter|growth
  pnpm admin auto-purchase --org ORGANIZATION_ID on|off
  pnpm admin invite --org ORGANIZATION_ID --email EMAIL [--role owner|member]
  pnpm admin set-payment-method --org ORGANIZATION_ID --payment-method pm_…
  pnpm admin --help

Prints one JSON object on stdout; on failure, the error envelope on stderr and exit code 1.
create-org and rotate-key print {"organization_id", "api_key"}: the key is shown only then.
invite prints {"organization_id", "email", "role", "invite_url", "expires_at"}: a one-time link
to the dashboard, valid 24 h, where the person joins with the role (default owner): setting a
password, or with the account the email already has (works with DASHBOARD_SIGNUP=closed).
set-payment-method (with Stripe configured) makes a Stripe PaymentMethod the card overage
packs are charged to, and prints {"organization_id", "card"}.

Environment:
  HUMANTIME_URL  the running service (default http://127.0.0.1:3000)
  ADMIN_TOKEN    the admin token (default: the one the embedded store keeps in DATA_DIR)
`;

class UsageError extends Error {}

type Outcome = { status: number; body: unknown };

function need(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
}

/** An invite's role; an operator's invite makes an owner unless it says otherwise. */
function role(value: string | undefined): 'owner' | 'member' {
  if (value === undefined || value === 'owner' || value === 'member') return value ?? 'owner';
  throw new UsageError('--role must be owner or member');
}

function plan(value: string | undefined) {
  const p = need(value, '--plan');
  if (p !== 'free' && p !== 'starter' && p !== 'growth') {
    throw new UsageError('--plan must be free, starter or growth');
  }
  return p;
}

/** Where the admin token `run` sent came from (loadCliConfig's word), for the hint on a 401. */
let tokenSource = '';

async function run(argv: string[]): Promise<Outcome | 'help'> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      org: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      'payment-method': { type: 'string' },
      'auto-purchase': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) return 'help';

  let config;
  try {
    config = loadCliConfig();
  } catch (error) {
    throw new UsageError(`environment: ${(error as Error).message}`);
  }
  tokenSource = config.tokenSource;
  const client = initClient(adminContract, {
    baseUrl: config.baseUrl,
    baseHeaders: { authorization: `Bearer ${config.adminToken ?? ''}` },
    throwOnUnknownStatus: false,
  });
  const org = () => ({ organization_id: need(values.org, '--org') });

  switch (command) {
    case 'create-org': {
      const result = await client.createOrganization({
        body: { name: need(values.name, '--name'), plan: plan(values.plan), auto_purchase: values['auto-purchase'] },
      });
      if (result.status !== 201) return result;
      return { status: 201, body: { organization_id: result.body.organization_id, api_key: result.body.api_key } };
    }
    case 'rotate-key':
      return client.rotateKey({ params: org() });
    case 'set-plan':
      return client.updateOrganization({ params: org(), body: { plan: plan(values.plan) } });
    case 'auto-purchase': {
      const state = rest[0];
      if (state !== 'on' && state !== 'off') throw new UsageError('auto-purchase takes on or off');
      return client.updateOrganization({ params: org(), body: { auto_purchase: state === 'on' } });
    }
    case 'set-payment-method':
      return client.setPaymentMethod({ params: org(), body: { payment_method: need(values['payment-method'], '--payment-method') } });
    case 'invite': {
      const result = await client.createInvite({ params: org(), body: { email: need(values.email, '--email'), role: role(values.role) } });
      if (result.status !== 201) return result;
      // The link the service built on its PUBLIC_URL (the token rides in its fragment, which
      // browsers never send to a server or in a Referer); the token alone is not printed.
      const { token: _token, ...invite } = result.body;
      return { status: 201, body: invite };
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function fail(code: string, message: string): never {
  process.stderr.write(`${JSON.stringify({ error: { code, message } })}\n`);
  process.exit(1);
}

try {
  const outcome = await run(process.argv.slice(2));
  if (outcome === 'help') {
    process.stdout.write(HELP);
  } else if (outcome.status >= 200 && outcome.status < 300) {
    process.stdout.write(`${JSON.stringify(outcome.body)}\n`);
  } else {
    // A hint for the person first; the last line stays the envelope, for scripts.
    if (outcome.status === 401) {
      process.stderr.write(`The admin token sent came from ${tokenSource}. Set ADMIN_TOKEN, or DATA_DIR to the server's data directory.\n`);
    }
    process.stderr.write(`${JSON.stringify(outcome.body)}\n`);
    process.exit(1);
  }
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(HELP);
    fail('USAGE', (error as Error).message);
  }
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  fail('UNREACHABLE', `Could not reach the service: ${cause ?? (error as Error).message}. Is it running (pnpm start)?`);
}
