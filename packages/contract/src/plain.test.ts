import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The modules `file` imports at run time (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
    (match) => match[1] ?? '',
  );
}

describe('@pasteport/contract/plain', () => {
  it('reaches no zod: every module it loads, however deep, is plain TypeScript', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of runtimeImports(file)) {
        expect(target.startsWith('./'), `${file} imports ${target}`).toBe(true);
        visit(target.replace(/\.js$/, '.ts'));
      }
    };
    visit('./plain.ts');
    expect([...seen]).toContain('./constants.ts');
    expect(seen.size).toBeGreaterThan(5);
  });

  it('offers what the web reads on a first load, the same as the main entry', async () => {
    const plain = await import('./plain.js');
    const main = await import('./index.js');
    for (const name of Object.keys(plain)) {
      expect(main[name as keyof typeof main], name).toBe(plain[name as keyof typeof plain]);
    }
    expect(Object.keys(plain)).toEqual(
      expect.arrayContaining(['APP_NAME', 'isErrorCode', 'parseGuestAccess', 'fileMimetype']),
    );
  });
});
