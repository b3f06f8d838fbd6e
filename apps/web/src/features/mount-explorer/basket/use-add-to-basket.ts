import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BASKET_ENTRIES, type AddOutcome, type BasketCandidate } from './basket-rules';
import { useBasket } from './use-basket';

/** The sentences that say what an addition did, in order: added, already there, refused. */
export function describeAddOutcome(outcome: AddOutcome, t: TFunction): string[] {
  const parts: string[] = [];
  if (outcome.added > 0) parts.push(t('explorerBasket.added', { count: outcome.added }));
  if (outcome.skipped > 0) parts.push(t('explorerBasket.skipped', { count: outcome.skipped }));
  if (outcome.refused > 0) {
    parts.push(t('explorerBasket.refused', { count: outcome.refused, max: MAX_BASKET_ENTRIES }));
  }
  return parts;
}

/**
 * Adds explorer entries to the basket and says so in a notification ("Added 2 items to the
 * basket. 1 already in the basket."); for the selection bar and the context menu.
 */
export function useAddToBasket(): (items: readonly BasketCandidate[]) => void {
  const { t } = useTranslation();
  const { add } = useBasket();
  return useCallback(
    (items: readonly BasketCandidate[]) => {
      if (items.length === 0) return;
      const outcome = add(items);
      notifications.show({
        title: t('explorerBasket.title'),
        message: describeAddOutcome(outcome, t).join(' '),
        color: outcome.refused > 0 ? 'yellow' : outcome.added > 0 ? 'green' : 'blue',
      });
    },
    [add, t],
  );
}
