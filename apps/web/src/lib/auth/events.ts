/** Window events of SPEC §4, for code outside React that must follow sign-in and sign-out. */
export const AUTH_EVENTS = {
  /** Any sign-in or sign-out; detail: { type: 'none' | 'admin' | 'apikey' }. */
  stateChanged: 'auth-state-changed',
  /** The admin session ended because the server no longer accepts it. */
  adminTokenExpired: 'admin-token-expired',
  /** The API key session ended because the server no longer accepts the key. */
  apiKeyInvalid: 'api-key-invalid',
} as const;

/** Name of one auth window event. */
export type AuthEventName = (typeof AUTH_EVENTS)[keyof typeof AUTH_EVENTS];

/** Dispatches an auth event on `target` (the window in the app). */
export function emitAuthEvent(target: EventTarget, name: AuthEventName, detail: unknown): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}
