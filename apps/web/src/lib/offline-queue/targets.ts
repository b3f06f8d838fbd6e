import { ROUTES, type RouteInfo } from '@pasteport/contract/plain';

/** The kinds of queued operations, as the queue panel names them. */
export type QueuedOperationType =
  | 'createPaste'
  | 'updatePaste'
  | 'deletePaste'
  | 'batchDeletePastes'
  | 'clearExpiredPastes'
  | 'updateSettings'
  | 'clearCache'
  | 'verifyPassword';

/**
 * What may be queued while offline and sent when the connection returns (SPEC §7 "Offline
 * replay"): creating a paste, editing and deleting pastes, batch deletes, clearing expired
 * pastes, system settings, cache clearing and share-password checks. Each is sent with an
 * `Idempotency-Key`, so a replay after a lost answer never does it twice.
 */
const REPLAYED: [RouteInfo, QueuedOperationType][] = [
  [ROUTES.createPaste, 'createPaste'],
  [ROUTES.updateAdminPaste, 'updatePaste'],
  [ROUTES.deleteAdminPaste, 'deletePaste'],
  [ROUTES.updateUserPaste, 'updatePaste'],
  [ROUTES.deleteUserPaste, 'deletePaste'],
  [ROUTES.batchDeleteAdminPastes, 'batchDeletePastes'],
  [ROUTES.batchDeleteUserPastes, 'batchDeletePastes'],
  [ROUTES.clearExpiredPastes, 'clearExpiredPastes'],
  [ROUTES.updateSystemSettings, 'updateSettings'],
  [ROUTES.clearAdminCache, 'clearCache'],
  [ROUTES.verifyFile, 'verifyPassword'],
];

const keyOf = (route: Pick<RouteInfo, 'method' | 'path'>) => `${route.method} ${route.path}`;
/** By method and path: callers pass the table's full entries or their plain halves. */
const BY_ROUTE = new Map(REPLAYED.map(([route, type]) => [keyOf(route), type]));

/** The queue's name for a route, or undefined when the route is not replayed offline. */
export function replayTypeOf(
  route: Pick<RouteInfo, 'method' | 'path'>,
): QueuedOperationType | undefined {
  return BY_ROUTE.get(keyOf(route));
}

/** A fresh key for one operation (sent again unchanged on every replay of it). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
