/** Public surface of the upload feature; the router lazy-loads this module. */
export { UploadPage } from './routes/UploadPage';
