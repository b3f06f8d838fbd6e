import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The node arguments of `npm run serve` (the root package.json), relative to the repository
 * root: the end-to-end tests, the benches and the image check start the server as it ships,
 * V8 flags included (docs/decisions/0018-paced-garbage-collection.md).
 */
export function serveArguments(): string[] {
  const manifest = JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = manifest.scripts.serve!.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve must run node, not ${command}`);
  return args;
}
