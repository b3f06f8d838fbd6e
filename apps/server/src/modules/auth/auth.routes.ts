import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../http/access.js';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { AuthService } from './auth.service.js';

/** Login, logout, session check and credential change (SPEC §7 Auth). */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  route(app, endpoints.login, {}, async (request, reply, { body }) =>
    sendData(reply, await auth.login(body, request.ip)),
  );

  route(app, endpoints.logout, {}, async (request, reply) => {
    await auth.logout(adminActor(request));
    return sendData(reply, {});
  });

  route(app, endpoints.adminTokenInfo, {}, (request, reply) => {
    const admin = adminActor(request);
    return sendData(reply, { username: admin.username, expires_at: admin.expiresAt });
  });

  route(app, endpoints.changePassword, {}, async (request, reply, { body }) =>
    sendData(reply, await auth.changeCredentials(adminActor(request), body, request.ip)),
  );
}
