/** A file to upload with its path relative to the folder it goes into (`a.txt`, `docs/b.md`). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** Files from an `<input type="file">`: a folder pick carries `webkitRelativePath`. */
export function pickedFromInput(files: Iterable<File>): PickedFile[] {
  return [...files].map((file) => ({
    file,
    relativePath: file.webkitRelativePath || file.name,
  }));
}

/** Reads every entry of a directory: `readEntries` answers in batches until an empty one. */
async function readAll(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
}

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Walks a dropped entry: a file, or a folder with everything beneath it. */
async function walk(entry: FileSystemEntry, prefix: string, into: PickedFile[]): Promise<void> {
  const relativePath = `${prefix}${entry.name}`;
  if (entry.isFile) {
    into.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath });
    return;
  }
  if (!entry.isDirectory) return;
  for (const child of await readAll(entry as FileSystemDirectoryEntry)) {
    await walk(child, `${relativePath}/`, into);
  }
}

/**
 * Files of a drop, folders walked (Chromium, Firefox and Safari expose dropped folders as
 * entries). The entries are taken synchronously: the DataTransfer is emptied once the drop
 * handler returns.
 */
export async function pickedFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return pickedFromInput(transfer.files);
  }
  const picked: PickedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, '', picked);
  return picked;
}

/** Whether a drag carries files (not text or a link dragged from the page). */
export function dragHasFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && [...transfer.types].includes('Files');
}
