/**
 * `@pasteport/contract/plain`: the part of the contract that needs no zod — constants and
 * limits, error codes, slug, file and media-type rules, checks of the public answers a first
 * visit reads, and the endpoint table's routes (method, path, access, error context). The
 * web's first load imports only this entry; the schemas (`@pasteport/contract`) load with the
 * parts that validate.
 */
export * from './constants.js';
export * from './errors.js';
export * from './slugs.js';
export * from './media-type.js';
export * from './file-rules.js';
export * from './paste-rules.js';
export * from './public-answers.js';
export * from './records.js';
export * from './paths.js';
export * from './mount-rules.js';
export * from './endpoints/routes.js';
export * from './uploader-configs.js';
