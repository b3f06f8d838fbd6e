/** Public surface of the settings feature: the admin module for system settings and sign-in. */
export { SettingsModule } from './components/SettingsModule';
