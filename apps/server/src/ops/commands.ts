import { parseConfig } from '../config/config.js';
import { backup } from './backup.js';
import { OpsError, type OpsOutput } from './ops-error.js';
import { restore } from './restore.js';

export const USAGE = `Usage:
  pasteport-server backup [--out PATH]   write a backup folder (default DATA_DIR/backups/pasteport-<time>)
  pasteport-server restore PATH          restore a backup folder into an empty DATA_DIR
Both read the server's environment: DATA_DIR, DATABASE_URL, APP_SECRET.`;

/**
 * Runs one operations command from its arguments; answers the exit status. Operator mistakes
 * and refusals are printed in words (status 1); anything else is a bug and propagates.
 */
export async function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  output: OpsOutput,
): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === 'backup') {
      const { out } = parseBackupArgs(rest);
      await backup({
        config: loadConfig(env),
        out,
        searchPath: env.PATH ?? '',
        now: new Date(),
        output,
      });
      return 0;
    }
    if (command === 'restore') {
      if (rest.length !== 1 || rest[0]!.startsWith('-')) {
        throw new OpsError('restore takes exactly one argument: the backup folder');
      }
      await restore({ config: loadConfig(env), from: rest[0]!, output });
      return 0;
    }
    if (command === 'help' || command === '--help' || command === '-h') {
      output.info(USAGE);
      return 0;
    }
    throw new OpsError(command ? `unknown command ${JSON.stringify(command)}` : 'no command given');
  } catch (err) {
    if (!(err instanceof OpsError)) throw err;
    output.warn(`Pasteport: ${err.message}`);
    if (/unknown command|no command|takes exactly|--out/.test(err.message)) output.warn(USAGE);
    return 1;
  }
}

function parseBackupArgs(args: string[]): { out: string | undefined } {
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--out' && i + 1 < args.length && args[i + 1] !== '') out = args[++i];
    else if (arg.startsWith('--out=') && arg.length > '--out='.length)
      out = arg.slice('--out='.length);
    else
      throw new OpsError(
        `backup: unexpected argument ${JSON.stringify(arg)} (--out PATH is the only option)`,
      );
  }
  return { out };
}

function loadConfig(env: NodeJS.ProcessEnv) {
  const parsed = parseConfig(env);
  if (!parsed.ok)
    throw new OpsError(`the configuration has problems:\n  - ${parsed.problems.join('\n  - ')}`);
  return parsed.config;
}
