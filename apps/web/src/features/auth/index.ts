/** Public surface of the auth feature: the admin login screen. */
export { LoginScreen } from './components/LoginScreen';
export { describeLoginFailure } from './login-messages';
