/** A file name part safe on every OS: no path separators, reserved characters or controls. */
export function safeBaseName(baseName: string, fallback = 'paste'): string {
  const cleaned = baseName
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in names
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 120);
  return cleaned === '' ? fallback : cleaned;
}
