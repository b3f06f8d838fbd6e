type Listener = (event: MediaQueryListEvent) => void;

let prefersDark = false;
const listeners = new Set<Listener>();

/** Installs a matchMedia whose prefers-color-scheme answer tests control. */
export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => {
      const dependsOnScheme = query.includes('prefers-color-scheme');
      const matches = () => dependsOnScheme && query.includes('dark') === prefersDark;
      const list = {
        media: query,
        get matches() {
          return matches();
        },
        onchange: null,
        addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
        removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
        addListener: (listener: Listener) => listeners.add(listener),
        removeListener: (listener: Listener) => listeners.delete(listener),
        dispatchEvent: () => true,
      };
      return list as unknown as MediaQueryList;
    },
  });
}

/** Simulates the OS switching between light and dark, notifying media query listeners. */
export function setOsPrefersDark(dark: boolean): void {
  prefersDark = dark;
  for (const listener of [...listeners]) {
    listener({ matches: dark, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
  }
}

/** Back to a light OS with no listeners, between tests. */
export function resetColorSchemeMedia(): void {
  prefersDark = false;
  listeners.clear();
}
