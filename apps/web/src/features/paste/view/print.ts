import { PRINT_HIDE_ATTRIBUTE } from '../../markdown';

/**
 * Spread onto what the print view leaves out (action bar, outline, notices): the markdown
 * feature's print stylesheet hides elements with this attribute.
 */
export const PRINT_HIDDEN: Record<string, true> = { [PRINT_HIDE_ATTRIBUTE]: true };
