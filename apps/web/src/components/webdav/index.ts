/** WebDAV connection help shared by the settings, key management and the mount explorer. */
export { WebDavConnect } from './LazyWebDavConnect';
export type { WebDavConnectProps, WebDavCredential } from './WebDavConnect';
export { webDavIdentityOf } from './webdav-identity';
export type { WebDavIdentity } from './webdav-identity';
