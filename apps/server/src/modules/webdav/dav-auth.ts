import { createHmac } from 'node:crypto';
import { API_KEY_PATTERN, isPossibleUsername, PASSWORD_MAX } from '@pasteport/contract';
import type { Actor, AdminActor, ApiKeyActor } from '../../core/actor.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import { parseAuthorization } from '../../http/authorization-header.js';
import { DavError } from './dav-error.js';

/** Announced (with the admin's id) when an administrator's credentials or sessions change. */
export const ADMIN_CREDENTIALS_TOPIC = 'admin-credentials';

/** The name of the remembered Basic credentials in the metrics. */
export const DAV_AUTH_CACHE_NAME = 'webdav-auth';

/** How long verified Basic credentials are remembered, and how many at most. */
export const BASIC_REMEMBER_MS = 5 * 60_000;
const BASIC_REMEMBER_MAX = 1000;

/** The realm every 401 names, so clients ask for a user name and password. */
export const DAV_CHALLENGE = 'Basic realm="Pasteport", charset="UTF-8"';

export interface DavAuthDeps {
  session(token: string): Promise<AdminActor>;
  apiKey(key: string): ApiKeyActor | Promise<ApiKeyActor>;
  /** The administrator's password check, throttled like a login (failures count). */
  verifyAdmin(
    username: string,
    password: string,
    ip: string,
  ): Promise<{ adminId: string; username: string }>;
  /** The key of the keyed hash remembered credentials are filed under. */
  rememberKey: Buffer;
  invalidation: InvalidationBus;
  clock: Clock;
}

interface Remembered {
  adminId: string;
  username: string;
  until: number;
}

const unauthorized = (message: string) =>
  new DavError(401, message, { headers: { 'WWW-Authenticate': DAV_CHALLENGE } });

/**
 * Who a WebDAV request comes from: `Basic` with the administrator's user name and password, or
 * with an API key as the password (any user name); `Bearer` (an admin session) and `ApiKey`
 * as on the API. Password hashing is slow on purpose, and WebDAV clients send credentials with
 * every request: a verified user name and password are remembered for a few minutes under a
 * keyed hash (never the password), shared by parallel requests while being checked, and
 * forgotten at once — on every instance — when the administrator logs out or changes
 * credentials. API keys are looked up by their own hash on every request, so a revoked key is
 * refused at once. Nothing is remembered per address or client: no credentials, no access.
 */
export function createDavAuthenticator(deps: DavAuthDeps) {
  const remembered = new Map<string, Remembered>();
  const checking = new Map<string, Promise<Remembered>>();
  // Lookups of remembered Basic credentials (the metrics' cache counters).
  let hits = 0;
  let misses = 0;
  // Bumped by every change of credentials: a check that started before one is not remembered
  // (its answer may describe a password that is no longer valid).
  let generation = 0;
  deps.invalidation.subscribe(ADMIN_CREDENTIALS_TOPIC, (adminId) => {
    generation++;
    for (const [id, entry] of remembered) if (entry.adminId === adminId) remembered.delete(id);
    checking.clear();
  });

  function adminActor(entry: Remembered): AdminActor {
    return {
      kind: 'admin',
      adminId: entry.adminId,
      username: entry.username,
      sessionTokenHash: '',
      expiresAt: new Date(entry.until).toISOString(),
    };
  }

  async function verify(id: string, username: string, password: string, ip: string) {
    const started = generation;
    const admin = await deps.verifyAdmin(username, password, ip);
    const entry = { ...admin, until: deps.clock.now().getTime() + BASIC_REMEMBER_MS };
    if (generation !== started) {
      // Credentials changed while this was checked: check again, against what stands now.
      return verifyAgain(username, password, ip);
    }
    remembered.delete(id);
    remembered.set(id, entry);
    if (remembered.size > BASIC_REMEMBER_MAX) {
      remembered.delete(remembered.keys().next().value as string);
    }
    return entry;
  }

  async function verifyAgain(username: string, password: string, ip: string) {
    const admin = await deps.verifyAdmin(username, password, ip);
    return { ...admin, until: deps.clock.now().getTime() };
  }

  async function basic(encoded: string, ip: string): Promise<Actor> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon === -1) throw unauthorized('malformed Basic credentials');
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const id = createHmac('sha256', deps.rememberKey)
      .update(username)
      .update('\0')
      .update(password)
      .digest('base64url');
    const known = remembered.get(id);
    if (known && known.until > deps.clock.now().getTime()) {
      hits += 1;
      return adminActor(known);
    }
    misses += 1;
    // Not the administrator's remembered credentials: maybe an API key as the password (looked
    // up by its hash on every request, so a revoked key is refused at once).
    if (API_KEY_PATTERN.test(password)) {
      try {
        return await deps.apiKey(password);
      } catch (err) {
        if (!isAppError(err) || err.code !== 'API_KEY_INVALID') throw err;
      }
    }
    // Not a name the administrator could have, or a password longer than any: a wrong one,
    // refused before it reaches the throttle's records (where NUL or length would fail).
    if (!isPossibleUsername(username) || password.length > PASSWORD_MAX) {
      throw unauthorized('wrong user name or password');
    }
    let pending = checking.get(id);
    if (!pending) {
      pending = verify(id, username, password, ip).finally(() => checking.delete(id));
      checking.set(id, pending);
    }
    try {
      return adminActor(await pending);
    } catch (err) {
      if (isAppError(err) && err.code === 'INVALID_CREDENTIALS') {
        throw unauthorized('wrong user name or password');
      }
      throw err;
    }
  }

  return {
    /** The actor behind an Authorization header; 401 (with the Basic challenge) otherwise. */
    async authenticate(header: string | undefined, ip: string): Promise<Actor> {
      if (header === undefined || header.trim() === '') throw unauthorized('sign in');
      const basicMatch = /^basic +(\S+)$/i.exec(header.trim());
      try {
        if (basicMatch) return await basic(basicMatch[1]!, ip);
        const credentials = parseAuthorization(header);
        if (credentials === null) throw unauthorized('sign in');
        return credentials.scheme === 'bearer'
          ? await deps.session(credentials.token)
          : await deps.apiKey(credentials.key);
      } catch (err) {
        if (err instanceof AppError && err.status === 401) throw unauthorized(err.message);
        throw err;
      }
    },

    /** How many credentials are remembered now (the cache stats, tests). */
    rememberedCount: () => remembered.size,

    /** Lookups of remembered Basic credentials since start, as a cache's hits and misses. */
    lookups: () => ({ name: DAV_AUTH_CACHE_NAME, hits, misses }),
  };
}

export type DavAuthenticator = ReturnType<typeof createDavAuthenticator>;
