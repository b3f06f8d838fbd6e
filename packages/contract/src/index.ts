export * from './errors.js';
export * from './envelope.js';
export * from './constants.js';
export * from './system.js';
export * from './auth.js';
export * from './api-keys.js';
export * from './settings.js';
export * from './slugs.js';
