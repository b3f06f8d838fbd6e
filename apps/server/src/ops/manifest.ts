import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { OpsError } from './ops-error.js';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'pasteport.db';
export const SECRET_FILE = 'secret.key';
export const PG_DUMP_FILE = 'pasteport.dump';

const manifestSchema = z.object({
  format: z.literal(1),
  app_version: z.string(),
  /** The last migration the backed-up database has. */
  schema_version: z.string(),
  created_at: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** Where the server's secret came from: copied from the data dir, the environment, or nowhere. */
  secret: z.enum(['data-dir', 'environment', 'none']),
  /** sha256 (hex) of every file of the backup but the manifest itself. */
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});

export type Manifest = z.infer<typeof manifestSchema>;

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n', {
    mode: 0o600,
    flag: 'wx',
  });
}

/** Reads a backup's manifest, refusing a folder that is not a Pasteport backup. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new OpsError(
      `${dir} is not a Pasteport backup: its ${MANIFEST_FILE} cannot be read (${code})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OpsError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new OpsError(
      `${path.join(dir, MANIFEST_FILE)} is not a Pasteport manifest (${problems.join('; ')})`,
    );
  }
  for (const name of Object.keys(parsed.data.files)) {
    // Names are joined to the backup folder and the data dir: only plain file names.
    if (name !== path.basename(name) || name === '.' || name === '..' || name === MANIFEST_FILE) {
      throw new OpsError(
        `${path.join(dir, MANIFEST_FILE)} lists a file named ${JSON.stringify(name)}, which a backup never holds`,
      );
    }
  }
  return parsed.data;
}

/** Checks every listed file against its recorded hash; names each one missing or changed. */
export async function verifyFiles(dir: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(manifest.files)) {
    let actual: string;
    try {
      actual = await sha256Of(path.join(dir, name));
    } catch (err) {
      problems.push(`${name} is missing (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      continue;
    }
    if (actual !== expected) problems.push(`${name} does not match its sha256 in the manifest`);
  }
  if (problems.length > 0) {
    throw new OpsError(
      `the backup in ${dir} is damaged or was changed: ${problems.join('; ')}; nothing was restored`,
    );
  }
}
