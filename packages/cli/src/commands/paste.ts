import type { PasteCreated } from '@pasteport/contract';
import { EDITOR_CONTENT_MAX_BYTES, ROUTES } from '@pasteport/contract/plain';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parseCommand } from '../args.js';
import { readAll, type Context } from '../context.js';
import { UsageError } from '../errors.js';
import { pasteShareFields, SHARE_OPTIONS } from '../share-options.js';

/** `pasteport paste [FILE|-]`: shares text (a file, or stdin) and prints its link. */
export async function paste(ctx: Context, args: string[]): Promise<void> {
  const { values, positionals } = parseCommand(args, {
    ...SHARE_OPTIONS,
    raw: { type: 'boolean' },
  });
  if (positionals.length > 1) throw new UsageError('paste takes one FILE (or - for stdin)');
  const fields = pasteShareFields(values);
  const source = positionals[0] ?? '-';
  if (source === '-' && ctx.io.stdin.isTTY) {
    ctx.note('Reading the paste from the terminal; end it with Ctrl-D.');
  }
  const stream = source === '-' ? ctx.io.stdin : createReadStream(path.resolve(ctx.io.cwd, source));
  let bytes: Buffer;
  try {
    bytes = await readAll(stream, EDITOR_CONTENT_MAX_BYTES);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new UsageError(`the paste is larger than ${EDITOR_CONTENT_MAX_BYTES} bytes; upload it`);
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new UsageError(`${source}: no such file`);
    }
    throw error;
  }
  const content = bytes.toString('utf8');
  if (content.length === 0) throw new UsageError('the paste is empty');
  const client = await ctx.client({ requireKey: false });
  const created = await client.call<PasteCreated>(ROUTES.createPaste, {
    body: { content, ...fields },
  });
  // Links are absolute even from a server that answers them relative (no PUBLIC_URL).
  const links = {
    ...created,
    url: client.link(created.url),
    raw_url: client.link(created.raw_url),
  };
  ctx.result(links, () => (values.raw ? links.raw_url : links.url));
}
