import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import {
  STORAGE_PROVIDERS,
  storageConfigRequirementIssues,
  type CreateStorageConfigInput,
  type StorageConfig,
  type StorageConfigDeleteConflict,
  type StorageTestResult,
  type UpdateStorageConfigInput,
  type UploadStorageConfig,
  type ValidationIssue,
} from '@pasteport/contract';
import type { Updateable } from 'kysely';
import type { StorageConfigsTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { isoNow, type Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import type { Actor } from '../../core/actor.js';
import {
  driverOptionsFor,
  valuesFromStored,
  type StorageConfigValues,
} from './storage-config-options.js';
import { inUploadScope, uploadStorageScope } from './storage-config.policy.js';
import { presentStorageConfig, presentUploadStorageConfig } from './storage-config.presenter.js';
import type {
  StorageConfigQueries,
  StorageConfigRepository,
  StorageConfigRow,
} from './storage-config.repository.js';
import { probeStorage, unusableConfigResult } from './storage-probe.js';
import type { StorageRegistry } from '../../storage/registry.js';

/** Invalidation topic: a config changed or went, so every instance drops its cached driver. */
export const STORAGE_CONFIG_TOPIC = 'storage-config';

const DENIAL_MESSAGES = {
  UNAUTHORIZED: 'sign in or present an API key to upload',
  PERMISSION_DENIED: 'this API key lacks the file permission',
} as const;

/**
 * A local-disk config must name a folder that exists (the driver never creates its root, so
 * a missing mount is not papered over): said on save, next to the field, not only by Test.
 */
async function assertLocalFolder(
  values: { provider_type: string; root_path: string | null },
  storage: Pick<StorageRegistry, 'localRoot'>,
) {
  if (values.provider_type !== 'local' || values.root_path === null) return;
  const info = await stat(storage.localRoot(values.root_path)).catch(() => null);
  if (info?.isDirectory()) return;
  throw invalid([
    {
      field: 'root_path',
      rule: info ? 'not_a_folder' : 'missing_folder',
      message: info
        ? 'this path is a file, not a folder'
        : 'this folder does not exist on the server; create it first',
    },
  ]);
}

function invalid(details: ValidationIssue[]): AppError {
  const fields = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', `invalid storage config: ${fields}`, { details });
}

function conflict(rule: StorageConfigDeleteConflict, message: string): AppError {
  return new AppError('CONFLICT', message, { details: [{ field: 'id', rule, message }] });
}

/** Update fields that were given (undefined means "keep"); an empty secret keeps the stored one. */
function applyChanges(
  current: StorageConfigValues,
  changes: UpdateStorageConfigInput,
): StorageConfigValues {
  const next: StorageConfigValues = { ...current };
  const assign = <K extends keyof StorageConfigValues>(key: K, value: StorageConfigValues[K]) => {
    next[key] = value;
  };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || key === 'is_default') continue;
    assign(key as keyof StorageConfigValues, value as never);
  }
  return next;
}

/**
 * Storage configurations (admin): CRUD with one default at a time, secrets sealed at rest
 * and never shown, deletion refused while files use a config, the connection test, and the
 * list an uploader may choose from.
 */
export function createStorageConfigService(deps: {
  repo: StorageConfigRepository;
  storage: StorageRegistry;
  clock: Clock;
  invalidation: InvalidationBus;
  allowGuestUploads: () => Promise<boolean>;
}) {
  const { repo, storage, clock } = deps;
  const changed = (id: string) => deps.invalidation.publish(STORAGE_CONFIG_TOPIC, id);

  async function present(row: StorageConfigRow): Promise<StorageConfig> {
    return presentStorageConfig(row, (await repo.usageByConfig()).get(row.id));
  }

  /** The columns to store for valid values, secrets sealed to the row `id`. */
  function columnsFor(id: string, values: StorageConfigValues) {
    const { driver, options } = driverOptionsFor(values);
    return {
      name: values.name,
      driver,
      provider_type: values.provider_type,
      options: storage.sealOptions(id, options),
      allow_api_keys: values.allow_api_keys ? 1 : 0,
      quota_bytes: values.total_storage_bytes,
    };
  }

  return {
    async list(): Promise<StorageConfig[]> {
      const [rows, usage] = await Promise.all([repo.list(), repo.usageByConfig()]);
      return rows.map((row) => presentStorageConfig(row, usage.get(row.id)));
    },

    async get(id: string): Promise<StorageConfig> {
      return present(await mustFindIn(repo, id));
    },

    /** Creates a config; it becomes the default when asked to or when there is none. */
    async create(input: CreateStorageConfigInput): Promise<StorageConfig> {
      const id = randomUUID();
      const values: StorageConfigValues = {
        name: input.name,
        provider_type: input.provider_type,
        endpoint_url: input.endpoint_url ?? null,
        region: input.region ?? null,
        bucket_name: input.bucket_name ?? null,
        access_key_id: input.access_key_id ?? null,
        secret_access_key: input.secret_access_key ?? null,
        path_style: input.path_style ?? STORAGE_PROVIDERS[input.provider_type].defaultPathStyle,
        default_folder: input.default_folder ?? null,
        custom_host: input.custom_host ?? null,
        signature_expires_in: input.signature_expires_in,
        total_storage_bytes: input.total_storage_bytes,
        allow_api_keys: input.allow_api_keys,
        root_path: input.root_path ?? null,
      };
      await assertLocalFolder(values, storage);
      const now = isoNow(clock);
      const columns = columnsFor(id, values);
      const row = await repo.transaction(async (trx) => {
        await trx.insert({ id, ...columns, is_default: 0, created_at: now, updated_at: now });
        if (input.is_default || !(await trx.findDefault())) await trx.makeDefault(id, now);
        return mustFindIn(trx, id);
      });
      return present(row);
    },

    /**
     * Applies any subset of fields; the provider's requirements are checked on the result.
     * The default cannot be switched off here: another config is made the default instead.
     */
    async update(id: string, changes: UpdateStorageConfigInput): Promise<StorageConfig> {
      const row = await mustFindIn(repo, id);
      if (changes.is_default === false && row.is_default === 1) {
        throw invalid([
          {
            field: 'is_default',
            rule: 'default_required',
            message: 'one config must stay the default; make another config the default instead',
          },
        ]);
      }
      // A secret that no longer opens (APP_SECRET changed) counts as absent: enter it again.
      const options = storage.openOptions(row, 'drop');
      const secret = typeof options.secretAccessKey === 'string' ? options.secretAccessKey : null;
      const values = applyChanges(valuesFromStored(row, options, secret), changes);
      const issues = storageConfigRequirementIssues(values, { secretStored: false });
      if (issues.length > 0) throw invalid(issues);
      // Only a changed folder is checked: a folder gone missing must not block other edits.
      if (changes.root_path !== undefined || changes.provider_type !== undefined) {
        await assertLocalFolder(values, storage);
      }
      const now = isoNow(clock);
      const update: Updateable<StorageConfigsTable> = {
        ...columnsFor(id, values),
        updated_at: now,
      };
      const updated = await repo.transaction(async (trx) => {
        if (!(await trx.update(id, update)))
          throw new AppError('NOT_FOUND', `storage config ${id} does not exist`);
        if (changes.is_default === true) await trx.makeDefault(id, now);
        return mustFindIn(trx, id);
      });
      await changed(id);
      return present(updated);
    },

    /**
     * Deletes a config nothing uses. The default is refused (uploads need one: make another
     * the default first), and so is a config files still live on, whatever their status.
     */
    async remove(id: string): Promise<void> {
      await repo.transaction(async (trx) => {
        await trx.lock(id);
        const row = await mustFindIn(trx, id);
        if (row.is_default === 1) {
          throw conflict(
            'is_default',
            'this is the default storage; make another config the default first',
          );
        }
        const { files, mounts } = await trx.references(id);
        if (files > 0) {
          throw conflict(
            'in_use',
            `still used by ${files} file${files === 1 ? '' : 's'}; delete or move them first`,
          );
        }
        if (mounts > 0) {
          throw conflict(
            'mounted',
            `still mounted by ${mounts} mount point${mounts === 1 ? '' : 's'}; delete them or move them to another storage first`,
          );
        }
        await trx.delete(id);
      });
      await changed(id);
    },

    /** Makes one config the default, clearing the old one in the same statement. */
    async setDefault(id: string): Promise<StorageConfig> {
      const now = isoNow(clock);
      const { row, previous } = await repo.transaction(async (trx) => {
        const before = await trx.findDefault();
        await mustFindIn(trx, id);
        await trx.makeDefault(id, now);
        return { row: await mustFindIn(trx, id), previous: before?.id };
      });
      await changed(id);
      if (previous && previous !== id) await changed(previous);
      return present(row);
    },

    /** Runs the connection test against the saved config; `origin` is this app's address. */
    async test(id: string, origin: string): Promise<StorageTestResult> {
      const row = await mustFindIn(repo, id);
      const values = valuesFromStored(row, storage.openOptions(row, 'drop'), null);
      const context = {
        origin,
        bucket: values.bucket_name,
        root: values.root_path,
        now: clock.now(),
      };
      let driver;
      try {
        driver = await storage.getDriver(id);
      } catch (error) {
        // Stored settings no driver accepts (a secret that no longer opens, a hand-edited row).
        return unusableConfigResult(context, error);
      }
      return probeStorage(driver, context);
    },

    /** The configs `actor` may upload to, the default first (GET /api/upload/storage-configs). */
    async listForUpload(actor: Actor): Promise<UploadStorageConfig[]> {
      const decision = uploadStorageScope(actor, await deps.allowGuestUploads());
      if ('denial' in decision) {
        throw new AppError(decision.denial, DENIAL_MESSAGES[decision.denial]);
      }
      const rows = await repo.list();
      return rows
        .filter((row) =>
          inUploadScope(decision.scope, {
            is_default: row.is_default === 1,
            allow_api_keys: row.allow_api_keys === 1,
          }),
        )
        .map(presentUploadStorageConfig);
    },
  };
}

async function mustFindIn(repo: StorageConfigQueries, id: string): Promise<StorageConfigRow> {
  const row = await repo.findById(id);
  if (!row) throw new AppError('NOT_FOUND', `storage config ${id} does not exist`);
  return row;
}

export type StorageConfigService = ReturnType<typeof createStorageConfigService>;
