import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * A request body that stopped arriving. There is no error code of its own: the body is
 * incomplete (MALFORMED_BODY), answered with 408 and a closed connection.
 */
class BodyIdleTimeout extends AppError {
  override readonly status = 408;
  /** Fastify's body reader keeps a 4xx `statusCode` it finds on a stream error. */
  readonly statusCode = 408;

  constructor(idleMs: number) {
    super(
      'MALFORMED_BODY',
      `no part of the request body arrived for ${idleMs} ms; send the body without long pauses`,
      { headers: { connection: 'close' } },
    );
  }
}

/** Requests whose body timed out, and the error they are answered with. */
const timedOut = new WeakMap<IncomingMessage, AppError>();

/**
 * The 408 for a request whose body timed out: its consumer fails with whatever the failure
 * became on its way (a storage SDK may wrap it), the answer is still the timeout.
 */
export function bodyTimeoutOf(req: IncomingMessage): AppError | undefined {
  return timedOut.get(req);
}

/** What to do when a socket's timer fires while its request body is owed. */
const waiting = new WeakMap<Socket, () => void>();

/** Whether the request announces a body (a bodyless request never waits for one). */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A minimum rate for request bodies, not a total time: an upload may take hours on a slow
 * link, but one that sends nothing for `idleMs` is answered 408 and its connection closed,
 * so a client trickling a byte now and then cannot hold a request (and its slot) forever.
 * Only the client's silence counts: while we stop reading (backpressure from storage), the
 * socket is paused and the timer starts over.
 */
export function installBodyIdleTimeout(app: FastifyInstance, idleMs: number): void {
  if (idleMs <= 0) return;
  const server = app.server;

  // Without a listener Node destroys a socket whose timer fired; this keeps that for every
  // socket but those whose request body we are waiting for.
  server.on('timeout', (socket: Socket) => {
    const onIdle = waiting.get(socket);
    if (onIdle) onIdle();
    else socket.destroy();
  });

  // Callback style, no promise: every request with a body passes here.
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    const socket = req.socket;
    // inject() has no real socket, and a bodyless request owes nothing.
    if (socket instanceof Socket && announcesBody(req)) watch(req, reply, socket);
    done();
  });

  function watch(req: IncomingMessage, reply: FastifyReply, socket: Socket): void {
    const stopWatching = () => {
      if (waiting.get(socket) !== onIdle) return;
      waiting.delete(socket);
      if (socket.destroyed) return;
      // Back to Node's own timers: keep-alive once answered, none while the handler runs.
      socket.setTimeout(reply.raw.writableFinished ? server.keepAliveTimeout : server.timeout);
    };
    const onIdle = () => {
      // Everything arrived; the consumer just has not read the end yet.
      if (req.complete) return stopWatching();
      // Answered, and the rest of the body (drained, or read while the connection lingers)
      // stopped coming: nothing is owed to this client any more.
      if (reply.raw.headersSent) return void socket.destroy();
      socket.setTimeout(idleMs);
      const failed = timedOut.get(req);
      if (failed) {
        // The consumer did not turn the failure into an answer in a whole period: answer.
        if (!reply.sent) reply.send(failed);
        return;
      }
      if (socket.isPaused()) return;
      const error = new BodyIdleTimeout(idleMs);
      timedOut.set(req, error);
      // Fail the body's consumer (Fastify's body parser, the multipart parser, a raw-body
      // stream), so the request ends through the error handler like any other failure; with
      // no consumer yet, answer directly. Never destroy the request: that would destroy the
      // socket before the answer is written.
      if (req.listenerCount('error') > 0) req.emit('error', error);
      else reply.send(error);
    };
    waiting.set(socket, onIdle);
    socket.setTimeout(idleMs);
    req.once('end', stopWatching);
  }
}
