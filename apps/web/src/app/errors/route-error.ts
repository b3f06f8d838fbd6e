/**
 * Errors outside requests (SPEC §8): which ones are swallowed, which mean a page chunk did not
 * load, and the one place that logs the rest.
 */

/** Libraries whose global UI errors SPEC §8 swallows silently: the editor and translations. */
const SWALLOWED_SOURCES = /codemirror|@lezer|i18next/i;

/** What browsers say when a lazily loaded module (a page chunk) cannot be fetched or run. */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|importing a module script failed|unable to preload css/i;

function textOf(error: unknown): string {
  if (error instanceof Error) return `${error.name} ${error.message}\n${error.stack ?? ''}`;
  return typeof error === 'string' ? error : '';
}

/** Whether an error comes from the editor or the translation libraries (SPEC §8: silent). */
export function isSwallowedError(error: unknown, source = ''): boolean {
  return SWALLOWED_SOURCES.test(`${textOf(error)}\n${source}`);
}

/** Whether an error means a lazily loaded part of the app could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

const reported = new WeakSet<object>();

/** Logs an error to the console once (StrictMode and re-renders see it again), unless swallowed. */
export function reportErrorOnce(error: unknown): void {
  if (isSwallowedError(error)) return;
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  // eslint-disable-next-line no-console -- the app's single report of an unexpected UI error
  console.error(error);
}

/**
 * Keeps the editor's and the translation libraries' uncaught errors out of the console
 * (SPEC §8); everything else reaches the browser's own report. Returns the uninstaller.
 */
export function installGlobalErrorFilter(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (isSwallowedError(event.error, event.filename)) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isSwallowedError(event.reason)) event.preventDefault();
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
