/**
 * Copy buttons on code blocks. They are added by the view after each render (never part of the
 * sanitised document), carry `data-pp-ui` so exports and print leave them out, and are handled
 * by one delegated click listener on the document container.
 */

export const UI_ATTRIBUTE = 'data-pp-ui';
const COPY_ATTRIBUTE = 'data-pp-copy';
const RESET_AFTER_MS = 2000;

/** Button labels, already translated. */
export interface CopyTexts {
  copy: string;
  copied: string;
  failed: string;
}

type IconName = 'copy' | 'check' | 'alert';

// Tabler icons (MIT): copy, check and alert-circle outlines.
const ICON_PATHS: Record<IconName, string[]> = {
  copy: [
    'M7 9.667a2.667 2.667 0 0 1 2.667 -2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1 -2.667 2.667h-8.666a2.667 2.667 0 0 1 -2.667 -2.667l0 -8.666',
    'M4.012 16.737a2.005 2.005 0 0 1 -1.012 -1.737v-10c0 -1.1 .9 -2 2 -2h10c.75 0 1.158 .385 1.5 1',
  ],
  check: ['M5 12l5 5l10 -10'],
  alert: ['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 8v4', 'M12 16h.01'],
};

function icon(name: IconName): SVGSVGElement {
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  for (const [key, value] of Object.entries({
    width: '18',
    height: '18',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.8',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  })) {
    svg.setAttribute(key, value);
  }
  for (const d of ICON_PATHS[name]) {
    const path = document.createElementNS(svgNs, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

function setButtonState(button: HTMLButtonElement, label: string, iconName: IconName): void {
  button.setAttribute('aria-label', label);
  button.title = label;
  button.replaceChildren(icon(iconName));
}

/** Adds (or relabels) a copy button in every `.code-block` of the container. */
export function addCopyButtons(container: ParentNode, texts: CopyTexts, className: string): void {
  for (const block of Array.from(container.querySelectorAll('.code-block'))) {
    let button = block.querySelector<HTMLButtonElement>(`:scope > button[${COPY_ATTRIBUTE}]`);
    if (!button) {
      button = document.createElement('button');
      button.type = 'button';
      button.className = className;
      button.setAttribute(COPY_ATTRIBUTE, '');
      button.setAttribute(UI_ATTRIBUTE, '');
      block.append(button);
    }
    if (!button.dataset.copyState) setButtonState(button, texts.copy, 'copy');
  }
}

const resetTimers = new WeakMap<HTMLButtonElement, ReturnType<typeof setTimeout>>();

/**
 * Copies the code of the block whose button was clicked; the button says whether it worked
 * for two seconds. Returns false when the click was not on a copy button.
 */
export function handleCopyClick(target: EventTarget | null, texts: CopyTexts): boolean {
  if (!(target instanceof Element)) return false;
  const button = target.closest<HTMLButtonElement>(`button[${COPY_ATTRIBUTE}]`);
  const code = button?.closest('.code-block')?.querySelector('pre')?.textContent;
  if (!button || code === undefined || code === null) return false;

  const show = (state: 'copied' | 'failed') => {
    button.dataset.copyState = state;
    setButtonState(button, texts[state], state === 'copied' ? 'check' : 'alert');
    clearTimeout(resetTimers.get(button));
    resetTimers.set(
      button,
      setTimeout(() => {
        delete button.dataset.copyState;
        setButtonState(button, texts.copy, 'copy');
      }, RESET_AFTER_MS),
    );
  };
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) show('failed');
  else
    clipboard.writeText(code).then(
      () => show('copied'),
      () => show('failed'),
    );
  return true;
}
