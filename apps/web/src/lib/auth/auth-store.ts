import type { LoginRequest } from '@pasteport/contract';
import { AUTH_REVALIDATE_MS } from '@pasteport/contract/plain';
import { createApiClient, type ApiClient, type Credential, type CredentialKind } from '../api';
import { AUTH_EVENTS, emitAuthEvent } from './events';
import {
  requestAdminLogin,
  requestApiKeyLogin,
  revokeOnServer,
  validateSession,
} from './server-checks';
import {
  clearPersistedSession,
  credentialOf,
  NO_SESSION,
  persistSession,
  readPersistedSession,
  sameIdentity,
  type AdminSession,
  type ApiKeySession,
  type AuthSession,
} from './session';

/** Why a session ended without the user signing out; the login screen tells them. */
export type SessionEndReason = 'admin-expired' | 'apikey-invalid';

/** What components read (immutable; a new object on every change). */
export interface AuthSnapshot {
  session: AuthSession;
  /** A server validation is in flight. */
  validating: boolean;
  /** When the server last confirmed this session (epoch ms); undefined right after a restore. */
  lastValidatedAt: number | undefined;
  endedBecause: SessionEndReason | undefined;
}

/** The auth store of SPEC §4: none / admin / apikey, kept in localStorage. */
// Members are function properties, not methods: components pass them around unbound.
export interface AuthStore {
  getSnapshot: () => AuthSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** The credential for the API client's Authorization header. */
  credential: () => Credential | undefined;
  /** Signs in with username and password; rejects with a LoginError. */
  loginWithPassword: (request: LoginRequest) => Promise<void>;
  /** Signs in with a verified API key; rejects with a LoginError. */
  loginWithApiKey: (key: string) => Promise<void>;
  /** Signs out: clears storage, emits the SPEC §4 events, revokes an admin session (best effort). */
  logout: (reason?: SessionEndReason) => void;
  /** Re-validates the session with the server now; a definite "no" signs out. */
  validate: () => Promise<void>;
  /** Re-validates when the last validation is absent or older than AUTH_REVALIDATE_MS. */
  ensureFresh: () => Promise<void>;
  /** The API client's 401 hook (SPEC §8): sign out when the rejected credential is ours. */
  handleUnauthorized: (kind: CredentialKind) => void;
  /** Re-reads localStorage after another tab signed in or out. */
  syncFromStorage: () => void;
  /** Records a new admin username after the credentials were changed. */
  renameAdmin: (username: string) => void;
  /** Forgets why the last session ended (the notice was seen). */
  dismissEndReason: () => void;
}

/** What the store depends on; tests pass their own clock and event target. */
export interface AuthStoreOptions {
  client?: ApiClient;
  now?: () => number;
  events?: EventTarget;
}

/** Creates the store, restoring any session kept in localStorage (not yet re-validated). */
export function createAuthStore(options: AuthStoreOptions = {}): AuthStore {
  const client = options.client ?? createApiClient();
  const now = options.now ?? (() => Date.now());
  const events = options.events ?? window;
  const listeners = new Set<() => void>();
  let snapshot: AuthSnapshot = {
    session: readPersistedSession(),
    validating: false,
    lastValidatedAt: undefined,
    endedBecause: undefined,
  };
  let inFlight: Promise<void> | undefined;

  function update(patch: Partial<AuthSnapshot>) {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener();
  }

  function signIn(session: AdminSession | ApiKeySession) {
    persistSession(session);
    update({ session, validating: false, lastValidatedAt: now(), endedBecause: undefined });
    emitAuthEvent(events, AUTH_EVENTS.stateChanged, { type: session.type });
  }

  function logout(reason?: SessionEndReason) {
    const previous = snapshot.session;
    clearPersistedSession();
    update({
      session: NO_SESSION,
      validating: false,
      lastValidatedAt: undefined,
      endedBecause: reason,
    });
    emitAuthEvent(events, AUTH_EVENTS.stateChanged, { type: 'none' });
    if (reason === 'admin-expired') emitAuthEvent(events, AUTH_EVENTS.adminTokenExpired, {});
    if (reason === 'apikey-invalid') emitAuthEvent(events, AUTH_EVENTS.apiKeyInvalid, {});
    // An expired session is already dead on the server; only a deliberate sign-out revokes.
    if (!reason) revokeOnServer(client, previous);
  }

  const endReasonOf = (session: AuthSession): SessionEndReason =>
    session.type === 'admin' ? 'admin-expired' : 'apikey-invalid';

  function validate(): Promise<void> {
    const session = snapshot.session;
    if (session.type === 'none') return Promise.resolve();
    if (inFlight) return inFlight;
    update({ validating: true });
    inFlight = validateSession(client, session)
      .then((outcome) => {
        // The user may have signed out or in while the check ran; its verdict is then stale.
        if (!sameIdentity(snapshot.session, session)) return;
        if (outcome.kind === 'invalid') return logout(endReasonOf(session));
        if (outcome.kind === 'inconclusive') return update({ validating: false });
        persistSession(outcome.session);
        update({ session: outcome.session, validating: false, lastValidatedAt: now() });
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  function adminSessionExpired(session: AuthSession): boolean {
    if (session.type !== 'admin') return false;
    const expiresAt = Date.parse(session.expiresAt);
    return !Number.isNaN(expiresAt) && expiresAt <= now();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    credential: () => credentialOf(snapshot.session),
    async loginWithPassword(request) {
      signIn(await requestAdminLogin(client, request));
    },
    async loginWithApiKey(key) {
      signIn(await requestApiKeyLogin(client, key.trim()));
    },
    logout: (reason) => logout(reason),
    validate,
    ensureFresh() {
      const { session, lastValidatedAt } = snapshot;
      if (session.type === 'none') return Promise.resolve();
      if (adminSessionExpired(session)) {
        logout('admin-expired');
        return Promise.resolve();
      }
      if (lastValidatedAt !== undefined && now() - lastValidatedAt < AUTH_REVALIDATE_MS) {
        return Promise.resolve();
      }
      return validate();
    },
    handleUnauthorized(kind) {
      const credential = credentialOf(snapshot.session);
      if (credential?.kind === kind) logout(endReasonOf(snapshot.session));
    },
    syncFromStorage() {
      const stored = readPersistedSession();
      if (sameIdentity(stored, snapshot.session)) {
        if (stored.type !== 'none') update({ session: stored });
        return;
      }
      // Another tab's sign-in is trusted until this tab's guard next re-validates it.
      update({
        session: stored,
        validating: false,
        lastValidatedAt: undefined,
        endedBecause: undefined,
      });
      emitAuthEvent(events, AUTH_EVENTS.stateChanged, { type: stored.type });
    },
    renameAdmin(username) {
      const session = snapshot.session;
      if (session.type !== 'admin') return;
      const renamed = { ...session, username };
      persistSession(renamed);
      update({ session: renamed });
    },
    dismissEndReason: () => update({ endedBecause: undefined }),
  };
}
