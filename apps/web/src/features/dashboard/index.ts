/** Public surface of the dashboard feature: the admin's overview module. */
export { DashboardModule } from './components/DashboardModule';
