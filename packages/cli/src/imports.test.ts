import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Module names a file loads at run time (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
    (match) => match[1]!,
  );
}

describe('the CLI’s dependencies', () => {
  it('are node: built-ins, its own modules and the zod-free contract entry only', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const target of runtimeImports(file)) {
        const allowed =
          target.startsWith('node:') ||
          target.startsWith('./') ||
          target.startsWith('../') ||
          target === '@pasteport/contract/plain';
        expect(allowed, `${path.relative(SRC, file)} imports ${target}`).toBe(true);
      }
    }
  });
});
