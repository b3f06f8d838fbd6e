import { describe, expect, it } from 'vitest';
import {
  extensionOf,
  isTooLargeForPreview,
  previewChoiceOf,
  previewReadsContent,
  TEXT_PREVIEW_MAX_BYTES,
} from './preview-kind';

describe('previewChoiceOf', () => {
  it.each([
    // Markdown: every SPEC §5 extension, and the type when the name does not say.
    ['README.md', 'application/octet-stream', { kind: 'markdown' }],
    ['notes.MARKDOWN', '', { kind: 'markdown' }],
    ['doc.rmd', 'text/plain', { kind: 'markdown' }],
    ['changes', 'text/markdown', { kind: 'markdown' }],
    // Code, with the Shiki language; the name wins over what browsers report.
    ['app.ts', 'video/mp2t', { kind: 'code', language: 'typescript' }],
    ['main.py', 'application/octet-stream', { kind: 'code', language: 'python' }],
    ['server.go', '', { kind: 'code', language: 'go' }],
    ['lib.rs', '', { kind: 'code', language: 'rust' }],
    ['App.java', '', { kind: 'code', language: 'java' }],
    ['View.tsx', '', { kind: 'code', language: 'tsx' }],
    ['index.js', 'text/javascript', { kind: 'code', language: 'javascript' }],
    ['x.c', '', { kind: 'code', language: 'c' }],
    ['x.cpp', '', { kind: 'code', language: 'cpp' }],
    ['Program.cs', '', { kind: 'code', language: 'csharp' }],
    ['task.rb', '', { kind: 'code', language: 'ruby' }],
    ['page.php', '', { kind: 'code', language: 'php' }],
    ['deploy.sh', 'application/x-sh', { kind: 'code', language: 'shellscript' }],
    ['query.sql', '', { kind: 'code', language: 'sql' }],
    ['Main.kt', '', { kind: 'code', language: 'kotlin' }],
    ['App.swift', '', { kind: 'code', language: 'swift' }],
    ['Dockerfile', '', { kind: 'code', language: 'docker' }],
    ['script', 'text/x-python', { kind: 'code', language: 'python' }],
    // Configuration files.
    ['package.json', 'application/json', { kind: 'config', language: 'json' }],
    ['compose.yaml', '', { kind: 'config', language: 'yaml' }],
    ['ci.yml', '', { kind: 'config', language: 'yaml' }],
    ['Cargo.toml', '', { kind: 'config', language: 'toml' }],
    ['php.ini', '', { kind: 'config', language: 'ini' }],
    ['nginx.conf', '', { kind: 'config', language: 'ini' }],
    ['.env', '', { kind: 'config', language: 'dotenv' }],
    ['pom.xml', 'text/xml', { kind: 'config', language: 'xml' }],
    ['app.properties', '', { kind: 'config', language: 'properties' }],
    ['data', 'application/json; charset=utf-8', { kind: 'config', language: 'json' }],
    ['feed', 'application/atom+xml', { kind: 'config', language: 'xml' }],
    // Plain text.
    ['notes.txt', 'text/plain', { kind: 'text' }],
    ['server.log', '', { kind: 'text' }],
    ['table.csv', 'text/csv', { kind: 'text' }],
    ['LICENSE', 'text/plain', { kind: 'text' }],
    // HTML, PDF, images, video, audio.
    ['index.html', 'text/html', { kind: 'html' }],
    ['page', 'text/html; charset=utf-8', { kind: 'html' }],
    ['paper.pdf', 'application/pdf', { kind: 'pdf' }],
    ['scan', 'application/pdf', { kind: 'pdf' }],
    ['photo.JPG', 'image/jpeg', { kind: 'image' }],
    ['logo.svg', 'image/svg+xml', { kind: 'image' }],
    ['shot', 'image/png', { kind: 'image' }],
    ['scan.tiff', 'image/tiff', { kind: 'none' }],
    ['clip.mp4', 'video/mp4', { kind: 'video' }],
    ['clip.mov', 'video/quicktime', { kind: 'video' }],
    ['stream', 'video/webm', { kind: 'video' }],
    ['song.mp3', 'audio/mpeg', { kind: 'audio' }],
    ['voice.m4a', '', { kind: 'audio' }],
    ['track', 'audio/flac', { kind: 'audio' }],
    // Office documents, by name or by type.
    ['letter.doc', 'application/msword', { kind: 'office' }],
    ['report.docx', '', { kind: 'office' }],
    ['budget.xlsx', '', { kind: 'office' }],
    ['old.xls', '', { kind: 'office' }],
    ['deck.pptx', '', { kind: 'office' }],
    ['deck.ppt', '', { kind: 'office' }],
    ['text.odt', '', { kind: 'office' }],
    ['sheet.ods', '', { kind: 'office' }],
    ['slides.odp', '', { kind: 'office' }],
    [
      'download',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      { kind: 'office' },
    ],
    // Everything else: the generic card.
    ['archive.zip', 'application/zip', { kind: 'none' }],
    ['firmware.bin', 'application/octet-stream', { kind: 'none' }],
    ['no-extension', '', { kind: 'none' }],
  ])('%s (%s) → %j', (filename, mimetype, expected) => {
    expect(previewChoiceOf(filename, mimetype)).toEqual(expected);
  });
});

describe('extensionOf', () => {
  it.each([
    ['a.TXT', 'txt'],
    ['archive.tar.gz', 'gz'],
    ['.env', 'env'],
    ['Makefile', ''],
  ])('%s → "%s"', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });
});

describe('whether a preview reads the content', () => {
  it('reads text up to the cap, and never beyond it', () => {
    const text = previewChoiceOf('a.txt', 'text/plain');
    expect(previewReadsContent(text, TEXT_PREVIEW_MAX_BYTES)).toBe(true);
    expect(previewReadsContent(text, TEXT_PREVIEW_MAX_BYTES + 1)).toBe(false);
    expect(isTooLargeForPreview(text, TEXT_PREVIEW_MAX_BYTES + 1)).toBe(true);
  });

  it('reads media of any size (the browser streams it) and never a file without preview', () => {
    const video = previewChoiceOf('a.mp4', 'video/mp4');
    expect(previewReadsContent(video, 10 * TEXT_PREVIEW_MAX_BYTES)).toBe(true);
    expect(isTooLargeForPreview(video, 10 * TEXT_PREVIEW_MAX_BYTES)).toBe(false);
    expect(previewReadsContent(previewChoiceOf('a.bin', ''), 10)).toBe(false);
  });
});
