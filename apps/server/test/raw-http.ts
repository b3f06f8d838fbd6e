import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One HTTP/1.1 response as read off a raw connection. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

/** How a raw connection ended: whether the server's FIN came, and any socket error (a reset). */
export interface RawClose {
  finReceived: boolean;
  error: string | undefined;
}

/** Starts the app on a random loopback port and returns the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/**
 * A client on one TCP connection that sees what fetch hides: each response exactly as sent,
 * whether the server closed with FIN or reset, and whether the connection still serves a next
 * request. Responses must carry Content-Length (every Pasteport JSON answer does).
 */
export function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let finReceived = false;
  let error: string | undefined;
  let wake: () => void = () => undefined;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on('end', () => {
    finReceived = true;
    wake();
  });
  socket.on('error', (err: NodeJS.ErrnoException) => {
    error ??= err.code ?? err.message;
    wake();
  });
  const closed = new Promise<RawClose>((resolve) => {
    socket.on('close', () => {
      wake();
      resolve({ finReceived, error });
    });
  });

  /** One complete response off the front of what was received, or null while incomplete. */
  function takeResponse(): RawResponse | null {
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine = '', ...lines] = received
      .subarray(0, headEnd)
      .toString('latin1')
      .split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const end = headEnd + 4 + length;
    if (received.length < end) return null;
    const body = received.subarray(headEnd + 4, end).toString('utf8');
    received = received.subarray(end);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  return {
    /** Writes raw bytes; resolves once they are handed to the kernel (or the write failed). */
    write(data: string | Buffer): Promise<void> {
      return new Promise((resolve) => socket.write(data, () => resolve()));
    },
    /** The next complete response; rejects if the connection ends first. */
    async response(): Promise<RawResponse> {
      for (;;) {
        const response = takeResponse();
        if (response) return response;
        if (socket.destroyed || finReceived) {
          throw new Error(`connection ended before a full response (${error ?? 'FIN'})`);
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    /** Resolves when the connection is fully closed, with how it ended. */
    closed,
    destroy: () => socket.destroy(),
  };
}

/** A request head for a raw connection. */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
