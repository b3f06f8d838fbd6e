import type { TFunction } from 'i18next';
import { describeApiError } from '../../../lib/api';
import type { CopyOutcome, MoveResult } from './api';

/** One notification of an operation's outcome. */
export interface Notice {
  color: 'green' | 'blue' | 'yellow' | 'red';
  message: string;
}

/** Names shown in a notice before "…". */
const NAMES_SHOWN = 3;

function namesOf(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown}, …` : shown;
}

const lastName = (path: string) => path.split('/').filter(Boolean).at(-1) ?? path;

/**
 * What a copy says: copied now, continuing as a task, left alone (the name was taken there)
 * and failed, each named. The server's per-item error text is never shown (STYLE: codes, not
 * prose); a failed item is a storage refusal or a source gone since the listing.
 */
export function copyNotices(outcome: CopyOutcome, folder: string, t: TFunction): Notice[] {
  const byStatus = (status: string) =>
    outcome.details.filter((detail) => detail.status === status).map((d) => lastName(d.sourcePath));
  const done = byStatus('success');
  const queued = byStatus('queued');
  const skipped = byStatus('skipped');
  const failed = byStatus('failed');
  const notices: Notice[] = [];
  if (done.length > 0) {
    notices.push({
      color: 'green',
      message: t('explorerMenu.done.copied', { count: done.length, name: done[0], folder }),
    });
  }
  if (queued.length > 0) {
    notices.push({
      color: 'blue',
      message: t('explorerMenu.done.copyTask', { count: queued.length, name: queued[0], folder }),
    });
  }
  if (skipped.length > 0) {
    notices.push({
      color: 'yellow',
      message: t('explorerMenu.done.skipped', {
        count: skipped.length,
        names: namesOf(skipped),
        folder,
      }),
    });
  }
  if (failed.length > 0) {
    notices.push({
      color: 'red',
      message: t('explorerMenu.done.copyFailed', {
        count: failed.length,
        names: namesOf(failed),
        reason: t('explorerMenu.done.failedReason'),
      }),
    });
  }
  return notices;
}

/** What a move says: moved, continuing as tasks (folders), failed with the reason, cancelled. */
export function moveNotices(
  results: readonly MoveResult[],
  folder: string,
  t: TFunction,
): Notice[] {
  const of = (status: MoveResult['status']) => results.filter((r) => r.status === status);
  const name = (results: readonly MoveResult[]) => results.map((r) => r.entry.name);
  const moved = name(of('moved'));
  const queued = name(of('queued'));
  const failed = of('failed');
  const cancelled = of('cancelled');
  const notices: Notice[] = [];
  if (moved.length > 0) {
    notices.push({
      color: 'green',
      message: t('explorerMenu.done.moved', { count: moved.length, name: moved[0], folder }),
    });
  }
  if (queued.length > 0) {
    notices.push({
      color: 'blue',
      message: t('explorerMenu.done.moveTask', { count: queued.length, name: queued[0], folder }),
    });
  }
  const firstFailure = failed[0];
  if (firstFailure?.status === 'failed') {
    notices.push({
      color: 'red',
      message: t('explorerMenu.done.moveFailed', {
        count: failed.length,
        names: namesOf(name(failed)),
        reason: describeApiError(firstFailure.error, t),
      }),
    });
  }
  if (cancelled.length > 0) {
    notices.push({
      color: 'yellow',
      message: t('explorerMenu.done.cancelled', { count: cancelled.length }),
    });
  }
  return notices;
}

/** The display name of a target folder ("All mounts" for the root). */
export function folderLabel(folder: string, t: TFunction): string {
  return folder === '/' ? t('explorerMenu.picker.root') : lastName(folder);
}

/** Whether no entry moved, each for its own reason (the picker stays open to choose again). */
export const everyMoveFailed = (results: readonly MoveResult[]) =>
  results.length > 0 && results.every((result) => result.status === 'failed');
