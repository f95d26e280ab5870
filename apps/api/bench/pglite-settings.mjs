// Loaded with `node --import` by bench/embedded-store-memory.ts: adds the PostgreSQL settings
// of BENCH_PGLITE_SETTINGS (comma-separated name=value) to every PGlite the process opens,
// after the store's own, so that one build of the server runs with each setting measured.
import { PGlite } from '@electric-sql/pglite';

const settings = (process.env.BENCH_PGLITE_SETTINGS ?? '').split(',').filter(Boolean);
const DEFAULT_START_PARAMS = PGlite.defaultStartParams;
const create = PGlite.create.bind(PGlite);
PGlite.create = (options = {}) =>
  create({ ...options, startParams: [...(options.startParams ?? DEFAULT_START_PARAMS), ...settings.flatMap((s) => ['-c', s])] });
