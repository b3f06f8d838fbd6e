import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentStylesOf, MANTINE_GLOBAL_STYLES, withComponentStyles } from './mantine-styles';

const require = createRequire(import.meta.url);
const MANTINE_ESM = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'esm');

/** Every class map Mantine ships, however deep (Combobox, InlineInput under utils …). */
function classMaps(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.module.mjs'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('mantine-styles', () => {
  it("names a component's sheet from its class map, and nothing for any other module", () => {
    const button = path.join(MANTINE_ESM, 'components/Button/Button.module.mjs');
    expect(componentStylesOf(button)).toBe('@mantine/core/styles/Button.css');
    expect(componentStylesOf(`${button}?v=1`)).toBe('@mantine/core/styles/Button.css');
    expect(componentStylesOf(path.join(MANTINE_ESM, 'components/Button/Button.mjs'))).toBe(
      undefined,
    );
    expect(componentStylesOf('/app/src/app/layout/Header.module.css')).toBe(undefined);
    expect(componentStylesOf('/app/node_modules/other/esm/Button.module.mjs')).toBe(undefined);
  });

  it('finds a sheet for every class map Mantine ships (none left unstyled)', () => {
    const maps = classMaps(MANTINE_ESM);
    expect(maps.length).toBeGreaterThan(50);
    for (const map of maps) {
      const sheet = componentStylesOf(map);
      expect(sheet, map).toBeDefined();
      expect(existsSync(require.resolve(sheet ?? '')), map).toBe(true);
    }
    for (const sheet of MANTINE_GLOBAL_STYLES)
      expect(existsSync(require.resolve(sheet))).toBe(true);
  });

  it('imports the sheet after the class map, which imports nothing itself', () => {
    const code = 'var classes = { root: "m_1" };\nexport { classes as default };';
    const out = withComponentStyles(code, '@mantine/core/styles/Button.css');
    expect(out.startsWith(code)).toBe(true);
    expect(out).toContain('import "@mantine/core/styles/Button.css";');
  });
});
