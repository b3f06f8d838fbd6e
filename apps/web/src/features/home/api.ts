/** What visitors may do without signing in; the query is shared with the header and Upload. */
export { GUEST_ACCESS_QUERY_KEY, useGuestAccess } from '../../lib/guest-access';
