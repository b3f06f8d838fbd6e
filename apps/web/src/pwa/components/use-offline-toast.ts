import { notifications } from '@mantine/notifications';
import { OFFLINE_TOAST_MS } from '@pasteport/contract/plain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { browserConnectivity, type Connectivity } from '../../lib/connectivity';

/** The toast's id: going offline twice in a row shows one toast, not two. */
export const OFFLINE_TOAST_ID = 'pasteport-offline';

/** Shows a toast for 3 s each time the device goes offline (SPEC §4, §9). */
export function useOfflineToast(connectivity: Connectivity = browserConnectivity): void {
  const { t } = useTranslation();
  useEffect(
    () =>
      connectivity.subscribe((online) => {
        if (online) {
          notifications.hide(OFFLINE_TOAST_ID);
          return;
        }
        notifications.show({
          id: OFFLINE_TOAST_ID,
          color: 'gray',
          message: t('pwa.offlineToast'),
          autoClose: OFFLINE_TOAST_MS,
        });
      }),
    [connectivity, t],
  );
}
