/** The mount explorer's file basket: entries kept per identity, packed into one ZIP on demand. */
export { BasketButton } from './BasketButton';
export { BasketDrawer } from './BasketDrawer';
export { useAddToBasket } from './use-add-to-basket';
export { useBasket } from './use-basket';
export type { BasketApi } from './use-basket';
export { BASKET_WARN_BYTES, MAX_BASKET_ENTRIES } from './basket-rules';
export type { AddOutcome, BasketCandidate, BasketEntry, BasketTotals } from './basket-rules';
