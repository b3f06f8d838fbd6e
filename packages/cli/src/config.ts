import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UsageError } from './errors.js';

/** What `login` stores. */
export interface StoredConfig {
  url: string;
  apiKey: string;
}

/** Where a command finds its server and key. */
export interface Credentials {
  url: string;
  apiKey: string | undefined;
}

/** The process environment, or a test's stand-in for it. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The user's config folder for Pasteport: `%APPDATA%\pasteport` on Windows, else
 * `$XDG_CONFIG_HOME/pasteport`, else `~/.config/pasteport`.
 */
export function configDir(env: Env = process.env, platform = process.platform): string {
  if (platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'pasteport');
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'pasteport');
}

export const configFile = (env: Env = process.env) => path.join(configDir(env), 'config.json');

/**
 * Creates the folder private (0700) and re-tightens one that exists: it holds the API key and
 * the upload secrets of unfinished uploads.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') await chmod(dir, 0o700);
}

/**
 * Writes a file only its owner may read (0600). The mode is set again after writing, since
 * `mode` applies only when the file is created and the umask may loosen it.
 */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  await writeFile(file, text, { mode: 0o600 });
  if (process.platform !== 'win32') await chmod(file, 0o600);
}

export async function saveConfig(config: StoredConfig, env: Env = process.env): Promise<string> {
  const file = configFile(env);
  await writePrivateFile(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/** The stored config, or null when there is none; a damaged file is a clear error. */
export async function loadConfig(env: Env = process.env): Promise<StoredConfig | null> {
  const file = configFile(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON; run pasteport login again`);
  }
  const { url, apiKey } = (parsed ?? {}) as Partial<Record<string, unknown>>;
  if (typeof url !== 'string' || typeof apiKey !== 'string') {
    throw new Error(`${file} lacks url or apiKey; run pasteport login again`);
  }
  return { url, apiKey };
}

/** Removes the stored key; true when there was one. */
export async function deleteConfig(env: Env = process.env): Promise<boolean> {
  const file = configFile(env);
  try {
    await rm(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * A server address as the client uses it: http(s) only, no credentials in it, no trailing
 * slash, no query.
 */
export function normaliseServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new UsageError(`--url: "${input}" is not a URL (e.g. https://paste.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError('--url: must start with http:// or https://');
  }
  if (url.username || url.password) {
    throw new UsageError('--url: must not carry a user name or password');
  }
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/**
 * The server and key a command uses: PASTEPORT_URL and PASTEPORT_API_KEY override the stored
 * config field by field.
 */
export async function resolveCredentials(env: Env = process.env): Promise<Credentials> {
  const stored = await loadConfig(env);
  const url = env.PASTEPORT_URL || stored?.url;
  if (!url) {
    throw new UsageError('no server: run pasteport login, or set PASTEPORT_URL');
  }
  return {
    url: normaliseServerUrl(url),
    apiKey: env.PASTEPORT_API_KEY || stored?.apiKey,
  };
}
