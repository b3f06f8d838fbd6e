import type { FileUnlocked, PastePrompt, PasteView, PublicFile } from '@pasteport/contract';
import { ROUTES, type RouteInfo } from '@pasteport/contract/plain';
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

/**
 * Opens a share by `open`; when it asks for a password, sends --password to `unlock` (a
 * protected share without one is a 401 before anything else is sent).
 */
async function openShare<T>(
  client: ApiClient,
  routes: { open: RouteInfo; unlock: RouteInfo; kind: 'paste' | 'file' },
  slug: string,
  password: string | undefined,
): Promise<T> {
  const opened = await client.call<T | Prompt>(routes.open, { params: { slug } });
  if (!needsPassword(opened)) return opened;
  if (password === undefined) {
    throw new ApiError(401, `this ${routes.kind} is password-protected: add --password`);
  }
  return client.call<T>(routes.unlock, { params: { slug }, body: { password } });
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
  const paste = await openShare<PasteView>(
    client,
    { open: ROUTES.openPaste, unlock: ROUTES.unlockPaste, kind: 'paste' },
    slug,
    values.password,
  );
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
  const info = await openShare<PublicFile | FileUnlocked>(
    client,
    { open: ROUTES.fileInfo, unlock: ROUTES.verifyFile, kind: 'file' },
    slug,
    values.password,
  );
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
