// The paste rules that need no schema: the web's first load reads them without zod.

export const PASTE_REMARK_MAX = 500;
export const PASTE_PASSWORD_MAX = 256;
/** Largest max_views accepted. */
export const PASTE_MAX_VIEWS_LIMIT = 1_000_000_000;

/**
 * Why a paste answers 410 GONE, as `details[0].rule` (field `paste`): the web words the two
 * cases differently without reading the message.
 */
export const PASTE_GONE_REASONS = ['expired', 'view_limit'] as const;
export type PasteGoneReason = (typeof PASTE_GONE_REASONS)[number];
