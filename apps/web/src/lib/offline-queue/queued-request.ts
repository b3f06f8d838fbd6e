import type { ErrorContext } from '@pasteport/contract/plain';
import type { QueuedOperationType } from './targets';

/** One request put aside while offline: everything needed to send it again, exactly. */
export interface QueuedRequest {
  type: QueuedOperationType;
  /** Path below the API base, parameters filled in (e.g. /admin/pastes/abc). */
  endpoint: string;
  method: string;
  body: unknown;
  idempotencyKey: string;
  context: ErrorContext;
}

/** Where the API client hands a request it could not send (installed by the app). */
export type OfflineEnqueue = (request: QueuedRequest) => Promise<void>;
