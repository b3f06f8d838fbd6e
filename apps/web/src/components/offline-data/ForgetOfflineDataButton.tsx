import { Button, type ButtonProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET_PX } from '../sizes';
import { ForgetOfflineDataDialog } from './ForgetOfflineDataDialog';

/**
 * "Forget offline data" and the dialog that asks first. Self-contained, so any place every
 * identity reaches (a footer, a menu) can offer it with one line; `variant` and `size` fit it
 * to that place.
 */
export function ForgetOfflineDataButton(props: Pick<ButtonProps, 'variant' | 'size' | 'color'>) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="default"
        mih={TOUCH_TARGET_PX}
        leftSection={<IconTrash size={16} aria-hidden />}
        {...props}
        onClick={() => setAsking(true)}
      >
        {t('offlineData.forget')}
      </Button>
      {asking ? <ForgetOfflineDataDialog onClose={() => setAsking(false)} /> : null}
    </>
  );
}
