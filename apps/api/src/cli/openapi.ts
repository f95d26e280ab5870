import { writeFileSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { openApiDocumentFor } from '../http/openapi.js';

// Writes /openapi.json as the service serves it, without starting the service: for
// `pnpm lint` (scripts/lint-openapi.mjs runs redocly on it) and for generating a client
// offline. Its server is PUBLIC_URL, else the address the service listens on.
//
//   node --import tsx apps/api/src/cli/openapi.ts [FILE]     (stdout without FILE)

const config = loadConfig();
const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
const json = `${JSON.stringify(openApiDocumentFor(config.publicUrl ?? `http://${host}:${config.port}`), null, 2)}\n`;
const file = process.argv[2];
if (file) writeFileSync(file, json);
else process.stdout.write(json);
