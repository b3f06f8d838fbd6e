import { Badge, Button } from '@mantine/core';
import { IconBasket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BasketDrawer } from './BasketDrawer';
import { useBasket } from './use-basket';

/**
 * The toolbar's way into the basket: always shown (so people find it before they use it), with
 * the number of entries once there are any. Opens the basket drawer.
 */
export function BasketButton() {
  const { t, i18n } = useTranslation();
  const { totals } = useBasket();
  const [opened, setOpened] = useState(false);
  const { count } = totals;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBasket size={16} aria-hidden />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" variant="filled" circle={count < 10} aria-hidden>
              {count.toLocaleString(i18n.language)}
            </Badge>
          ) : null
        }
        aria-label={count > 0 ? t('explorerBasket.buttonLabel', { count }) : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
      >
        {t('explorerBasket.button')}
      </Button>
      <BasketDrawer opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
