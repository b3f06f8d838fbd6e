/**
 * The contract's schemas, loaded the first time a part of the app validates with them. They
 * bring zod, which a page's first load does without: it imports `@pasteport/contract/plain`.
 */
export const contractSchemas = () => import('@pasteport/contract');
