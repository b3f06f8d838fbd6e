import { boot, BootError } from './boot.js';

/** How long SIGTERM waits for in-flight requests before giving up on them. */
const DRAIN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let running;
  try {
    running = await boot(process.env);
  } catch (err) {
    if (err instanceof BootError) {
      process.stderr.write(
        `Pasteport cannot start:\n${err.problems.map((p) => `  - ${p}`).join('\n')}\n`,
      );
      process.exit(1);
    }
    throw err;
  }
  const { logger, close } = running;
  // The bound port, not the configured one: PORT=0 asks the system for a free port.
  const address = running.app.server.address();
  const port = typeof address === 'object' && address ? address.port : running.config.port;
  logger.info(
    `Pasteport is ready at ${running.config.publicUrl ?? `http://${running.config.host}:${port}`}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => {
      logger.error('drain timed out; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
