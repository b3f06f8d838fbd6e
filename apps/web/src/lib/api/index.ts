import { createApiClient, type ApiClient } from './client';
import type { OfflineEnqueue } from '../offline-queue/queued-request';
import type { CredentialKind, CredentialProvider } from './credentials';

export { createApiClient } from './client';
export type {
  ApiClient,
  ApiClientOptions,
  CallInput,
  CallUploadInput,
  HttpMethod,
  RequestContext,
  RequestOptions,
  UploadOptions,
} from './client';
export { ApiError, isApiError } from './errors';
export type { ApiErrorKind, ApiTransport } from './errors';
export { describeApiError } from './describe';
export { serverFieldErrors } from './field-errors';

export { authorizationHeader } from './credentials';
export type { Credential, CredentialKind, CredentialProvider } from './credentials';
export { sendWithProgress } from './upload';
export type { UploadProgress, XhrRequest, XhrResponse } from './upload';
export { buildUrl, serializeQuery } from './url';
export {
  absoluteApiUrl,
  apiBaseUrl,
  apiHostOverride,
  apiLink,
  configuredApiHosts,
  defaultApiBase,
  normalizeApiBase,
  setApiHostOverride,
} from './host';
export type { ApiHost } from './host';
export type { QueryParams, QueryValue } from './url';

let credentialProvider: CredentialProvider = () => undefined;
let offlineEnqueue: OfflineEnqueue | undefined;
let unauthorizedHandler: (kind: CredentialKind) => void = () => undefined;

/** Installs where credentials come from; the identity feature calls this at start-up. */
export function setCredentialProvider(provider: CredentialProvider): void {
  credentialProvider = provider;
}

/** Installs what a 401 on an authenticated call does (logout, with the identity feature). */
export function setUnauthorizedHandler(handler: (kind: CredentialKind) => void): void {
  unauthorizedHandler = handler;
}

/** Installs where replayable calls go while offline (the offline queue, at start-up). */
export function setOfflineEnqueue(enqueue: OfflineEnqueue | undefined): void {
  offlineEnqueue = enqueue;
}

/** The app's API client on the configured API base, reading the installed provider and handler on each call. */
export const api: ApiClient = createApiClient({
  getCredential: () => credentialProvider(),
  onUnauthorized: (kind) => unauthorizedHandler(kind),
  getOfflineEnqueue: () => offlineEnqueue,
});
