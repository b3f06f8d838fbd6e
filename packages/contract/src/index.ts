// First: configures zod before any schema below is built.
import './zod-setup.js';

export * from './errors.js';
export * from './envelope.js';
export * from './strict-body.js';
export * from './constants.js';
export * from './system.js';
export * from './auth.js';
export * from './api-keys.js';
export * from './settings.js';
export * from './public-answers.js';
export * from './records.js';
export * from './paths.js';
export * from './slugs.js';
export * from './paste-rules.js';
export * from './pastes.js';
export * from './media-type.js';
export * from './file-rules.js';
export * from './files.js';
export * from './dashboard.js';
export * from './storage-configs.js';
export * from './url-import.js';
export * from './endpoints/index.js';
