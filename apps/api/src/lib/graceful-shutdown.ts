import type { Logger } from './logger.js';

/** Long enough for a webhook attempt that just started to finish (its timeout) and be recorded. */
export function shutdownGraceMs(config: { webhooks: { timeoutMs: number } }): number {
  return Math.max(25_000, config.webhooks.timeoutMs + 15_000);
}

/**
 * SIGTERM/SIGINT: log, run `stop` (stop accepting, finish work in flight), exit 0; exit 1
 * if it fails or outlasts the grace period.
 */
export function onShutdownSignal(options: { logger: Logger; graceMs: number; message: string; stop: () => Promise<void> }) {
  const { logger } = options;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, options.message);
    const force = setTimeout(() => {
      logger.error('work in flight did not finish in time; exiting');
      process.exit(1);
    }, options.graceMs);
    force.unref();
    try {
      await options.stop();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
