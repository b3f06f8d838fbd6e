import { changePasswordRequestSchema, loginRequestSchema } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../http/access.js';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import type { AuthService } from './auth.service.js';

/** Login, logout, session check and credential change (SPEC §7 Auth). */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/api/admin/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseWith(loginRequestSchema, request.body, 'body');
    return sendData(reply, await auth.login(body, request.ip));
  });

  app.post('/api/admin/logout', { config: { access: 'admin' } }, async (request, reply) => {
    await auth.logout(adminActor(request));
    return sendData(reply, {});
  });

  app.get('/api/test/admin-token', { config: { access: 'admin' } }, (request, reply) => {
    const admin = adminActor(request);
    return sendData(reply, { username: admin.username, expires_at: admin.expiresAt });
  });

  app.post(
    '/api/admin/change-password',
    { config: { access: 'admin' } },
    async (request, reply) => {
      const body = parseWith(changePasswordRequestSchema, request.body, 'body');
      return sendData(reply, await auth.changeCredentials(adminActor(request), body, request.ip));
    },
  );
}
