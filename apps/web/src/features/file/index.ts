/** Public surface of the file feature; the router lazy-loads this module. */
export { FilePage } from './routes/FilePage';
