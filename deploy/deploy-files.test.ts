// The deployment files read as data: the Dockerfile, .dockerignore, compose.yaml and the reverse
// proxy snippets keep the rules docs/DEPLOY.md promises. Their behaviour is tested by
// reverse-proxy.int.test.ts (real nginx and Caddy) and docker.int.test.ts (a Docker engine).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { envSchema } from '../apps/server/src/config/env.schema.js';
import { serveArguments } from '../apps/server/test/serve-command.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The variables the server reads; anything else in a service's environment is a typo. */
const ENV_NAMES = new Set(Object.keys(envSchema.shape));
/** The server's port when PORT is unset. */
const DEFAULT_PORT = envSchema.parse({}).PORT;
const VERSION = (JSON.parse(read('package.json')) as { version: string }).version;
/** The Node base image: slim Debian, Node 20 (what CI runs), pinned to an exact release. */
const NODE_BASE = /^node:20\.\d+\.\d+-bookworm-slim$/;
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|ACCESS_KEY|API_KEY/i;

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile: comments dropped, `\` continuations joined. */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = `${pending}${line}`.trim();
    pending = '';
    const at = whole.search(/\s/);
    instructions.push({ keyword: whole.slice(0, at).toUpperCase(), args: whole.slice(at).trim() });
  }
  return instructions;
}

function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [from, as, name] = instruction.args.split(/\s+/);
      stages.push({
        from: from!,
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        instructions: [],
      });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** `KEY=value KEY2=value2` of an ENV instruction (values here have no spaces). */
function envPairs(args: string): Record<string, string> {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

describe('Dockerfile', () => {
  const instructions = parseDockerfile(read('Dockerfile'));
  const stages = stagesOf(instructions);
  const final = stages.at(-1)!;
  const finalOf = (keyword: string) => final.instructions.filter((i) => i.keyword === keyword);

  it('builds in stages on a pinned slim Node 20 image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const names = new Set(stages.map((stage) => stage.name));
    for (const stage of stages) {
      // Either the pinned base or an earlier stage of this file.
      expect(NODE_BASE.test(stage.from) || names.has(stage.from), stage.from).toBe(true);
    }
    expect(final.from).toMatch(NODE_BASE);
    const all = instructions.map((i) => `${i.keyword} ${i.args}`).join('\n');
    expect(all).toMatch(/RUN npm ci\b/);
    expect(all).toMatch(/RUN npm run build\b/);
    expect(all).toMatch(/npm ci --omit=dev/);
  });

  it("gives npm ci every workspace's package.json before it installs", () => {
    // npm ci refuses a lockfile whose workspaces are not there: a workspace added to
    // package.json without its COPY line breaks the image build.
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const toolchain = stages[0]!.instructions;
    const firstInstall = toolchain.findIndex((i) => /npm ci\b/.test(i.args));
    const copied = toolchain
      .slice(0, firstInstall === -1 ? undefined : firstInstall)
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.split(/\s+/));
    for (const workspace of workspaces) {
      expect(copied, workspace).toContain(`${workspace}/package.json`);
    }
  });

  it('runs as the non-root user node, with the production environment and /data', () => {
    const users = finalOf('USER').map((i) => i.args);
    expect(users).toEqual(['node']);
    const userAt = final.instructions.findIndex((i) => i.keyword === 'USER');
    const cmdAt = final.instructions.findIndex((i) => i.keyword === 'CMD');
    expect(userAt).toBeGreaterThan(-1);
    expect(userAt).toBeLessThan(cmdAt);
    const env = Object.assign({}, ...finalOf('ENV').map((i) => envPairs(i.args))) as Record<
      string,
      string
    >;
    expect(env).toMatchObject({ HOST: '0.0.0.0', DATA_DIR: '/data', NODE_ENV: 'production' });
    for (const name of Object.keys(env))
      expect(ENV_NAMES.has(name) || name === 'NODE_ENV').toBe(true);
    expect(finalOf('VOLUME').map((i) => i.args)).toEqual(['/data']);
    // /data and /data/storage (a shared volume's mount point) belong to node before VOLUME.
    const owned = finalOf('RUN').map((i) => i.args);
    expect(owned).toContain('mkdir -p /data/storage && chown -R node:node /data');
    expect(finalOf('EXPOSE').map((i) => i.args)).toEqual([String(DEFAULT_PORT)]);
  });

  it('checks /api/health with node (no curl in the slim image) and stops on SIGTERM', () => {
    const [healthcheck] = finalOf('HEALTHCHECK');
    expect(healthcheck?.args).toContain('/api/health');
    const command = healthcheck!.args.slice(healthcheck!.args.indexOf('CMD') + 3).trim();
    expect((JSON.parse(command) as string[])[0]).toBe('node');
    expect(healthcheck!.args).not.toMatch(/\b(curl|wget)\b/);
    expect(finalOf('STOPSIGNAL').map((i) => i.args)).toEqual(['SIGTERM']);
  });

  it('starts the server in exec form, so Node itself receives the signals', () => {
    const cmds = finalOf('CMD');
    expect(cmds).toHaveLength(1);
    // The same command as `npm run serve`, V8 flags included.
    expect(JSON.parse(cmds[0]!.args)).toEqual(['node', ...serveArguments()]);
    expect(serveArguments().at(-1)).toBe('apps/server/dist/main.js');
    expect(finalOf('ENTRYPOINT')).toEqual([]);
  });

  it('copies only the built output, production dependencies and package files into the image', () => {
    const copied = finalOf('COPY').map((i) =>
      i.args.split(/\s+/).filter((a) => !a.startsWith('--')),
    );
    const sources = copied.flatMap((args) => args.slice(0, -1));
    const allowed = [
      /^\/app\/package(-lock)?\.json$/,
      /^\/app\/node_modules$/,
      /^\/app\/(packages\/contract|apps\/server|apps\/web)\/(package\.json|dist)$/,
    ];
    for (const source of sources) {
      expect(
        allowed.some((rule) => rule.test(source)),
        source,
      ).toBe(true);
    }
    expect(finalOf('COPY').every((i) => i.args.includes('--from='))).toBe(true);
    // The server serves ../../web/dist from apps/server/dist: the web build must land there.
    const targets = copied.map((args) => args.at(-1));
    expect(targets).toContain('apps/server/dist');
    expect(targets).toContain('apps/web/dist');
    expect(path.posix.join('apps/server/dist', '../../web/dist')).toBe('apps/web/dist');
    expect(read('apps/server/src/boot.ts')).toContain("new URL('../../web/dist', import.meta.url)");
  });

  it('holds no secrets', () => {
    for (const instruction of instructions.filter((i) => ['ENV', 'ARG'].includes(i.keyword))) {
      expect(instruction.args, instruction.args).not.toMatch(SECRET_NAME);
    }
  });

  it('.dockerignore keeps dependencies, git, data and environment files out of the context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const entry of [
      '**/node_modules',
      '.git',
      'data',
      '**/data',
      '**/dist',
      '.env',
      '.env.*',
    ]) {
      expect(ignored).toContain(entry);
    }
  });
});

interface ComposeService {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  init?: boolean;
}

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const services = compose.services;
  const inProfile = (profile: string | undefined) =>
    Object.keys(services)
      .filter((name) =>
        profile === undefined
          ? services[name]!.profiles === undefined
          : services[name]!.profiles?.includes(profile),
      )
      .sort();
  const pasteports = ['pasteport', 'pasteport-a', 'pasteport-b'];

  it('the default profile is one server; the scale profile the whole cluster', () => {
    expect(inProfile(undefined)).toEqual(['pasteport']);
    expect(inProfile('scale')).toEqual(
      ['caddy', 'minio', 'minio-bucket', 'pasteport-a', 'pasteport-b', 'postgres'].sort(),
    );
  });

  it('the single server keeps SQLite and local disk in a named volume and publishes its port', () => {
    const single = services.pasteport!;
    expect(single.environment?.DATABASE_URL).toBeUndefined();
    const [volume, target] = single.volumes![0]!.split(':');
    expect(target).toBe('/data');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(single.ports).toEqual([`\${PASTEPORT_PORT:-${DEFAULT_PORT}}:${DEFAULT_PORT}`]);
    // Published straight to clients: no forwarded header may be believed.
    expect(single.environment?.TRUST_PROXY).toBe('false');
  });

  it('the scaled servers share PostgreSQL, one secret and wait for their dependencies', () => {
    for (const name of ['pasteport-a', 'pasteport-b']) {
      const service = services[name]!;
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(service.environment?.APP_SECRET).toMatch(/^\$\{APP_SECRET:\?/);
      // Caddy is the one proxy in front: one hop, never "trust every hop".
      expect(service.environment?.TRUST_PROXY).toBe('1');
      expect(service.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        'minio-bucket': { condition: 'service_completed_successfully' },
      });
      // Own DATA_DIR, shared default local storage.
      expect(service.volumes).toContain('shared-storage:/data/storage');
    }
    expect(services['pasteport-a']!.volumes).not.toEqual(services['pasteport-b']!.volumes);
    expect(services.caddy!.depends_on).toMatchObject({
      'pasteport-a': { condition: 'service_healthy' },
      'pasteport-b': { condition: 'service_healthy' },
    });
    const upstreams = services.caddy!.environment!.PASTEPORT_UPSTREAMS!.split(/\s+/);
    expect(upstreams).toEqual([`pasteport-a:${DEFAULT_PORT}`, `pasteport-b:${DEFAULT_PORT}`]);
    expect(services.caddy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('every Pasteport service uses only variables the server reads, and runs with an init', () => {
    for (const name of pasteports) {
      const service = services[name]!;
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(ENV_NAMES.has(variable), `${name}: ${variable}`).toBe(true);
      }
      expect(service.init, name).toBe(true);
      expect(service.image, name).toBe(`\${PASTEPORT_IMAGE:-pasteport:${VERSION}}`);
    }
  });

  it('the stateful services have healthchecks', () => {
    expect(services.postgres!.healthcheck?.test).toContain('pg_isready');
    expect(services.minio!.healthcheck?.test.length).toBeGreaterThan(1);
  });

  it('pins every third-party image to a release', () => {
    for (const [name, service] of Object.entries(services)) {
      if (pasteports.includes(name)) continue;
      const image = service.image ?? '';
      const tag = image.slice(image.lastIndexOf(':') + 1);
      expect(image, name).toContain(':');
      expect(tag, name).not.toBe('latest');
      expect(tag, name).toMatch(/\d/);
    }
  });

  it('holds no secrets: every secret is taken from the environment', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (!SECRET_NAME.test(variable)) continue;
        expect(value, `${name}: ${variable}`).toMatch(/^\$\{[A-Z_]+:[?-]/);
      }
      const url = service.environment?.DATABASE_URL;
      if (url) expect(url).toMatch(/:\$\{POSTGRES_PASSWORD:\?[^}]*\}@/);
    }
  });
});

describe('reverse proxy snippets', () => {
  const nginx = read('deploy/nginx.conf');
  const caddy = read('deploy/Caddyfile');
  const directives = (text: string) =>
    text
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);

  it('nginx streams bodies of any size, with long timeouts, and forwards the client', () => {
    const lines = directives(nginx);
    for (const wanted of [
      'client_max_body_size 0;',
      'proxy_request_buffering off;',
      'proxy_buffering off;',
      'proxy_read_timeout 1h;',
      'proxy_send_timeout 1h;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_set_header X-Forwarded-Host $http_host;',
      'proxy_set_header Host $http_host;',
    ]) {
      expect(lines).toContain(wanted);
    }
    for (const header of ['Destination', 'Depth', 'Overwrite', 'If', 'Lock-Token']) {
      const variable = `$http_${header.toLowerCase().replace('-', '_')}`;
      expect(lines).toContain(`proxy_set_header ${header} ${variable};`);
    }
    // No method filter: WebDAV's methods must reach the server.
    expect(nginx).not.toMatch(/limit_except/);
  });

  it('Caddy balances over the upstreams, checks their health and flushes at once', () => {
    const lines = directives(caddy);
    expect(lines).toContain('reverse_proxy {$PASTEPORT_UPSTREAMS:127.0.0.1:8787} {');
    expect(lines).toContain('health_uri /api/health');
    expect(lines).toContain('flush_interval -1');
    // Nothing caps bodies or believes a client's forwarded headers.
    expect(caddy).not.toMatch(/max_size|trusted_proxies|header_up\s+X-Forwarded-For/);
  });

  it('both tell the server to trust exactly one hop', () => {
    for (const text of [nginx, caddy]) expect(text).toContain('TRUST_PROXY=1');
  });
});
