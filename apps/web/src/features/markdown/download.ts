/** A file name part safe on every OS: no path separators, reserved characters or controls. */
export function safeBaseName(baseName: string, fallback = 'paste'): string {
  const cleaned = baseName
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in names
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 120);
  return cleaned === '' ? fallback : cleaned;
}

/** Starts a download of `blob` as `fileName` (the object URL lives long enough for Safari). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
