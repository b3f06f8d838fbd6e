import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fileShareUrl } from '../api';

/** Copies a file's share link and says so in a toast (or says it could not). */
export function useCopyFileLink() {
  const { t } = useTranslation();
  return useCallback(
    (slug: string) => {
      // navigator.clipboard is missing on insecure origins: the TypeError lands in the catch.
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(fileShareUrl(slug)))
        .then(
          () => notifications.show({ color: 'green', message: t('file.copy.linkDone') }),
          () => notifications.show({ color: 'red', message: t('file.copy.failed') }),
        );
    },
    [t],
  );
}
