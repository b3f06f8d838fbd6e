/*
 * Test support for drops: jsdom has no DataTransfer and no file-system entries, so these stand
 * in for what Chromium hands a drop handler. Imported by tests only.
 */

/** A dropped file as `webkitGetAsEntry` gives it. */
export function fileEntry(name: string, content = name): FileSystemFileEntry {
  return {
    isFile: true,
    isDirectory: false,
    name,
    file: (resolve: (file: File) => void) => resolve(new File([content], name)),
  } as unknown as FileSystemFileEntry;
}

/**
 * A dropped folder whose reader answers `batches` one `readEntries` call at a time, then an
 * empty batch (as browsers do, at most 100 entries a call).
 */
export function folderEntry(name: string, ...batches: FileSystemEntry[][]): FileSystemEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      const left = [...batches];
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => resolve(left.shift() ?? []),
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

/** A drag's DataTransfer: file items with entries (or none, as old browsers), and its files. */
export function fakeDataTransfer({
  entries = [],
  files = [],
  types = ['Files'],
}: {
  entries?: (FileSystemEntry | null)[];
  files?: File[];
  types?: string[];
}): DataTransfer {
  const items = entries.map((entry) => ({
    kind: 'file',
    webkitGetAsEntry: () => entry,
  }));
  return {
    types,
    items,
    files,
    dropEffect: 'none',
  } as unknown as DataTransfer;
}
