// Runs before the app bundle: sets Mantine's color-scheme attribute from the saved theme mode
// (key 'pasteport.theme', same as src/lib/storage.ts) so the first paint already has the right colours.
/* global window, document */
(function () {
  var mode = 'auto';
  try {
    var stored = window.localStorage.getItem('pasteport.theme');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') mode = stored;
  } catch {
    // Storage may be blocked (private mode); auto is the default anyway.
  }
  var dark =
    mode === 'dark' ||
    (mode === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
