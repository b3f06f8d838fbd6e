/** Public surface of the home feature; the router lazy-loads this module. */
export { HomePage } from './routes/HomePage';
