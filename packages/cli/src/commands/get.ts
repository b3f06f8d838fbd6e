import type { FileUnlocked, PastePrompt, PasteView, PublicFile } from '@pasteport/contract';
import { ROUTES } from '@pasteport/contract/plain';
import path from 'node:path';
import { parseCommand } from '../args.js';
import { ApiClient, errorOf } from '../client.js';
import type { Context } from '../context.js';
import { downloadTarget, saveBody } from '../download.js';
import { ApiError, UsageError } from '../errors.js';
import { parseShareRef } from './share-links.js';

type Prompt = PastePrompt | { password_required: true };
const needsPassword = (data: unknown): data is Prompt =>
  (data as { password_required?: unknown }).password_required === true;

function passwordMissing(kind: string): ApiError {
  return new ApiError(401, `this ${kind} is password-protected: add --password`);
}

/** `pasteport get SLUG|LINK`: prints a paste, or downloads a file (streamed to disk). */
export async function get(ctx: Context, args: string[]): Promise<void> {
  const { values, positionals } = parseCommand(args, {
    password: { type: 'string' },
    output: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UsageError('get takes one SLUG or LINK');
  const ref = parseShareRef(positionals[0]!);
  const own = await ctx.client({ requireKey: false });
  // A link to another server is read there, without this server's key.
  const client =
    ref.origin && ref.origin !== new URL(own.baseUrl).origin
      ? new ApiClient(ref.origin, undefined)
      : own;
  if (ref.kind !== 'file') {
    try {
      return await getPaste(ctx, client, ref.slug, values);
    } catch (error) {
      const notPaste = error instanceof ApiError && error.status === 404 && !ref.kind;
      if (!notPaste) throw error;
    }
  }
  await getFile(ctx, client, ref.slug, values);
}

interface GetValues {
  password?: string | undefined;
  output?: string | undefined;
  force?: boolean | undefined;
}

async function getPaste(ctx: Context, client: ApiClient, slug: string, values: GetValues) {
  let view = await client.call<PasteView | Prompt>(ROUTES.openPaste, { params: { slug } });
  if (needsPassword(view)) {
    if (values.password === undefined) throw passwordMissing('paste');
    view = await client.call<PasteView>(ROUTES.unlockPaste, {
      params: { slug },
      body: { password: values.password },
    });
  }
  const paste = view;
  if (values.output !== undefined && values.output !== '-') {
    const body = new Response(paste.content);
    const target = path.resolve(ctx.io.cwd, values.output);
    await saveBody(body, target, ctx.io.stdout, { force: values.force ?? false });
    ctx.result({ kind: 'paste', ...paste, saved_to: target }, () => `Saved to ${target}`);
    return;
  }
  if (ctx.json) ctx.result({ kind: 'paste', ...paste }, () => '');
  else ctx.io.stdout.write(paste.content);
}

async function getFile(ctx: Context, client: ApiClient, slug: string, values: GetValues) {
  let file = await client.call<PublicFile | Prompt>(ROUTES.fileInfo, { params: { slug } });
  if (needsPassword(file)) {
    if (values.password === undefined) throw passwordMissing('file');
    file = await client.call<FileUnlocked>(ROUTES.verifyFile, {
      params: { slug },
      body: { password: values.password },
    });
  }
  const info = file;
  const target = await downloadTarget(values.output, info.filename, ctx.io.cwd);
  if (target === '-' && ctx.json) throw new UsageError('--json cannot share stdout with -o -');
  const link = client.link(info.download_url);
  const response = await fetch(link, { headers: client.authHeaders(link) });
  if (!response.ok) throw await errorOf(response);
  const bytes = await saveBody(response, target, ctx.io.stdout, { force: values.force ?? false });
  if (target === '-') return;
  ctx.result(
    { kind: 'file', slug: info.slug, filename: info.filename, size: bytes, saved_to: target },
    () => `Saved ${info.filename} (${bytes} bytes) to ${target}`,
  );
}
