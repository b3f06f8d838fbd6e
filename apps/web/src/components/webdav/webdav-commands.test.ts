import { describe, expect, it } from 'vitest';
import { cmdQuote, shellQuote, webDavCommands } from './webdav-commands';

describe('shellQuote', () => {
  it.each([
    ['https://h.example/dav/a%20b/', 'https://h.example/dav/a%20b/'],
    ['ci-bot', 'ci-bot'],
    ['my key', "'my key'"],
    ["it's", "'it'\\''s'"],
    ['$(rm -rf ~)', "'$(rm -rf ~)'"],
    ['张三', "'张三'"],
  ])('%j → %j', (value, quoted) => {
    expect(shellQuote(value)).toBe(quoted);
  });
});

describe('cmdQuote', () => {
  it.each([
    ['https://h.example/dav/', 'https://h.example/dav/'],
    ['my key', '"my key"'],
    ['a&b', '"a&b"'],
    ['say "hi"', '"say hi"'],
  ])('%j → %j', (value, quoted) => {
    expect(cmdQuote(value)).toBe(quoted);
  });
});

describe('webDavCommands', () => {
  const commands = webDavCommands({
    address: 'https://paste.example.com/dav/docs/a%20b/',
    username: 'ci bot',
    passwordPlaceholder: 'YOUR_API_KEY',
  });

  it('maps a Windows drive asking for the password', () => {
    expect(commands.windows).toBe(
      'net use * https://paste.example.com/dav/docs/a%20b/ /user:"ci bot" *',
    );
  });

  it('mounts with davfs2 and names the GNOME Files address', () => {
    expect(commands.davfs).toContain(
      'sudo mount -t davfs -o uid=$(id -u),gid=$(id -g) https://paste.example.com/dav/docs/a%20b/ /mnt/pasteport',
    );
    expect(commands.gnome).toBe('davs://paste.example.com/dav/docs/a%20b/');
  });

  it('creates an rclone remote with an obscured password', () => {
    expect(commands.rclone).toBe(
      'rclone config create pasteport webdav url=https://paste.example.com/dav/docs/a%20b/ ' +
        `vendor=other user='ci bot' pass="$(rclone obscure YOUR_API_KEY)" --no-obscure`,
    );
  });
});
