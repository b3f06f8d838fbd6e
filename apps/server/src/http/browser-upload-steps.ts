import type { Endpoint } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../core/actor.js';
import { uploadSecretOf } from '../core/upload-secret.js';
import { route, type EndpointInput } from './endpoint.js';
import { sendData } from './envelope.js';

/** The five endpoint entries of one browser upload flow (contract: browserUploadEndpoints). */
export type BrowserUploadEntries = Record<
  'presign' | 'commit' | 'init' | 'complete' | 'abort',
  Endpoint
>;

type Body<E extends Endpoint> = EndpointInput<E>['body'];

/** A step after init presents the secret its init answered (X-Upload-Secret). */
type SecretStep<E extends Endpoint> = (
  actor: Actor,
  body: Body<E>,
  secret: string | undefined,
) => Promise<unknown>;

/** What serves the five steps: each takes the body its entry's schema parses. */
export interface BrowserUploadSteps<E extends BrowserUploadEntries> {
  presign(actor: Actor, body: Body<E['presign']>): Promise<unknown>;
  commit: SecretStep<E['commit']>;
  initMultipart(actor: Actor, body: Body<E['init']>): Promise<unknown>;
  completeMultipart: SecretStep<E['complete']>;
  abortMultipart: SecretStep<E['abort']>;
}

/**
 * Registers a browser upload flow — presigned PUT then commit; multipart init, complete or
 * abort — from its five entries. Files and URL upload register the same flow under their own
 * routes; anything that adds a step adds it here once.
 */
export function registerBrowserUploadSteps<E extends BrowserUploadEntries>(
  app: FastifyInstance,
  entries: E,
  steps: BrowserUploadSteps<E>,
): void {
  route<E['presign']>(app, entries.presign, {}, async (request, reply, { body }) =>
    sendData(reply, await steps.presign(request.actor, body)),
  );
  route<E['commit']>(app, entries.commit, {}, async (request, reply, { body }) =>
    sendData(reply, await steps.commit(request.actor, body, uploadSecretOf(request.headers))),
  );
  route<E['init']>(app, entries.init, {}, async (request, reply, { body }) =>
    sendData(reply, await steps.initMultipart(request.actor, body)),
  );
  route<E['complete']>(app, entries.complete, {}, async (request, reply, { body }) =>
    sendData(
      reply,
      await steps.completeMultipart(request.actor, body, uploadSecretOf(request.headers)),
    ),
  );
  route<E['abort']>(app, entries.abort, {}, async (request, reply, { body }) =>
    sendData(
      reply,
      await steps.abortMultipart(request.actor, body, uploadSecretOf(request.headers)),
    ),
  );
}
