import { execFileSync } from 'node:child_process';

/** One entry as Python's zipfile reads it. */
export interface ReadZipEntry {
  name: string;
  size: number;
  dir: boolean;
  sha256: string;
  mtime: number[];
}

const SCRIPT = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    entries = []
    for i in z.infolist():
        digest = hashlib.sha256()
        with z.open(i) as member:
            for block in iter(lambda: member.read(1 << 20), b''):
                digest.update(block)
        entries.append({'name': i.filename, 'size': i.file_size, 'dir': i.is_dir(),
                        'sha256': digest.hexdigest(), 'mtime': list(i.date_time)})
print(json.dumps({'bad': bad, 'entries': entries}))
`;

/**
 * Reads a ZIP file with Python's zipfile, an independent reader that checks the ZIP64 records,
 * every local header against the central directory and every CRC (`bad` names the first entry
 * whose CRC fails).
 */
export function readZipWithPython(zipPath: string): {
  bad: string | null;
  entries: ReadZipEntry[];
} {
  const output = execFileSync('python3', ['-c', SCRIPT, zipPath], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output) as { bad: string | null; entries: ReadZipEntry[] };
}

/** `unzip -t`: Info-ZIP's test of every entry; it exits non-zero (and this throws) on any problem. */
export function unzipTest(zipPath: string): string {
  return execFileSync('unzip', ['-t', zipPath], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
