// `npm run dev`: the API with reload on change (node --watch through tsx, the contract read from
// its TypeScript source) and the web app with HMR (Vite), which proxies /api to the API.
// Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--watch', 'apps/server/src/main.ts'],
    { stdio: 'inherit' },
  ),
  spawn('npm', ['run', 'dev', '-w', '@pasteport/web'], { stdio: 'inherit' }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
