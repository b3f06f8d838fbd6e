/** Public surface of the key-management feature: the admin module for API keys. */
export { KeyManagementModule } from './components/KeyManagementModule';
