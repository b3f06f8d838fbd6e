// The Docker image built from the repository's Dockerfile, run as a container: it becomes
// healthy, serves the API and the web app, keeps a paste, and stops by itself on SIGTERM.
// Needs a Docker engine (`docker info` must succeed); without one the test is skipped.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { toolLog } from '../apps/server/test/dav-clients.js';
import { UNTIL_DONE } from '../apps/server/test/hang-guard.js';
import { call } from '../apps/server/test/server-processes.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { username: 'admin', password: 'correct-horse-battery' };

const info = spawnSync('docker', ['info'], { stdio: 'ignore' });
const DOCKER_READY = info.error === undefined && info.status === 0;
if (!DOCKER_READY) {
  toolLog.warn(
    'deploy: `docker info` failed (no Docker engine reachable); the image build and run test is skipped',
  );
}

/**
 * Runs a docker command to its end; answers its output, throws with it on a failing exit. No
 * time limit: an image build compiles native modules and may take minutes on a busy machine.
 */
function docker(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'docker',
      args,
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`docker ${args.join(' ')}: ${error.message}\n${stderr}`));
        else resolve(stdout.trim());
      },
    );
  });
}

describe('the Docker image', () => {
  const tag = `pasteport-test:${randomUUID()}`;
  const container = `pasteport-test-${randomUUID()}`;

  afterAll(async () => {
    if (!DOCKER_READY) return;
    await docker(['rm', '-f', container]).catch(() => undefined);
    await docker(['rmi', '-f', tag]).catch(() => undefined);
  });

  it.runIf(DOCKER_READY)(
    'builds, runs as node, becomes healthy, keeps a paste and drains on SIGTERM',
    async () => {
      await docker(['build', '--tag', tag, '.']);
      const config = JSON.parse(
        await docker(['image', 'inspect', '--format', '{{json .Config}}', tag]),
      ) as {
        User: string;
        StopSignal: string;
      };
      expect(config.User).toBe('node');
      expect(config.StopSignal).toBe('SIGTERM');

      await docker([
        'run',
        '--detach',
        '--init',
        '--name',
        container,
        '--publish',
        '127.0.0.1::8787',
        '--env',
        `ADMIN_USERNAME=${ADMIN.username}`,
        '--env',
        `ADMIN_PASSWORD=${ADMIN.password}`,
        '--env',
        `APP_SECRET=${randomBytes(32).toString('hex')}`,
        tag,
      ]);
      const published = (await docker(['port', container, '8787/tcp'])).split('\n')[0]!;
      const base = `http://${published}`;

      // The image's own HEALTHCHECK (node fetching /api/health) reports healthy.
      await vi.waitFor(async () => {
        const health = await docker(['inspect', '--format', '{{.State.Health.Status}}', container]);
        expect(health).toBe('healthy');
      }, UNTIL_DONE);
      expect((await call(`${base}/api/health`)).status).toBe(200);

      // The web app is where the server looks for it (apps/web/dist beside apps/server/dist).
      const page = await call(`${base}/`);
      expect(page.status).toBe(200);
      expect(String(page.headers['content-type'])).toContain('text/html');

      const login = await call(`${base}/api/admin/login`, { method: 'POST', body: ADMIN });
      expect(login.status, login.text()).toBe(200);
      const token = login.json<{ data: { token: string } }>().data.token;
      const created = await call(`${base}/api/paste`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: { content: '# kept in /data' },
      });
      expect(created.status, created.text()).toBe(201);
      const { slug } = created.json<{ data: { slug: string } }>().data;
      const read = await call(`${base}/api/paste/${slug}`);
      expect(read.json()).toMatchObject({ data: { content: '# kept in /data' } });

      // SIGTERM, with more grace than the server's 10 s drain: exit code 0 means the server
      // drained and stopped by itself (a SIGKILL after the grace period would be 137).
      await docker(['stop', '--time', '30', container]);
      const state = JSON.parse(
        await docker(['inspect', '--format', '{{json .State}}', container]),
      ) as { ExitCode: number; OOMKilled: boolean };
      expect(state).toMatchObject({ ExitCode: 0, OOMKilled: false });
      const logs = await docker(['logs', container]);
      expect(logs).toContain('shutting down: draining in-flight requests');
      expect(logs).toContain('"msg":"stopped"');
    },
  );
});
