import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Folders inside DATA_DIR that the server owns. */
export function dataPaths(dataDir: string) {
  return {
    secretFile: path.join(dataDir, 'secret.key'),
    storageDir: path.join(dataDir, 'storage'),
    /** Snapshots taken before migrations, and `backup` archives unless told otherwise. */
    backupsDir: path.join(dataDir, 'backups'),
  };
}

/**
 * Makes sure DATA_DIR exists and is writable. Returns plain-words problems instead of throwing,
 * so boot can report them together with config problems.
 */
export async function prepareDataDir(dataDir: string): Promise<string[]> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.W_OK | constants.R_OK);
    const info = await stat(dataDir);
    if (!info.isDirectory()) return [`DATA_DIR: ${dataDir} is not a directory`];
    await mkdir(dataPaths(dataDir).storageDir, { recursive: true });
    return [];
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    return [
      `DATA_DIR: ${dataDir} cannot be created or written (${reason}); choose a writable folder`,
    ];
  }
}

/**
 * Returns APP_SECRET, or the secret kept in DATA_DIR/secret.key, creating it (mode 0600) on the
 * first start so sessions and encrypted credentials survive restarts.
 */
export async function loadAppSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = dataPaths(dataDir).secretFile;
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length < 32) {
      throw new Error(
        `${file} is shorter than 32 characters; set APP_SECRET or delete the file to generate a new one`,
      );
    }
    await chmod(file, 0o600);
    return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(32).toString('hex');
  // 'w' would race with a second instance starting at once; 'wx' lets exactly one create it.
  try {
    await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return (await readFile(file, 'utf8')).trim();
    throw err;
  }
}
