/** Public surface of the text-management feature: the admin module for pastes. */
export { TextManagementModule } from './components/TextManagementModule';
