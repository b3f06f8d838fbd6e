import type { ApiKeyPermissions } from '@pasteport/contract';

/** Who is making a request, resolved once per request from its Authorization header. */
export type Actor = AnonymousActor | AdminActor | ApiKeyActor;

export interface AnonymousActor {
  kind: 'anonymous';
}

export interface AdminActor {
  kind: 'admin';
  adminId: string;
  username: string;
  /** SHA-256 of the presented session token (logout and change-password need it). */
  sessionTokenHash: string;
  expiresAt: string;
}

export interface ApiKeyActor {
  kind: 'apikey';
  keyId: string;
  name: string;
  permissions: ApiKeyPermissions;
  /** With the mount permission: may read mounts but never write into them. */
  mountReadOnly: boolean;
  basicPath: string;
}

export const ANONYMOUS: AnonymousActor = Object.freeze({ kind: 'anonymous' });
