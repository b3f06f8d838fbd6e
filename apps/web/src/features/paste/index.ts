/** Public surface of the paste feature; the router lazy-loads this module. */
export { PastePage } from './routes/PastePage';
