import type { BatchCopyResult, FsList, FsSearchResponse, FsWritten } from '@pasteport/contract';
import { isErrorCode, ROUTES, statusOf } from '@pasteport/contract/plain';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { intOption, parseCommand, splitCommand } from '../args.js';
import { formatBytes, type Context } from '../context.js';
import { downloadTarget, saveBody } from '../download.js';
import { ApiError, UsageError } from '../errors.js';
import { expandFileArgs } from '../globs.js';

/** `DELETE /api/fs/batch-remove` → data (fsBatchRemovedSchema). */
interface FsBatchRemoved {
  results: {
    path: string;
    success: boolean;
    error: string | null;
    code: string | null;
    queued: boolean;
  }[];
  success: number;
  failed: number;
  taskId: string | null;
}

/** `POST /api/fs/rename` → data (fsRenamedSchema). */
interface FsRenamed {
  oldPath: string;
  newPath: string;
  isDirectory: boolean;
  moved: number;
  taskId: string | null;
}

/** A mount path as the fs API takes it: absolute, `/` separated. */
function remotePath(input: string | undefined, name: string): string {
  if (input === undefined || input.trim() === '') throw new UsageError(`${name} is required`);
  return input.startsWith('/') ? input : `/${input}`;
}

/** Joins a folder and a name (`/a/` + `b` → `/a/b`). */
const childPath = (folder: string, name: string) => `${folder.replace(/\/+$/, '')}/${name}`;

const SUBCOMMANDS = {
  ls: fsLs,
  get: fsGet,
  put: fsPut,
  mkdir: fsMkdir,
  rm: fsRm,
  mv: fsMv,
  cp: fsCp,
  search: fsSearch,
} as const;

/** `pasteport fs ls|get|put|mkdir|rm|mv|cp|search`: the mounts, through the fs API. */
export async function fs(ctx: Context, args: string[]): Promise<void> {
  const { command: name, rest } = splitCommand(args);
  const run =
    name !== undefined && Object.hasOwn(SUBCOMMANDS, name)
      ? SUBCOMMANDS[name as keyof typeof SUBCOMMANDS]
      : undefined;
  if (!run) {
    throw new UsageError(`fs needs one of: ${Object.keys(SUBCOMMANDS).join(', ')}`);
  }
  await run(ctx, rest);
}

async function fsLs(ctx: Context, args: string[]) {
  const { positionals } = parseCommand(args, {});
  if (positionals.length > 1) throw new UsageError('fs ls takes one PATH');
  const folder = remotePath(positionals[0] ?? '/', 'PATH');
  const client = await ctx.client();
  const items: FsList['items'] = [];
  let listing: FsList;
  let cursor: string | undefined;
  do {
    listing = await client.call<FsList>(ROUTES.fsList, { query: { path: folder, cursor } });
    items.push(...listing.items);
    cursor = listing.next_cursor ?? undefined;
  } while (cursor);
  ctx.result({ ...listing, items, next_cursor: null }, () =>
    items.map((item) =>
      item.isDirectory
        ? `${item.name}/`
        : `${item.name}  ${formatBytes(item.size)}${item.modified ? `  ${item.modified}` : ''}`,
    ),
  );
}

async function fsGet(ctx: Context, args: string[]) {
  const { values, positionals } = parseCommand(args, {
    output: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UsageError('fs get takes one PATH');
  const source = remotePath(positionals[0], 'PATH');
  const target = await downloadTarget(values.output, path.posix.basename(source), ctx.io.cwd);
  if (target === '-' && ctx.json) throw new UsageError('--json cannot share stdout with -o -');
  const client = await ctx.client();
  const response = await client.fetch(ROUTES.fsDownload, {
    query: { path: source },
    headers: { accept: '*/*' },
    timeoutMs: null,
  });
  const bytes = await saveBody(response, target, ctx.io.stdout, { force: values.force ?? false });
  if (target === '-') return;
  ctx.result({ path: source, saved_to: target, size: bytes }, () => `Saved ${source} to ${target}`);
}

async function fsPut(ctx: Context, args: string[]) {
  const { positionals } = parseCommand(args, {});
  if (positionals.length < 2) throw new UsageError('fs put needs LOCAL... and a REMOTE path');
  const remote = remotePath(positionals.at(-1), 'REMOTE');
  const files = await expandFileArgs(positionals.slice(0, -1), ctx.io.cwd);
  // Several files go into a folder; one file may be given its whole target path.
  const folder = files.length > 1 && !remote.endsWith('/') ? `${remote}/` : remote;
  const client = await ctx.client();
  const written: FsWritten[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append('path', folder);
    form.append('file', await openAsBlob(file), path.basename(file));
    written.push(await client.call<FsWritten>(ROUTES.fsUpload, { form }));
  }
  ctx.result(written, () => written.map((item) => `${item.path}  ${formatBytes(item.size)}`));
}

async function fsMkdir(ctx: Context, args: string[]) {
  const { positionals } = parseCommand(args, {});
  if (positionals.length !== 1) throw new UsageError('fs mkdir takes one PATH');
  const folder = remotePath(positionals[0], 'PATH');
  const client = await ctx.client();
  const made = await client.call<FsWritten>(ROUTES.fsMkdir, { body: { path: folder } });
  ctx.result(made, () => `Created ${made.path}`);
}

async function fsRm(ctx: Context, args: string[]) {
  const { positionals } = parseCommand(args, {});
  if (positionals.length === 0) throw new UsageError('fs rm needs at least one PATH');
  const paths = positionals.map((item) => remotePath(item, 'PATH'));
  const client = await ctx.client();
  const removed = await client.call<FsBatchRemoved>(ROUTES.fsBatchRemove, { body: { paths } });
  const failed = removed.results.find((result) => !result.success);
  if (failed) {
    // One bad path does not stop the rest; the exit code still tells of it.
    if (!ctx.json)
      for (const result of removed.results.filter((r) => r.success))
        ctx.out(`Removed ${result.path}`);
    const status = failed.code && isErrorCode(failed.code) ? statusOf(failed.code) : 500;
    throw new ApiError(
      status,
      `${failed.path}: ${failed.error ?? 'not removed'}`,
      failed.code ?? undefined,
    );
  }
  ctx.result(removed, () =>
    removed.results.map((result) => `${result.queued ? 'Removing' : 'Removed'} ${result.path}`),
  );
}

async function fsMv(ctx: Context, args: string[]) {
  const { positionals } = parseCommand(args, {});
  if (positionals.length !== 2) throw new UsageError('fs mv takes OLD and NEW paths');
  const oldPath = remotePath(positionals[0], 'OLD');
  const newPath = remotePath(positionals[1], 'NEW');
  const client = await ctx.client();
  const moved = await client.call<FsRenamed>(ROUTES.fsRename, { body: { oldPath, newPath } });
  ctx.result(
    moved,
    () =>
      `Moved ${moved.oldPath} to ${moved.newPath}${moved.taskId ? ` (task ${moved.taskId})` : ''}`,
  );
}

async function fsCp(ctx: Context, args: string[]) {
  const { values, positionals } = parseCommand(args, { 'skip-existing': { type: 'boolean' } });
  if (positionals.length < 2) throw new UsageError('fs cp needs SOURCE... and a TARGET path');
  const target = remotePath(positionals.at(-1), 'TARGET');
  const sources = positionals.slice(0, -1).map((item) => remotePath(item, 'SOURCE'));
  // Several sources, or a target ending in /, copy into that folder under their own names.
  const intoFolder = sources.length > 1 || target.endsWith('/');
  const items = sources.map((sourcePath) => ({
    sourcePath,
    targetPath: intoFolder ? childPath(target, path.posix.basename(sourcePath)) : target,
  }));
  const client = await ctx.client();
  const copied = await client.call<BatchCopyResult>(ROUTES.batchCopy, {
    body: { items, skipExisting: values['skip-existing'] ?? false },
  });
  const failed = copied.details.find((detail) => detail.status === 'failed');
  if (failed) throw new ApiError(500, `${failed.sourcePath}: ${failed.error ?? 'not copied'}`);
  ctx.result(copied, () => [
    ...copied.details.map(
      (detail) => `${detail.status}: ${detail.sourcePath} → ${detail.targetPath}`,
    ),
    ...(copied.taskId ? [`task ${copied.taskId} copies the rest`] : []),
  ]);
}

async function fsSearch(ctx: Context, args: string[]) {
  const { values, positionals } = parseCommand(args, {
    scope: { type: 'string' },
    'mount-id': { type: 'string' },
    path: { type: 'string' },
    limit: { type: 'string' },
    offset: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('fs search takes one KEYWORD');
  const client = await ctx.client();
  const found = await client.call<FsSearchResponse>(ROUTES.fsSearch, {
    query: {
      q: positionals[0],
      scope: values.scope,
      mount_id: values['mount-id'],
      path: values.path,
      limit: intOption(values.limit, '--limit', 1),
      offset: intOption(values.offset, '--offset', 0),
    },
  });
  ctx.result(found, () => [
    ...found.results.map(
      (hit) => `${hit.path}${hit.isDirectory ? '/' : `  ${formatBytes(hit.size)}`}`,
    ),
    `${found.total}${found.capped ? '+' : ''} found${found.hasMore ? ' (more: --offset)' : ''}`,
  ]);
}
