/** The online viewers an Office document can open in (SPEC §5: microsoft or google). */
export const OFFICE_PROVIDERS = ['microsoft', 'google'] as const;
export type OfficeProvider = (typeof OFFICE_PROVIDERS)[number];

/** What to preview (SPEC §5): a file share's slug, or a document already at a public URL. */
export type OfficeSource = string | { directUrl: string };

/** Why an Office preview could not even be asked for (SPEC §8 Office preview messages). */
export type OfficePreviewFailure = 'missing_url' | 'invalid_input' | 'unsupported_provider';

/** An Office preview failure of our own making, worded by `file.preview.office.errors`. */
export class OfficePreviewError extends Error {
  override readonly name = 'OfficePreviewError';
  constructor(readonly reason: OfficePreviewFailure) {
    super(`office preview: ${reason}`);
  }
}

function isOfficeProvider(value: string): value is OfficeProvider {
  return (OFFICE_PROVIDERS as readonly string[]).includes(value);
}

/**
 * The viewer page that shows the document at `documentUrl` (absolute, publicly reachable).
 * An unknown provider or a document address that is not absolute http(s) is refused.
 */
export function officeViewerUrl(provider: string, documentUrl: string): string {
  if (!isOfficeProvider(provider)) throw new OfficePreviewError('unsupported_provider');
  let parsed: URL;
  try {
    parsed = new URL(documentUrl);
  } catch {
    throw new OfficePreviewError('invalid_input');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new OfficePreviewError('invalid_input');
  }
  const source = encodeURIComponent(parsed.toString());
  return provider === 'microsoft'
    ? `https://view.officeapps.live.com/op/view.aspx?src=${source}`
    : `https://docs.google.com/viewer?url=${source}&embedded=true`;
}

/**
 * The public address of the document to preview: a `directUrl` as given, or the link the
 * server hands out for a slug (`fetchForSlug`, the counted read). Anything else is invalid.
 */
export async function officeDocumentUrl(
  source: unknown,
  fetchForSlug: (slug: string) => Promise<string>,
): Promise<string> {
  if (typeof source === 'string' && source.trim() !== '') return fetchForSlug(source);
  if (typeof source === 'object' && source !== null && 'directUrl' in source) {
    const { directUrl } = source;
    if (typeof directUrl === 'string' && directUrl !== '') return directUrl;
  }
  throw new OfficePreviewError('invalid_input');
}
