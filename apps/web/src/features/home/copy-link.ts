import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** Writes text to the clipboard; false when the browser refuses or has no clipboard API. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Insecure origins, denied permission or a lost user gesture: the copy button remains.
    return false;
  }
}

/** Copies a new share link and says how it went (a failure points at the copy button). */
export function copyLinkWithNotice(url: string, t: TFunction): void {
  void copyText(url).then((copied) =>
    notifications.show(
      copied
        ? { color: 'green', message: t('home.result.copiedToast') }
        : { color: 'yellow', message: t('home.result.copyFailed') },
    ),
  );
}
