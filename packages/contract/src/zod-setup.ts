import { config } from 'zod';

/**
 * In a browser, zod must not compile its parsers with `new Function`: the app's CSP forbids
 * eval, and Chromium files a CSP violation report even for zod's caught probe, which would
 * bury real reports (see the XSS corpus e2e). The server keeps the faster compiled parsers.
 *
 * Zod decides per schema when the schema is built, so this module is the first import of the
 * contract's index, before any schema exists.
 */
// The contract compiles without DOM types; a browser is where a global `document` exists.
if ('document' in globalThis) {
  config({ jitless: true });
}
