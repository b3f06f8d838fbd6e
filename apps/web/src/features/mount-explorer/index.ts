/** Public surface of the mount-explorer feature; the router lazy-loads this module. */
export { MountExplorerPage } from './routes/MountExplorerPage';
export { mountLocation } from './location';
export type { MountLocation } from './location';
