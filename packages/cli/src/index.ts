import { APP_VERSION } from '@pasteport/contract/plain';
import { splitCommand } from './args.js';
import { fs } from './commands/fs.js';
import { get } from './commands/get.js';
import { login, logout } from './commands/login.js';
import { ls, rm } from './commands/own.js';
import { paste } from './commands/paste.js';
import { upload } from './commands/upload.js';
import { Context, type Io } from './context.js';
import { describeError, EXIT, exitCodeOf, UsageError, type ExitCode } from './errors.js';

const COMMANDS: Record<string, (ctx: Context, args: string[]) => Promise<void>> = {
  login,
  logout,
  paste,
  upload,
  get,
  ls,
  rm,
  fs,
};

export const USAGE = `Usage: pasteport <command> [options]

  login [--url URL] [--key KEY]     check an API key and store it (asks for what is missing)
  logout                            forget the stored key
  paste [FILE|-] [share options] [--raw]
                                    share text from FILE or stdin; prints the link
  upload FILE|GLOB... [share options] [--path DIR] [--storage ID] [--access-mode proxy|direct]
         [--part-size BYTES] [--raw]
                                    share files; big ones go in parts and resume on a re-run
  get SLUG|LINK [--password P] [-o FILE|-] [--force]
                                    print a paste, or download a file
  ls                                this key's pastes and files
  rm SLUG...                        delete this key's pastes or files
  fs ls [PATH]                      list a mount folder
  fs get PATH [-o FILE|-] [--force] download from a mount
  fs put LOCAL... REMOTE            upload into a mount (REMOTE: folder, or the file's path)
  fs mkdir PATH | fs rm PATH... | fs mv OLD NEW | fs cp SOURCE... TARGET [--skip-existing]
  fs search KEYWORD [--scope global|mount|directory] [--mount-id ID] [--path P]
                    [--limit N] [--offset N]

Share options: --slug S --password P --expires never|12h|7d|2w|3mo|ISO --max-views N --remark R
Every command: --json (machine-readable stdout), -h/--help. pasteport --version prints the version.
Environment: PASTEPORT_URL and PASTEPORT_API_KEY override the stored login;
PASTEPORT_PART_SIZE sets the part size of uploads.
Exit codes: 0 ok, 1 server or other error, 2 usage error, 3 auth error (401/403),
4 not found (404/410).`;

function defaultIo(): Io {
  return {
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
  };
}

/** Runs one command line; answers its exit code (errors are reported on stderr). */
export async function main(argv: readonly string[], io: Io = defaultIo()): Promise<ExitCode> {
  const json = argv.includes('--json');
  const { command, rest } = splitCommand(argv);
  if (command === 'version' || (command === undefined && argv.includes('--version'))) {
    io.stdout.write(`${APP_VERSION}\n`);
    return EXIT.ok;
  }
  if (command === undefined || command === 'help') {
    const wanted = argv.includes('--help') || argv.includes('-h') || command === 'help';
    (wanted ? io.stdout : io.stderr).write(`${USAGE}\n`);
    return wanted ? EXIT.ok : EXIT.usage;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  const ctx = new Context(io, json);
  try {
    if (!run) throw new UsageError(`unknown command "${command}"`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    await run(ctx, rest);
    return EXIT.ok;
  } catch (error) {
    const code = exitCodeOf(error);
    io.stderr.write(`pasteport: ${describeError(error)}\n`);
    if (code === EXIT.usage) io.stderr.write('Run pasteport --help for the commands.\n');
    return code;
  }
}
