import type { ApiKeyInfo, ApiKeyPermissions } from '@pasteport/contract';
import { isRecord } from '@pasteport/contract/plain';
import type { Credential } from '../api';
import { AUTH_STORAGE_KEYS, readStored, removeStored, writeStored } from '../storage';

/** The id, name and basic path of the signed-in key (SPEC §3, info form). */
export type ApiKeyIdentity = ApiKeyInfo['key_info'];

/** Signed in with username and password (SPEC §4 state `admin`). */
export interface AdminSession {
  type: 'admin';
  token: string;
  username: string;
  /** ISO-8601 instant the server gave at login or at the last validation. */
  expiresAt: string;
}

/** Signed in with a verified API key (SPEC §4 state `apikey`). */
export interface ApiKeySession {
  type: 'apikey';
  key: string;
  permissions: ApiKeyPermissions;
  info: ApiKeyIdentity;
}

/** The three auth states of SPEC §4. */
export type AuthSession = { type: 'none' } | AdminSession | ApiKeySession;

/** The signed-out session; one shared object so snapshots compare cheaply. */
export const NO_SESSION: AuthSession = Object.freeze({ type: 'none' });

/** The Authorization credential of a session, or undefined when signed out. */
export function credentialOf(session: AuthSession): Credential | undefined {
  if (session.type === 'admin') return { kind: 'admin', token: session.token };
  if (session.type === 'apikey') return { kind: 'apikey', key: session.key };
  return undefined;
}

/** Whether two sessions are the same sign-in (same kind and same token or key). */
export function sameIdentity(a: AuthSession, b: AuthSession): boolean {
  const ca = credentialOf(a);
  const cb = credentialOf(b);
  if (!ca || !cb) return ca === cb;
  if (ca.kind === 'admin' && cb.kind === 'admin') return ca.token === cb.token;
  if (ca.kind === 'apikey' && cb.kind === 'apikey') return ca.key === cb.key;
  return false;
}

/** Whether this identity may make file shares (SPEC §6): the admin, or a key with the file permission. */
export function maySignedInShareFiles(session: AuthSession): boolean {
  return session.type === 'admin' || (session.type === 'apikey' && session.permissions.file);
}

/** Whether a key may use any area at all (SPEC §5: text, file or mount). */
export function hasAnyPermission(permissions: ApiKeyPermissions): boolean {
  return permissions.text || permissions.file || permissions.mount;
}

// What this app stored itself, checked by hand: reading a session is part of every first load,
// which does without zod. The same shapes as apiKeyPermissionsSchema and the info form's key_info.
function storedPermissions(value: unknown): ApiKeyPermissions | undefined {
  const { text, file, mount } = isRecord(value) ? value : {};
  return typeof text === 'boolean' && typeof file === 'boolean' && typeof mount === 'boolean'
    ? { text, file, mount }
    : undefined;
}

function storedIdentity(value: unknown): ApiKeyIdentity | undefined {
  const { id, name, basic_path } = isRecord(value) ? value : {};
  return typeof id === 'string' && typeof name === 'string' && typeof basic_path === 'string'
    ? { id, name, basic_path }
    : undefined;
}

function readJson(key: string): unknown {
  const raw = readStored(key);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The session kept in localStorage; anything incomplete or corrupt reads as signed out. */
export function readPersistedSession(): AuthSession {
  const type = readStored(AUTH_STORAGE_KEYS.type);
  if (type === 'admin') {
    const token = readStored(AUTH_STORAGE_KEYS.adminToken);
    if (!token) return NO_SESSION;
    return {
      type,
      token,
      username: readStored(AUTH_STORAGE_KEYS.adminUsername) ?? '',
      expiresAt: readStored(AUTH_STORAGE_KEYS.adminExpiresAt) ?? '',
    };
  }
  if (type === 'apikey') {
    const key = readStored(AUTH_STORAGE_KEYS.apiKey);
    const permissions = storedPermissions(readJson(AUTH_STORAGE_KEYS.apiKeyPermissions));
    const info = storedIdentity(readJson(AUTH_STORAGE_KEYS.apiKeyInfo));
    if (!key || !permissions || !info) return NO_SESSION;
    return { type, key, permissions, info };
  }
  return NO_SESSION;
}

/** Removes every auth key; `type` goes first so another tab never reads half a session. */
export function clearPersistedSession(): void {
  removeStored(AUTH_STORAGE_KEYS.type);
  for (const key of Object.values(AUTH_STORAGE_KEYS)) removeStored(key);
}

const ADMIN_FIELDS = [
  AUTH_STORAGE_KEYS.adminToken,
  AUTH_STORAGE_KEYS.adminUsername,
  AUTH_STORAGE_KEYS.adminExpiresAt,
];
const API_KEY_FIELDS = [
  AUTH_STORAGE_KEYS.apiKey,
  AUTH_STORAGE_KEYS.apiKeyPermissions,
  AUTH_STORAGE_KEYS.apiKeyInfo,
];

/**
 * Stores a session (SPEC §3: localStorage only). Fields are written before `type` and never
 * cleared first, so a refresh of the same session never looks like a sign-out to other tabs.
 */
export function persistSession(session: AuthSession): void {
  if (session.type === 'none') {
    clearPersistedSession();
    return;
  }
  if (session.type === 'admin') {
    writeStored(AUTH_STORAGE_KEYS.adminToken, session.token);
    writeStored(AUTH_STORAGE_KEYS.adminUsername, session.username);
    writeStored(AUTH_STORAGE_KEYS.adminExpiresAt, session.expiresAt);
    for (const key of API_KEY_FIELDS) removeStored(key);
  } else {
    writeStored(AUTH_STORAGE_KEYS.apiKey, session.key);
    writeStored(AUTH_STORAGE_KEYS.apiKeyPermissions, JSON.stringify(session.permissions));
    writeStored(AUTH_STORAGE_KEYS.apiKeyInfo, JSON.stringify(session.info));
    for (const key of ADMIN_FIELDS) removeStored(key);
  }
  writeStored(AUTH_STORAGE_KEYS.type, session.type);
}
