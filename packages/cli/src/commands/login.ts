import type { ApiKeyInfo } from '@pasteport/contract';
import { ROUTES } from '@pasteport/contract/plain';
import { createInterface } from 'node:readline';
import { parseCommand } from '../args.js';
import { ApiClient } from '../client.js';
import { deleteConfig, loadConfig, normaliseServerUrl, saveConfig } from '../config.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/**
 * Asks for what the command line left out: on a terminal the key is not echoed; piped input
 * gives one answer a line.
 */
function prompter(ctx: Context) {
  const { stdin, stderr } = ctx.io;
  const lines = createInterface({ input: stdin, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  const ask = async (question: string, secret: boolean): Promise<string> => {
    stderr.write(question);
    const tty = stdin as NodeJS.ReadStream;
    const hide = secret && tty.isTTY === true && typeof tty.setRawMode === 'function';
    if (hide) tty.setRawMode(true);
    try {
      if (hide) return await readHidden(tty);
      const next = await iterator.next();
      if (next.done) throw new UsageError(`${question.trim()} no answer on stdin`);
      return String(next.value).trim();
    } finally {
      if (hide) {
        tty.setRawMode(false);
        stderr.write('\n');
      }
    }
  };
  return { ask, close: () => lines.close() };
}

/** A line typed on a raw-mode terminal without echoing it (Ctrl-C stops). */
function readHidden(tty: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          tty.off('data', onData);
          resolve(text.trim());
          return;
        }
        if (char === '\u0003') {
          tty.off('data', onData);
          reject(new UsageError('cancelled'));
          return;
        }
        if (char === '\u007f') text = text.slice(0, -1);
        else text += char;
      }
    };
    tty.on('data', onData);
  });
}

/** `pasteport login [--url URL] [--key KEY]`: checks the key against the server, then stores it. */
export async function login(ctx: Context, args: string[]): Promise<void> {
  const { values, positionals } = parseCommand(args, {
    url: { type: 'string' },
    key: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`login takes no arguments (${positionals[0]})`);
  const env = ctx.io.env;
  let url = values.url ?? env.PASTEPORT_URL;
  let key = values.key ?? env.PASTEPORT_API_KEY;
  if (url === undefined || key === undefined) {
    const stored = await loadConfig(env).catch(() => null);
    const prompt = prompter(ctx);
    try {
      if (url === undefined) {
        const hint = stored ? ` [${stored.url}]` : '';
        url = (await prompt.ask(`Server URL${hint}: `, false)) || stored?.url || '';
      }
      if (key === undefined) key = await prompt.ask('API key: ', true);
    } finally {
      prompt.close();
    }
  }
  const server = normaliseServerUrl(url);
  if (!key) throw new UsageError('--key: the API key must not be empty');
  const info = await new ApiClient(server, key).call<ApiKeyInfo>(ROUTES.apiKeyInfo);
  const file = await saveConfig({ url: server, apiKey: key }, env);
  ctx.result({ url: server, key: info.name, permissions: info.permissions, config: file }, () => {
    const granted = (['text', 'file', 'mount'] as const).filter((name) => info.permissions[name]);
    return `Logged in to ${server} with the key "${info.name}" (${granted.join(', ') || 'no permissions'}); saved in ${file}`;
  });
}

/** `pasteport logout`: forgets the stored key (the key itself stays valid on the server). */
export async function logout(ctx: Context, args: string[]): Promise<void> {
  const { positionals } = parseCommand(args, {});
  if (positionals.length > 0) throw new UsageError('logout takes no arguments');
  const removed = await deleteConfig(ctx.io.env);
  ctx.result({ removed }, () => (removed ? 'Logged out.' : 'Not logged in.'));
}
