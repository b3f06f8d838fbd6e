import {
  guestAccessSchema,
  maxUploadSizeSchema,
  systemSettingsSchema,
  updateSystemSettingsSchema,
} from '../settings.js';
import { endpoint, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'Settings';

/** System settings (admin) and what the public pages read of them (SPEC §7 System). */
export const settingsEndpoints = {
  getSystemSettings: endpoint(ROUTES.getSystemSettings, {
    tag,
    summary: 'Read the system settings',
    answer: json(systemSettingsSchema),
    errors: [],
  }),
  updateSystemSettings: endpoint(ROUTES.updateSystemSettings, {
    tag,
    summary: 'Change some system settings',
    body: jsonBody(updateSystemSettingsSchema),
    answer: json(systemSettingsSchema),
    errors: [],
  }),
  maxUploadSize: endpoint(ROUTES.maxUploadSize, {
    tag,
    summary: 'The largest upload allowed, in MB',
    answer: json(maxUploadSizeSchema),
    errors: [],
  }),
  guestAccess: endpoint(ROUTES.guestAccess, {
    tag,
    summary: 'Whether guests may create pastes and upload files',
    answer: json(guestAccessSchema),
    errors: [],
  }),
};
