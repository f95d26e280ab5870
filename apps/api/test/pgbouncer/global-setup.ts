import type { TestProject } from 'vitest/node';
import { freePort } from '../process/spawn.js';
import { startPgbouncer } from './start-pgbouncer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The pgbouncer project's pooler, without a database name (test-store.ts adds one). */
    pgbouncerUrl: string;
  }
}

/** The pgbouncer project: one PgBouncer in transaction mode in front of TEST_DATABASE_URL's server. */
export default async function setup(project: TestProject) {
  const pgbouncer = await startPgbouncer(process.env.TEST_DATABASE_URL!, await freePort());
  project.provide('pgbouncerUrl', pgbouncer.url);
  return () => pgbouncer.stop();
}
