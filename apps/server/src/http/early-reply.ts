import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { announcesBody } from './body-timeout.js';

/**
 * After answering before the body arrived, up to this many declared body bytes are read and
 * thrown away so the connection stays usable; a bigger (or unsized) body closes it instead.
 */
export const EARLY_REPLY_DRAIN_LIMIT = 4 * 1024 * 1024;
/** How long a closing connection goes on reading what the client still sends. */
export const EARLY_REPLY_LINGER_MS = 5_000;

/**
 * Answers sent before the request body was read (413 over the upload limit, 507 over quota,
 * 401, 415 …) must not leave the rest of the body in the connection: the next request on a
 * keep-alive connection would wait behind it, and closing with unread bytes makes the kernel
 * reset the connection, often before the client read our answer. So the rest is either
 * drained (small bodies; the connection stays open) or, for big ones, the answer says
 * `Connection: close` and the connection closes gracefully: FIN after the answer, then
 * reading on until the body ends, the client closes or the linger time is up (RFC 9112 §9.6).
 * `idleMs` bounds a drain the client stops feeding (the body idle timeout, body-timeout.ts).
 */
export function installEarlyReply(app: FastifyInstance, options: { idleMs: number }): void {
  // Callback style, no promise: every response passes here; most return at the first test.
  app.addHook('onSend', (request, reply, payload, done) => {
    const req = request.raw;
    const socket = req.socket;
    if (req.complete || !(socket instanceof Socket) || socket.destroyed || !announcesBody(req)) {
      done(null, payload);
      return;
    }
    if (!closes(reply) && declaredLength(req) <= EARLY_REPLY_DRAIN_LIMIT) {
      // After Node's own finish handler, which has just started the keep-alive timer.
      reply.raw.once('finish', () => drainRest(req, socket, options.idleMs));
    } else {
      void reply.header('connection', 'close');
      lingerOnClose(req, socket);
    }
    done(null, payload);
  });
}

function closes(reply: FastifyReply): boolean {
  return String(reply.getHeader('connection')).toLowerCase() === 'close';
}

function declaredLength(req: IncomingMessage): number {
  const length = Number(req.headers['content-length']);
  return req.headers['transfer-encoding'] === undefined && Number.isSafeInteger(length)
    ? length
    : Number.POSITIVE_INFINITY;
}

/** Reads what is left of the body into nothing: consumers that gave up are detached first. */
function discard(req: IncomingMessage): void {
  req.unpipe();
  req.removeAllListeners('data');
  req.removeAllListeners('readable');
  req.resume();
}

function drainRest(req: IncomingMessage, socket: Socket, idleMs: number): void {
  if (socket.destroyed) return;
  // Even a body that has just completed: bytes left unread in it would keep the socket paused.
  discard(req);
  // While body bytes are owed, a client that stops sending is bounded by the body idle
  // timeout rather than the keep-alive timeout Node just set.
  if (!req.complete && idleMs > 0) socket.setTimeout(idleMs);
}

/**
 * Node ends a `Connection: close` response with `socket.destroySoon()`: FIN, then a full close
 * once the answer is flushed — with the client's body still arriving, that close is what
 * resets the connection. For this one socket, closing lingers instead.
 */
function lingerOnClose(req: IncomingMessage, socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    const closeWhenFlushed = () => Socket.prototype.destroySoon.call(this);
    if (req.complete) return closeWhenFlushed();
    this.end();
    discard(req);
    req.once('end', closeWhenFlushed);
    const timer = setTimeout(() => this.destroy(), EARLY_REPLY_LINGER_MS).unref();
    this.once('close', () => clearTimeout(timer));
  };
}
