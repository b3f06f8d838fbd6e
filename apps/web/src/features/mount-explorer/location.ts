/** Where the mount explorer is: the directory path and the file named for preview, if any. */
export interface MountLocation {
  path: string;
  preview: string | undefined;
}

/** Reads /mount-explorer/{path...}?preview=… (SPEC §2) into an absolute path and a preview. */
export function mountLocation(splat: string | undefined, search: URLSearchParams): MountLocation {
  const segments = (splat ?? '').split('/').filter((segment) => segment.length > 0);
  const preview = search.get('preview') ?? undefined;
  return { path: `/${segments.join('/')}`, preview: preview === '' ? undefined : preview };
}
