import type { ChunkTable } from './chunk-table';
import type { PartRoute, UploadError, UploaderState, UploadSnapshot } from './types';

/** What a snapshot is computed from. */
export interface SnapshotInput {
  state: UploaderState;
  total: number;
  chunks: ChunkTable | null;
  /** Bytes per second, already smoothed; ignored unless uploading. */
  speed: number;
  via: PartRoute;
  offline: boolean;
  /** Parts of a paused run are still finishing. */
  pausing: boolean;
  error: UploadError | null;
  fileId: string | null;
  result: unknown;
}

const NO_PARTS = { total: 0, completed: 0, uploading: 0, failed: 0 } as const;

/**
 * The UI's view of an upload. Percent stops at 99 until the server has assembled the
 * file, so "100 %" never shows for an upload that can still fail at the last step.
 */
export function buildSnapshot(input: SnapshotInput): UploadSnapshot {
  const { state, total } = input;
  const completed = state === 'completed';
  const loaded = completed ? total : Math.min(total, input.chunks?.loadedBytes() ?? 0);
  const percent = completed
    ? 100
    : total > 0
      ? Math.min(99, Math.floor((loaded * 100) / total))
      : 0;
  const speed = state === 'uploading' ? Math.round(input.speed) : 0;
  const eta = completed ? 0 : speed > 0 ? Math.ceil((total - loaded) / speed) : null;
  return {
    state,
    loaded,
    total,
    percent,
    speed,
    eta,
    parts: input.chunks?.summary() ?? { ...NO_PARTS },
    via: input.via,
    offline: input.offline,
    pausing: state === 'paused' && input.pausing,
    error: input.error,
    fileId: input.fileId,
    result: input.result,
  };
}

/** Field-by-field equality, so an unchanged snapshot keeps its identity (no re-render). */
export function sameSnapshot(a: UploadSnapshot, b: UploadSnapshot): boolean {
  return (
    a.state === b.state &&
    a.loaded === b.loaded &&
    a.total === b.total &&
    a.percent === b.percent &&
    a.speed === b.speed &&
    a.eta === b.eta &&
    a.via === b.via &&
    a.offline === b.offline &&
    a.pausing === b.pausing &&
    a.error === b.error &&
    a.fileId === b.fileId &&
    a.result === b.result &&
    a.parts.total === b.parts.total &&
    a.parts.completed === b.parts.completed &&
    a.parts.uploading === b.parts.uploading &&
    a.parts.failed === b.parts.failed
  );
}
