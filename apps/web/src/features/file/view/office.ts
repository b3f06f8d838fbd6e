/** The online viewers an Office document can open in (SPEC §5: microsoft or google). */
export const OFFICE_PROVIDERS = ['microsoft', 'google'] as const;
export type OfficeProvider = (typeof OFFICE_PROVIDERS)[number];

/** The viewer page that shows the document at `documentUrl` (absolute, publicly reachable). */
export function officeViewerUrl(provider: OfficeProvider, documentUrl: string): string {
  const source = encodeURIComponent(documentUrl);
  return provider === 'microsoft'
    ? `https://view.officeapps.live.com/op/view.aspx?src=${source}`
    : `https://docs.google.com/viewer?url=${source}&embedded=true`;
}
