/** Public surface of the storage-config feature: the admin module for storage configurations. */
export { StorageConfigModule } from './components/StorageConfigModule';
