#!/usr/bin/env node
import { runCommand } from './commands.js';

/** `pasteport-server backup|restore …`: operations on a server's data, run on its host. */
const status = await runCommand(process.argv.slice(2), process.env, {
  info: (line) => process.stdout.write(`${line}\n`),
  warn: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = status;
