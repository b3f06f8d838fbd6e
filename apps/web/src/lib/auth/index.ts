/** Identity of the web app (SPEC §4): the auth store, its React bindings and the SPEC §5 rules. */
export { createAuthStore } from './auth-store';
export type { AuthSnapshot, AuthStore, AuthStoreOptions, SessionEndReason } from './auth-store';
export { startAuth } from './connect';
export { AUTH_EVENTS } from './events';
export type { AuthEventName } from './events';
export { isLoginError, LoginError } from './login-failure';
export type { LoginFailureReason, LoginMode } from './login-failure';
export { AuthStoreProvider, useAuth, useAuthStore } from './react';
export { decideRoute, mountExplorerUrl, routeNeedsAuth } from './route-guard';
export type { GuardDecision, GuardNotice } from './route-guard';
export { hasAnyPermission, maySignedInShareFiles, NO_SESSION } from './session';
export type { AdminSession, ApiKeyIdentity, ApiKeySession, AuthSession } from './session';
