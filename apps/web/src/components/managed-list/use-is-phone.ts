import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Narrower than this, a managed list shows cards and its dialogs fill the screen. */
export const PHONE_MAX_WIDTH_PX = 599;

/** True on a phone-sized viewport (under 600 px wide). */
export function useIsPhone(): boolean {
  return useMediaQuery(`(max-width: ${em(PHONE_MAX_WIDTH_PX)})`) ?? false;
}
