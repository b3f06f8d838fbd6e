/** Public surface of the admin feature; the router lazy-loads this module. */
export { AdminPage } from './routes/AdminPage';
export { ADMIN_MODULES, DEFAULT_ADMIN_MODULE, isAdminModule } from './modules';
export type { AdminModule } from './modules';
export { KEY_MODULE_PERMISSIONS, resolveAdminModule, visibleModules } from './visibility';
