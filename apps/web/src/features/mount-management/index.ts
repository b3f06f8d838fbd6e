/** Public surface of the mount-management feature: the admin module for mount points. */
export { MountManagementModule } from './components/MountManagementModule';
