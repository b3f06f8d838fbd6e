/** A signed-in identity as the API sees it (SPEC §6): an admin session or an API key. */
export type Credential = { kind: 'admin'; token: string } | { kind: 'apikey'; key: string };

/** Which kind of credential a request carried; decides the 401 message and logout. */
export type CredentialKind = Credential['kind'];

/** Supplies the current credential for each request; undefined means anonymous. */
export type CredentialProvider = () => Credential | undefined;

/** The Authorization header value of SPEC §7: 'Bearer {token}' or 'ApiKey {key}'. */
export function authorizationHeader(credential: Credential): string {
  return credential.kind === 'admin' ? `Bearer ${credential.token}` : `ApiKey ${credential.key}`;
}
