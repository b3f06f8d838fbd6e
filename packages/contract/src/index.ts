export * from './errors.js';
export * from './envelope.js';
export * from './constants.js';
export * from './system.js';
