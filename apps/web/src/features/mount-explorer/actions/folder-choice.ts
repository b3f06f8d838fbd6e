import { isWithinPath } from '@pasteport/contract/plain';
import { parentPath } from '../location';

/** Why a folder cannot take what is being copied or moved. */
export type FolderRefusal = 'intoItself' | 'sameFolder' | 'readOnly';

/**
 * Whether `folder` may receive `sources` (absolute paths). Refused: a folder that is one of the
 * sources or lies beneath one (the server refuses a copy or move into itself), the folder the
 * sources already sit in (the target name would be the source), and a folder the caller may
 * not write (its listing says `writable: false`: a virtual folder, a read-only mount or key).
 */
export function folderRefusal(
  folder: string,
  sources: readonly string[],
  writable: boolean,
): FolderRefusal | undefined {
  if (sources.some((source) => isWithinPath(source, folder))) return 'intoItself';
  if (sources.some((source) => parentPath(source) === folder)) return 'sameFolder';
  if (!writable) return 'readOnly';
  return undefined;
}
