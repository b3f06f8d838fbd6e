import type { FastifyInstance } from 'fastify';
import { sendData } from '../../http/envelope.js';
import type { SystemSettingsService } from './system-settings.service.js';

/** System settings (admin) and the public upload limit (SPEC §7 System). */
export function registerSettingsRoutes(
  app: FastifyInstance,
  settings: SystemSettingsService,
): void {
  app.get('/api/admin/system-settings', { config: { access: 'admin' } }, async (_request, reply) =>
    sendData(reply, await settings.read()),
  );

  app.put('/api/admin/system-settings', { config: { access: 'admin' } }, async (request, reply) =>
    sendData(reply, await settings.update(request.body)),
  );

  app.get(
    '/api/system/max-upload-size',
    { config: { access: 'public' } },
    async (_request, reply) =>
      sendData(reply, { max_upload_size: await settings.maxUploadSizeMb() }),
  );

  app.get('/api/system/guest-access', { config: { access: 'public' } }, async (_request, reply) =>
    sendData(reply, await settings.guestAccess()),
  );
}
