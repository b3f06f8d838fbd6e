/** Public surface of the file-management admin module. */
export { FileManagementModule } from './components/FileManagementModule';
