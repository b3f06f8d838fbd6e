import type { ManifestOptions } from 'vite-plugin-pwa';

/** The light theme's page colour and brand blue (Mantine's white and blue 6). */
export const LIGHT_BACKGROUND = '#ffffff';
export const BRAND_BLUE = '#228be6';
/** The dark theme's page colour (Mantine's dark 7), for index.html's dark theme-color. */
export const DARK_BACKGROUND = '#242424';

/**
 * The web app manifest (served as /manifest.webmanifest). A manifest has one theme and one
 * background colour; index.html adds a dark `theme-color` for browsers in dark mode. The share
 * target is a POST the service worker answers (src/sw/share-target.ts): files never reach the
 * server before the person confirms the upload.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Pasteport',
  short_name: 'Pasteport',
  description: 'Online clipboard and file sharing: paste Markdown or text, share files by link.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: BRAND_BLUE,
  background_color: LIGHT_BACKGROUND,
  categories: ['productivity', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-192.png',
      sizes: '192x192',
      type: 'image/png',
      purpose: 'maskable',
    },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  shortcuts: [
    {
      name: 'New paste',
      short_name: 'Paste',
      url: '/',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Upload files',
      short_name: 'Upload',
      url: '/upload',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
  share_target: {
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      url: 'url',
      files: [{ name: 'files', accept: ['*/*'] }],
    },
  },
};
