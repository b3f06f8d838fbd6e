import { partRanges } from './part-ranges';
import { assertLive, RunStopped, type Run } from './run';
import { readSavedUpload, removeSavedUpload, type SavedUpload } from './saved-uploads';
import { isGone, transferFailureOf } from './transfer-error';
import type { MultipartTransport, ResumeIds, StoredPart, UploadSession } from './types';

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value !== '';

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Whether the server's session can carry this file: ids present, and a part size whose
 * part count matches the one announced (else parts would be cut differently from the
 * server's expectation and completion would fail after hours of uploading).
 */
export function isValidSession(session: UploadSession, fileSize: number): boolean {
  return (
    isNonEmptyString(session.fileId) &&
    isNonEmptyString(session.uploadId) &&
    isPositiveInteger(session.partSize) &&
    isPositiveInteger(session.partCount) &&
    Array.isArray(session.targets) &&
    partRanges(fileSize, session.partSize).length === session.partCount
  );
}

/** A session rebuilt from saved progress, enough to abort it (its part URLs are unknown). */
export function sessionFromSaved(saved: SavedUpload): UploadSession {
  return {
    fileId: saved.fileId,
    uploadId: saved.uploadId,
    partSize: saved.partSize,
    partCount: saved.partCount,
    targets: [],
    ...(saved.uploadSecret ? { uploadSecret: saved.uploadSecret } : {}),
  };
}

/** What asking the server for a known upload again takes (the secret, when there is one). */
export function resumeIdsOf(known: ResumeIds): ResumeIds {
  return {
    fileId: known.fileId,
    uploadId: known.uploadId,
    ...(known.uploadSecret ? { uploadSecret: known.uploadSecret } : {}),
  };
}

/** What opening a session needs from the uploader. */
export interface SessionOpener {
  readonly file: File;
  readonly transport: MultipartTransport;
  readonly storageKey: string;
  now(): number;
  /** Runs a server call under the retry policy. */
  retrying<T>(run: Run, call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Aborts a server-side upload, never raising. */
  abortRemote(session: UploadSession): Promise<void>;
}

/** A session with the parts the server already holds. */
export interface OpenedSession {
  session: UploadSession;
  parts: StoredPart[];
  /** True when init made it just now (nobody else knows it yet). */
  created: boolean;
}

/**
 * Continues the current or saved upload when the server still has it (its part list and
 * fresh URLs), else starts a new one. A saved upload the server no longer knows (404) is
 * forgotten. Throws RunStopped when the run was reset or cancelled meanwhile; a paused run
 * still gets the session, so that resuming reuses it.
 */
export async function openSession(
  opener: SessionOpener,
  run: Run,
  current: UploadSession | null,
): Promise<OpenedSession> {
  const known = current ?? readSavedUpload(opener.storageKey, opener.now());
  if (known) {
    const ids = resumeIdsOf(known);
    try {
      const resumed = await opener.retrying(run, (signal) => opener.transport.resume(ids, signal));
      assertLive(run);
      return { ...resumed, created: false };
    } catch (error) {
      if (error instanceof RunStopped || !isGone(transferFailureOf(error))) throw error;
      removeSavedUpload(opener.storageKey);
    }
  }
  const session = await opener.retrying(run, (signal) =>
    opener.transport.init(opener.file, signal),
  );
  if (run.stopReason === 'abort' || run.stopReason === 'reset') {
    // Created after the user gave up on it: do not leave it behind in storage.
    void opener.abortRemote(session);
    throw new RunStopped();
  }
  return { session, parts: [], created: true };
}
