import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { SystemSettingsService } from './system-settings.service.js';

/** System settings (admin) and the public upload limit (SPEC §7 System). */
export function registerSettingsRoutes(
  app: FastifyInstance,
  settings: SystemSettingsService,
): void {
  route(app, endpoints.getSystemSettings, {}, async (_request, reply) =>
    sendData(reply, await settings.read()),
  );

  route(app, endpoints.updateSystemSettings, {}, async (_request, reply, { body }) =>
    sendData(reply, await settings.update(body)),
  );

  route(app, endpoints.maxUploadSize, {}, async (_request, reply) =>
    sendData(reply, { max_upload_size: await settings.maxUploadSizeMb() }),
  );

  route(app, endpoints.guestAccess, {}, async (_request, reply) =>
    sendData(reply, await settings.guestAccess()),
  );
}
