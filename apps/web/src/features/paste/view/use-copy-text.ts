import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies text to the clipboard and says so in a toast (or says it could not). */
export function useCopyText() {
  const { t } = useTranslation();
  return useCallback(
    async (text: string, doneMessage: string) => {
      try {
        // navigator.clipboard is missing on insecure origins: the TypeError lands below too.
        await navigator.clipboard.writeText(text);
        notifications.show({ color: 'green', message: doneMessage });
      } catch {
        notifications.show({ color: 'red', message: t('pasteView.copy.failed') });
      }
    },
    [t],
  );
}
