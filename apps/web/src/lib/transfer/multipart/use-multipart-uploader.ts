import { useSyncExternalStore } from 'react';
import type { MultipartUploader } from './multipart-uploader';
import type { UploadSnapshot } from './types';

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/**
 * The uploader's snapshot as React state. Re-renders only when the snapshot changes, which
 * the uploader throttles to ≤ 10 times a second while bytes flow. Null without an uploader.
 */
export function useMultipartUploader(uploader: MultipartUploader): UploadSnapshot;
export function useMultipartUploader(uploader: MultipartUploader | null): UploadSnapshot | null;
export function useMultipartUploader(uploader: MultipartUploader | null): UploadSnapshot | null {
  const subscribe = uploader ? uploader.subscribe : noSubscription;
  const getSnapshot = uploader ? uploader.getSnapshot : noSnapshot;
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
