import { partRanges, type PartRange } from './part-ranges';
import type { ChunkError, ChunkStatus, PartsSummary, StoredPart } from './types';

/** One part's live state. */
export interface Chunk extends PartRange {
  status: ChunkStatus;
  /** Bytes of the current attempt that reached the network; 0 unless uploading or completed. */
  loaded: number;
  /** '' when stored but the ETag header was hidden by CORS (filled from the server's list). */
  etag: string | null;
  error: ChunkError | null;
}

/** A read-only view of a chunk for the UI or tests. */
export type ChunkInfo = Readonly<
  Pick<Chunk, 'partNumber' | 'size' | 'status' | 'loaded' | 'error'>
>;

/** The parts of one file for one session, with their statuses and ETags. */
export class ChunkTable {
  private readonly chunks: Chunk[];

  constructor(fileSize: number, partSize: number) {
    this.chunks = partRanges(fileSize, partSize).map((range) => ({
      ...range,
      status: 'pending',
      loaded: 0,
      etag: null,
      error: null,
    }));
  }

  get count(): number {
    return this.chunks.length;
  }

  /**
   * Marks exactly the server's parts as stored: the server's list wins over anything saved
   * locally. A listed part of the wrong size (the session's part size changed) is sent again.
   */
  applyServerParts(parts: readonly StoredPart[]): void {
    const byNumber = new Map(parts.map((part) => [part.partNumber, part]));
    for (const chunk of this.chunks) {
      const stored = byNumber.get(chunk.partNumber);
      const usable = stored !== undefined && stored.size === chunk.size;
      chunk.status = usable ? 'completed' : 'pending';
      chunk.loaded = usable ? chunk.size : 0;
      chunk.etag = usable ? stored.etag : null;
      chunk.error = null;
    }
  }

  /** Fills ETags the browser could not read from the server's list of the same parts. */
  fillEtags(parts: readonly StoredPart[]): void {
    const byNumber = new Map(parts.map((part) => [part.partNumber, part.etag]));
    for (const chunk of this.chunks) {
      if (chunk.status === 'completed' && !chunk.etag)
        chunk.etag = byNumber.get(chunk.partNumber) ?? '';
    }
  }

  /** Parts still to send, in order. */
  missing(): Chunk[] {
    return this.chunks.filter((chunk) => chunk.status !== 'completed');
  }

  failed(): Chunk[] {
    return this.chunks.filter((chunk) => chunk.status === 'failed');
  }

  /** True when some stored part lacks its ETag. */
  hasUnknownEtags(): boolean {
    return this.chunks.some((chunk) => chunk.status === 'completed' && !chunk.etag);
  }

  /** Every part's ETag for completing, or undefined while any part is missing one. */
  completionList(): { partNumber: number; etag: string }[] | undefined {
    const list: { partNumber: number; etag: string }[] = [];
    for (const chunk of this.chunks) {
      if (chunk.status !== 'completed' || !chunk.etag) return undefined;
      list.push({ partNumber: chunk.partNumber, etag: chunk.etag });
    }
    return list;
  }

  /** Stored parts, as saved for a reload. */
  storedParts(): StoredPart[] {
    return this.chunks
      .filter((chunk) => chunk.status === 'completed')
      .map((chunk) => ({ partNumber: chunk.partNumber, etag: chunk.etag ?? '', size: chunk.size }));
  }

  /** Parts that were in flight go back to pending with nothing sent (they restart from 0). */
  releaseInFlight(): void {
    for (const chunk of this.chunks) {
      if (chunk.status !== 'uploading') continue;
      chunk.status = 'pending';
      chunk.loaded = 0;
    }
  }

  /** Bytes stored plus bytes of the attempts in flight. */
  loadedBytes(): number {
    let loaded = 0;
    for (const chunk of this.chunks) {
      if (chunk.status === 'completed') loaded += chunk.size;
      else if (chunk.status === 'uploading') loaded += chunk.loaded;
    }
    return loaded;
  }

  summary(): PartsSummary {
    const summary: PartsSummary = {
      total: this.chunks.length,
      completed: 0,
      uploading: 0,
      failed: 0,
    };
    for (const chunk of this.chunks) {
      if (chunk.status === 'completed') summary.completed += 1;
      else if (chunk.status === 'uploading') summary.uploading += 1;
      else if (chunk.status === 'failed') summary.failed += 1;
    }
    return summary;
  }

  info(): ChunkInfo[] {
    return this.chunks.map(({ partNumber, size, status, loaded, error }) => ({
      partNumber,
      size,
      status,
      loaded,
      error,
    }));
  }
}
