import { describe, expect, it } from 'vitest';
import { NO_SESSION, type AuthSession } from '../auth';
import { offlineOwnerOf } from './owner';

describe('offlineOwnerOf', () => {
  const key: AuthSession = {
    type: 'apikey',
    key: 'pp_secret_key',
    permissions: { text: true, file: false, mount: false },
    info: { id: 'k7', name: 'bot', basic_path: '/' },
  };
  const admin: AuthSession = { type: 'admin', token: 'tok', username: 'root', expiresAt: '' };

  it('names the identity and the API in use, never a credential', () => {
    expect(offlineOwnerOf(NO_SESSION, '/api')).toBe('guest@/api');
    expect(offlineOwnerOf(admin, '/api')).toBe('admin@/api');
    expect(offlineOwnerOf(key, 'https://other.example/api')).toBe(
      'key:k7@https://other.example/api',
    );
    expect(offlineOwnerOf(key, '/api')).not.toContain('pp_secret_key');
    expect(offlineOwnerOf(admin, '/api')).not.toContain('tok');
  });
});
