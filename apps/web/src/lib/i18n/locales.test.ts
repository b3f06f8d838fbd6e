import { ALL_ERROR_CODES } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import enAdmin from '../../locales/en.admin.json';
import enExplorer from '../../locales/en.explorer.json';
import en from '../../locales/en.json';
import zhCNAdmin from '../../locales/zh-CN.admin.json';
import zhCNExplorer from '../../locales/zh-CN.explorer.json';
import zhCN from '../../locales/zh-CN.json';

/** Flattens nested messages into dot-separated keys, e.g. { 'nav.home': 'Home' }. */
function flatten(tree: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const entries: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      Object.assign(entries, flatten(value as Record<string, unknown>, path));
    } else entries[path] = value;
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const locales = {
  en: flatten({ ...en, ...enAdmin, ...enExplorer }),
  'zh-CN': flatten({ ...zhCN, ...zhCNAdmin, ...zhCNExplorer }),
};

describe('locale files', () => {
  it('split into the same three parts, which share no top-level key', () => {
    expect(Object.keys(zhCN)).toEqual(Object.keys(en));
    expect(Object.keys(zhCNAdmin)).toEqual(Object.keys(enAdmin));
    expect(Object.keys(zhCNExplorer)).toEqual(Object.keys(enExplorer));
    const all = [en, enAdmin, enExplorer].flatMap((part) => Object.keys(part));
    expect(all).toHaveLength(new Set(all).size);
  });

  it('have exactly the same keys', () => {
    expect(Object.keys(locales['zh-CN']).sort()).toEqual(Object.keys(locales.en).sort());
  });

  it.each(Object.entries(locales))('%s has only non-empty string values', (_name, messages) => {
    for (const [key, value] of Object.entries(messages)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation placeholders for each key', () => {
    for (const [key, value] of Object.entries(locales.en)) {
      expect(placeholders(String(locales['zh-CN'][key])), key).toEqual(placeholders(String(value)));
    }
  });

  it.each(Object.entries(locales))('%s translates every contract error code', (_name, messages) => {
    for (const code of ALL_ERROR_CODES) {
      expect(messages[`errors.${code}`], code).toEqual(expect.any(String));
    }
  });
});
