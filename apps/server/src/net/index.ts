// The outbound-fetch module: every fetch of a user-supplied URL goes through safeFetch.
export { safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch.js';
export { isForbiddenAddress } from './address-policy.js';
