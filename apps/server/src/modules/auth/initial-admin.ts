import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/secrets.js';
import type { AdminRepository } from './admin.repository.js';

const DEFAULT_ADMIN_USERNAME = 'admin';

export type InitialAdminResult =
  { created: false } | { created: true; username: string; generatedPassword?: string };

/**
 * First start: creates the administrator from ADMIN_USERNAME/ADMIN_PASSWORD, or with a strong
 * generated password that the caller prints once. Does nothing once an administrator exists,
 * so the environment never overrides a password changed in the app.
 */
export async function ensureInitialAdmin(
  admins: AdminRepository,
  initial: { username: string | undefined; password: string | undefined },
  clock: Clock,
): Promise<InitialAdminResult> {
  if ((await admins.count()) > 0) return { created: false };
  const username = initial.username ?? DEFAULT_ADMIN_USERNAME;
  const generated = initial.password === undefined ? randomToken(18) : undefined;
  const stamp = clock.now().toISOString();
  const inserted = await admins.insertIfAbsent({
    id: randomUUID(),
    username,
    password_hash: await hashPassword(initial.password ?? generated ?? ''),
    created_at: stamp,
    updated_at: stamp,
  });
  if (!inserted) return { created: false };
  return generated
    ? { created: true, username, generatedPassword: generated }
    : { created: true, username };
}
