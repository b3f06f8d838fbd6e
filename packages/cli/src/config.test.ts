import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  configDir,
  deleteConfig,
  loadConfig,
  normaliseServerUrl,
  resolveCredentials,
  saveConfig,
} from './config.js';
import { UsageError } from './errors.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'pp-cli-config-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('config folder', () => {
  it('is under XDG_CONFIG_HOME, else ~/.config, and %APPDATA% on Windows', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x', HOME: '/h' }, 'linux')).toBe('/x/pasteport');
    expect(configDir({ HOME: '/h' }, 'linux')).toBe('/h/.config/pasteport');
    expect(configDir({ XDG_CONFIG_HOME: '', HOME: '/h' }, 'darwin')).toBe('/h/.config/pasteport');
    expect(configDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming', HOME: '/h' }, 'win32')).toBe(
      path.join('C:\\Users\\a\\AppData\\Roaming', 'pasteport'),
    );
  });
});

describe.runIf(process.platform !== 'win32')('config file', () => {
  it('is written 0600 in a 0700 folder, and tightens a loose one', async () => {
    const env = { XDG_CONFIG_HOME: home };
    const file = await saveConfig({ url: 'http://a', apiKey: 'k1' }, env);
    expect(file).toBe(path.join(home, 'pasteport', 'config.json'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    // A file someone loosened is tightened again on the next save.
    await writeFile(file, '{}', { mode: 0o644 });
    const { chmod } = await import('node:fs/promises');
    await chmod(file, 0o644);
    await chmod(path.dirname(file), 0o755);
    await saveConfig({ url: 'http://b', apiKey: 'k2' }, env);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ url: 'http://b', apiKey: 'k2' });
  });

  it('loads what was saved, and logout removes it', async () => {
    const env = { XDG_CONFIG_HOME: home };
    expect(await loadConfig(env)).toBeNull();
    await saveConfig({ url: 'http://a', apiKey: 'k1' }, env);
    expect(await loadConfig(env)).toEqual({ url: 'http://a', apiKey: 'k1' });
    expect(await deleteConfig(env)).toBe(true);
    expect(await deleteConfig(env)).toBe(false);
    expect(await loadConfig(env)).toBeNull();
  });

  it('refuses a damaged file with a clear message', async () => {
    const env = { XDG_CONFIG_HOME: home };
    const file = await saveConfig({ url: 'http://a', apiKey: 'k' }, env);
    await writeFile(file, 'not json');
    await expect(loadConfig(env)).rejects.toThrow(/not valid JSON/);
    await writeFile(file, '{"url": 3}');
    await expect(loadConfig(env)).rejects.toThrow(/lacks url or apiKey/);
  });

  it('lets PASTEPORT_URL and PASTEPORT_API_KEY override the file', async () => {
    const env = { XDG_CONFIG_HOME: home };
    await saveConfig({ url: 'http://stored', apiKey: 'stored-key' }, env);
    expect(await resolveCredentials(env)).toEqual({ url: 'http://stored', apiKey: 'stored-key' });
    expect(await resolveCredentials({ ...env, PASTEPORT_API_KEY: 'env-key' })).toEqual({
      url: 'http://stored',
      apiKey: 'env-key',
    });
    expect(await resolveCredentials({ ...env, PASTEPORT_URL: 'https://env.example/' })).toEqual({
      url: 'https://env.example',
      apiKey: 'stored-key',
    });
    await expect(resolveCredentials({ XDG_CONFIG_HOME: path.join(home, 'none') })).rejects.toThrow(
      UsageError,
    );
  });
});

describe('server URL', () => {
  it('keeps http(s) base URLs without a trailing slash, query or fragment', () => {
    expect(normaliseServerUrl(' https://p.example/ ')).toBe('https://p.example');
    expect(normaliseServerUrl('http://127.0.0.1:8787/sub/?x=1#y')).toBe(
      'http://127.0.0.1:8787/sub',
    );
  });

  it('refuses other schemes, credentials in the URL and non-URLs', () => {
    expect(() => normaliseServerUrl('ftp://p.example')).toThrow(UsageError);
    expect(() => normaliseServerUrl('https://u:p@p.example')).toThrow(UsageError);
    expect(() => normaliseServerUrl('p.example')).toThrow(UsageError);
  });
});
