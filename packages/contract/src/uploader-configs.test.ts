import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from './endpoints/routes.js';
import {
  curlCommands,
  flameshotScript,
  iosShortcutSteps,
  serverRoot,
  shareXFileUploader,
  shareXTextUploader,
  SHAREX_FORMAT_VERSION,
  shellQuote,
  UPLOADER_CONFIG_KINDS,
  uploaderConfig,
  UploaderConfigError,
  type UploaderConfigInput,
} from './uploader-configs.js';

const INPUT: UploaderConfigInput = {
  publicUrl: 'https://paste.example.com',
  apiKey: 'pp_Abc-123_defGHI456',
  keyName: 'laptop',
};

/** A key name written to break out of every language a config is written in. */
const HOSTILE_NAME = `a"b'c\\d\n$(touch pwned)\`id\`\r\u2028}{json:x}#`;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'pp-uploader-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function bashSyntaxOk(script: string): { status: number | null; stderr: string } {
  const file = path.join(scratch, `syntax-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(file, script);
  const result = spawnSync('bash', ['-n', file], { encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

describe('ShareX custom uploaders', () => {
  it('files: a multipart POST of field "file" to the direct upload, link from data.slug', () => {
    const config = shareXFileUploader(INPUT);
    expect(config.fileName).toBe('pasteport-laptop-files.sxcu');
    expect(JSON.parse(config.text)).toEqual({
      Version: SHAREX_FORMAT_VERSION,
      Name: 'Pasteport files (laptop)',
      DestinationType: 'ImageUploader, FileUploader',
      RequestMethod: ROUTES.uploadForm.method,
      RequestURL: `https://paste.example.com${ROUTES.uploadForm.path}`,
      Headers: { Authorization: 'ApiKey pp_Abc-123_defGHI456' },
      Body: 'MultipartFormData',
      FileFormName: 'file',
      URL: 'https://paste.example.com/file/{json:data.slug}',
      ErrorMessage: '{json:message}',
    });
  });

  it('text: a JSON POST of {content} to the paste endpoint, link from data.slug', () => {
    const config = shareXTextUploader(INPUT);
    expect(config.fileName).toBe('pasteport-laptop-text.sxcu');
    const parsed = JSON.parse(config.text) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      DestinationType: 'TextUploader',
      RequestMethod: 'POST',
      RequestURL: `https://paste.example.com${ROUTES.createPaste.path}`,
      Headers: { Authorization: 'ApiKey pp_Abc-123_defGHI456' },
      Body: 'JSON',
      URL: 'https://paste.example.com/paste/{json:data.slug}',
      ErrorMessage: '{json:message}',
    });
    expect(JSON.parse(parsed.Data as string)).toEqual({ content: '{input}' });
  });

  it('keeps a hostile key name inside the Name string and out of every other field', () => {
    for (const make of [shareXFileUploader, shareXTextUploader]) {
      const config = make({ ...INPUT, keyName: HOSTILE_NAME });
      const parsed = JSON.parse(config.text) as Record<string, string>;
      expect(Object.keys(parsed)).not.toContain('x');
      expect(parsed.Name).toContain(`a"b'c\\d $(touch pwned)`);
      expect(parsed.Name).not.toMatch(/[\n\r\u2028]/);
      expect(parsed.RequestURL).toMatch(/^https:\/\/paste\.example\.com\/api\//);
      expect(config.fileName).toMatch(/^pasteport-[a-z0-9_-]+-(files|text)\.sxcu$/);
    }
  });

  it('percent-encodes a path prefix so it cannot carry ShareX syntax', () => {
    const config = shareXFileUploader({ ...INPUT, publicUrl: 'https://h.example/{json:x}/' });
    const parsed = JSON.parse(config.text) as Record<string, string>;
    expect(parsed.RequestURL).toBe('https://h.example/%7Bjson:x%7D/api/upload');
    expect(parsed.URL).toBe('https://h.example/%7Bjson:x%7D/file/{json:data.slug}');
  });
});

describe('the inputs', () => {
  it('refuses keys the server could never accept, naming the field', () => {
    for (const apiKey of ['', 'a"b', "a'b", 'ab\ncd', 'a b', 'a$(id)', 'x'.repeat(513), 'ключ']) {
      for (const kind of UPLOADER_CONFIG_KINDS) {
        let thrown: unknown;
        try {
          uploaderConfig(kind, { ...INPUT, apiKey });
        } catch (error) {
          thrown = error;
        }
        expect(thrown, `${kind} ${JSON.stringify(apiKey)}`).toBeInstanceOf(UploaderConfigError);
        expect((thrown as UploaderConfigError).field).toBe('apiKey');
      }
    }
  });

  it('takes an http(s) server root, with or without /api and trailing slashes', () => {
    expect(serverRoot('https://paste.example.com/')).toBe('https://paste.example.com');
    expect(serverRoot('https://paste.example.com/api/')).toBe('https://paste.example.com');
    expect(serverRoot(' http://10.0.0.2:8080/pp/api ')).toBe('http://10.0.0.2:8080/pp');
    for (const bad of [
      'paste.example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@h.example',
      'https://h.example/?x=1',
      'https://h.example/#x',
    ]) {
      expect(() => serverRoot(bad), bad).toThrow(UploaderConfigError);
    }
  });

  it('quotes any text as one shell word', () => {
    for (const text of [HOSTILE_NAME, "'", "''", '', 'a b\tc', '$HOME', '!x']) {
      const out = execFileSync('bash', ['-c', `printf '%s' ${shellQuote(text)}`], {
        encoding: 'utf8',
      });
      expect(out).toBe(text);
    }
  });
});

describe('the Flameshot/curl script', () => {
  /**
   * Runs the script with a stand-in `curl` first on PATH (it records its arguments and
   * standard input, then answers like the server), so the quoting is checked as bash reads it.
   */
  function runWithFakeCurl(
    script: string,
    args: string[],
    options: { withJq: boolean; answer: string; exitCode?: number },
  ) {
    const dir = mkdtempSync(path.join(scratch, 'run-'));
    const bin = path.join(dir, 'bin');
    execFileSync('mkdir', [bin]);
    const record = path.join(dir, 'record');
    writeFileSync(
      path.join(bin, 'curl'),
      `#!/bin/bash\nfor a in "$@"; do printf '%s\\0' "$a"; done > ${shellQuote(`${record}.args`)}\n` +
        `cat > ${shellQuote(`${record}.stdin`)}\nprintf '%s' ${shellQuote(options.answer)}\n` +
        `exit ${options.exitCode ?? 0}\n`,
    );
    chmodSync(path.join(bin, 'curl'), 0o755);
    // Only the tools the script needs, so `jq` is there only when asked for.
    for (const tool of ['sed', 'basename', 'mktemp', 'date', 'rm', 'cat', 'mkdir']) {
      const found = execFileSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
      symlinkSync(found.trim(), path.join(bin, tool));
    }
    if (options.withJq) {
      const jq = execFileSync('bash', ['-c', 'command -v jq'], { encoding: 'utf8' }).trim();
      symlinkSync(jq, path.join(bin, 'jq'));
    }
    const file = path.join(dir, 'upload.sh');
    writeFileSync(file, script);
    const result = spawnSync('/bin/bash', [file, ...args], {
      encoding: 'utf8',
      cwd: dir,
      env: { PATH: bin },
    });
    const readRecord = (suffix: string) => {
      try {
        return readFileSync(`${record}.${suffix}`, 'utf8');
      } catch {
        return undefined;
      }
    };
    return {
      ...result,
      dir,
      curlArgs: readRecord('args')?.split('\0').slice(0, -1),
      curlStdin: readRecord('stdin'),
    };
  }

  const ANSWER = JSON.stringify({
    code: 201,
    message: 'Created',
    success: true,
    // A name that reads like a later "slug" key if the escapes of its quotes were ignored.
    data: { id: 'f1', slug: 'Ab3_x-9', filename: 'x","slug":"evil', url: '/file/Ab3_x-9' },
  });

  it('passes bash -n, sets strict mode and pipes a Flameshot capture', () => {
    const { text, fileName } = flameshotScript(INPUT);
    expect(fileName).toBe('pasteport-upload.sh');
    expect(bashSyntaxOk(text)).toEqual({ status: 0, stderr: '' });
    expect(text).toMatch(/^#!\/usr\/bin\/env bash\n/);
    expect(text).toContain('set -euo pipefail');
    expect(text).toContain('flameshot gui --raw');
  });

  it('with a hostile name still passes bash -n, and the name stays in a comment', () => {
    const { text } = flameshotScript({ ...INPUT, keyName: HOSTILE_NAME });
    expect(bashSyntaxOk(text)).toEqual({ status: 0, stderr: '' });
    const nameLines = text.split('\n').filter((line) => line.includes('touch pwned'));
    expect(nameLines).toHaveLength(1);
    expect(nameLines[0]).toMatch(/^# /);
  });

  for (const withJq of [true, false]) {
    it(`uploads a file argument and prints its link (${withJq ? 'jq' : 'sed'} reads the answer)`, () => {
      const hostileUrl = "https://h.example/it's $(id)";
      const { text } = flameshotScript({ ...INPUT, publicUrl: hostileUrl });
      const dir = mkdtempSync(path.join(scratch, 'files-'));
      const name = 'my "odd"\\ name;type=x.txt';
      writeFileSync(path.join(dir, name), 'file bytes');
      const run = runWithFakeCurl(text, [path.join(dir, name)], { withJq, answer: ANSWER });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toBe("https://h.example/it's%20$(id)/file/Ab3_x-9\n");
      expect(run.curlStdin).toBe('file bytes');
      expect(run.curlArgs).toContain('Authorization: ApiKey pp_Abc-123_defGHI456');
      expect(run.curlArgs).toContain('file=@-;filename="my \\"odd\\"\\\\ name;type=x.txt"');
      expect(run.curlArgs?.at(-1)).toBe("https://h.example/it's%20$(id)/api/upload");
      expect(readdirNames(run.dir)).not.toContain('pwned');
    });
  }

  it('fails with the server message when the upload is refused', () => {
    const refusal = JSON.stringify({ code: 403, success: false, message: 'no file permission' });
    const run = runWithFakeCurl(flameshotScript(INPUT).text, ['-'], {
      withJq: false,
      answer: refusal,
      exitCode: 22,
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('no file permission');
  });

  it('refuses an answer without a slug rather than printing a broken link', () => {
    const run = runWithFakeCurl(flameshotScript(INPUT).text, ['-'], {
      withJq: false,
      answer: '<html>proxy error</html>',
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unexpected answer');
  });
});

function readdirNames(dir: string): string[] {
  return execFileSync('ls', ['-A', dir], { encoding: 'utf8' }).split('\n');
}

describe('curl commands and iOS Shortcut steps', () => {
  it('curl: every command is valid bash with the key and URLs quoted', () => {
    const config = curlCommands({ ...INPUT, keyName: HOSTILE_NAME, publicUrl: "https://h/'x" });
    expect(bashSyntaxOk(config.text)).toEqual({ status: 0, stderr: '' });
    const commands = config.text.split('\n').filter((line) => /^(curl|jq) /.test(line));
    expect(commands).toHaveLength(3);
    expect(commands[0]).toContain(`-F 'file=@photo.png' 'https://h/'\\''x/api/upload'`);
    expect(commands[1]).toContain(`'https://h/'\\''x/api/paste'`);
    for (const command of commands) {
      expect(command).toContain(`-H 'Authorization: ApiKey pp_Abc-123_defGHI456'`);
    }
    for (const line of config.text.split('\n').filter((l) => l.includes('touch pwned'))) {
      expect(line).toMatch(/^# /);
    }
  });

  it('iOS: the actions, method, header, form field and answer path', () => {
    const { text, fileName } = iosShortcutSteps(INPUT);
    expect(fileName).toBe('pasteport-laptop-ios-shortcut.txt');
    for (const part of [
      '"Get Contents of URL"',
      'URL: https://paste.example.com/api/upload',
      'URL: https://paste.example.com/api/paste',
      'Method: POST',
      'Headers: Authorization = ApiKey pp_Abc-123_defGHI456',
      'Request Body: Form',
      'File named "file"',
      '"Get Dictionary Value": Get Value for "data.slug"',
      'https://paste.example.com/file/',
      '"Copy to Clipboard"',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('every kind has a distinct download name and a language for its preview', () => {
    const names = UPLOADER_CONFIG_KINDS.map((kind) => uploaderConfig(kind, INPUT).fileName);
    expect(new Set(names).size).toBe(UPLOADER_CONFIG_KINDS.length);
    expect(names.filter((name) => name.endsWith('.sxcu'))).toHaveLength(2);
  });
});
