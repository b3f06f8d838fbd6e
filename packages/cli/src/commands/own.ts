import type { FileDetail, PasteSummary } from '@pasteport/contract';
import { FILE_LIST_LIMIT_MAX, ROUTES, type RouteInfo } from '@pasteport/contract/plain';
import { parseCommand } from '../args.js';
import type { ApiClient } from '../client.js';
import { formatBytes, type Context } from '../context.js';
import { ApiError, UsageError } from '../errors.js';

/** The user listings' largest pages (pastes: PASTE_LIST_LIMIT_MAX of the contract). */
const PASTE_PAGE = 100;

async function listAll<T>(client: ApiClient, route: RouteInfo, limit: number): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await client.call<{ items: T[]; total: number }>(route, {
      query: { limit, offset },
    });
    items.push(...page.items);
    if (page.items.length < limit || items.length >= page.total) return items;
  }
}

/**
 * This key's pastes and files. A key with only one of the text and file permissions gets a
 * 403 from the other listing: that half is left out (null), unless both are refused.
 */
async function ownShares(client: ApiClient) {
  const [pastes, files] = await Promise.allSettled([
    listAll<PasteSummary>(client, ROUTES.listUserPastes, PASTE_PAGE),
    listAll<FileDetail>(client, ROUTES.listUserFiles, FILE_LIST_LIMIT_MAX),
  ]);
  const refused = (result: PromiseSettledResult<unknown>) =>
    result.status === 'rejected' &&
    result.reason instanceof ApiError &&
    result.reason.status === 403;
  for (const result of [pastes, files]) {
    if (result.status === 'rejected' && !refused(result)) throw result.reason;
  }
  if (pastes.status === 'rejected' && files.status === 'rejected') throw pastes.reason;
  return {
    pastes: pastes.status === 'fulfilled' ? pastes.value : null,
    files: files.status === 'fulfilled' ? files.value : null,
  };
}

/** `pasteport ls`: the pastes and files this key created. */
export async function ls(ctx: Context, args: string[]): Promise<void> {
  const { positionals } = parseCommand(args, {});
  if (positionals.length > 0) throw new UsageError('ls takes no arguments');
  const client = await ctx.client();
  const own = await ownShares(client);
  ctx.result(own, () => {
    const lines: string[] = [];
    for (const paste of own.pastes ?? []) {
      const lock = paste.has_password ? ' (password)' : '';
      const preview = paste.preview.replace(/\s+/g, ' ').slice(0, 40);
      lines.push(`paste  ${paste.slug}  ${formatBytes(paste.size_bytes)}${lock}  ${preview}`);
    }
    for (const file of own.files ?? []) {
      const lock = file.has_password ? ' (password)' : '';
      lines.push(`file   ${file.slug}  ${formatBytes(file.size)}${lock}  ${file.filename}`);
    }
    return lines.length > 0 ? lines : ['Nothing shared yet.'];
  });
}

/** `pasteport rm SLUG...`: deletes this key's pastes and files; all slugs must be its own. */
export async function rm(ctx: Context, args: string[]): Promise<void> {
  const { positionals } = parseCommand(args, {});
  if (positionals.length === 0) throw new UsageError('rm needs at least one SLUG');
  const client = await ctx.client();
  const own = await ownShares(client);
  const targets = positionals.map((slug) => {
    const paste = own.pastes?.find((item) => item.slug === slug);
    if (paste) return { slug, kind: 'paste' as const, id: paste.id };
    const file = own.files?.find((item) => item.slug === slug);
    if (file) return { slug, kind: 'file' as const, id: file.id };
    throw new ApiError(404, `${slug}: no paste or file of this key has this slug`);
  });
  for (const target of targets) {
    const route = target.kind === 'paste' ? ROUTES.deleteUserPaste : ROUTES.deleteUserFile;
    await client.call(route, { params: { id: target.id } });
  }
  ctx.result({ deleted: targets }, () => targets.map((t) => `Deleted ${t.kind} ${t.slug}`));
}
