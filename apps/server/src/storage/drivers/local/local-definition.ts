import type { StorageDriverDefinition } from '../../storage-definition.js';
import { localStorageConfigSchema, type LocalStorageConfig } from './local-config.js';
import { LocalStorageDriver } from './local-driver.js';
import { registerLocalSignedRoutes } from './local-signed.routes.js';

/** The local-disk driver as the storage factory sees it. */
export const localDriverDefinition: StorageDriverDefinition<LocalStorageConfig> = {
  kind: 'local',
  configSchema: localStorageConfigSchema,
  create: (id, config, context) =>
    Promise.resolve(
      new LocalStorageDriver({
        id,
        root: config.root,
        signingKey: context.signingKey,
        signedUrlBase: context.signedUrlBase,
      }),
    ),
  routes: (app, { prefix, getDriver }) =>
    registerLocalSignedRoutes(app, {
      prefix,
      getLocalDriver: async (id) => {
        const driver = await getDriver(id);
        return driver instanceof LocalStorageDriver ? driver : null;
      },
    }),
};
