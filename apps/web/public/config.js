// Pasteport runtime configuration, read before the app starts. Edit this one file to point a
// web app hosted apart from its server (a CDN or static host) at the Pasteport API; the
// server that serves the app must list the app's origin in CORS_ORIGINS.
//
//   apiBaseUrl: the API base, e.g. 'https://paste-api.example.com/api' (a bare server
//               address means its /api). Left out: the API on this page's own origin, /api.
//   apiHosts:   the API hosts the environment switcher offers an administrator
//               (open any page with ?showEnvSwitcher), e.g.
//               [{ name: 'Staging', url: 'https://staging.example.com/api' }].
/* global window */
window.__PASTEPORT_CONFIG__ = {
  apiHosts: [],
};
