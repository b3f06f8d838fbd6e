import { AppError } from '../../lib/app-error.js';
import { isoNow, type Clock } from '../../lib/clock.js';
import type { SettingDefinition } from './settings.definitions.js';
import type { SettingsRepository } from './settings.repository.js';

/**
 * Typed settings: values are stored as JSON text and validated on the way in and out, so a bad
 * row (hand-edited database) falls back to the default instead of breaking a feature.
 */
export function createSettingsService(deps: { repo: SettingsRepository; clock: Clock }) {
  const { repo, clock } = deps;

  function decode<T>(def: SettingDefinition<T>, raw: string | undefined): T {
    if (raw === undefined) return def.defaultValue;
    try {
      const parsed = def.schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : def.defaultValue;
    } catch {
      return def.defaultValue;
    }
  }

  function encode<T>(def: SettingDefinition<T>, value: unknown): string {
    const parsed = def.schema.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'invalid value';
      throw new AppError('VALIDATION_FAILED', `${def.key}: ${message}`, {
        details: [{ field: def.key, rule: parsed.error.issues[0]?.code ?? 'invalid', message }],
      });
    }
    return JSON.stringify(parsed.data);
  }

  return {
    async get<T>(def: SettingDefinition<T>): Promise<T> {
      return decode(def, await repo.get(def.key));
    },

    async set<T>(def: SettingDefinition<T>, value: T): Promise<void> {
      await repo.setMany([{ key: def.key, value: encode(def, value) }], isoNow(clock));
    },

    /** Validates every value first and saves all or none. */
    async setMany(
      values: ReadonlyArray<{ def: SettingDefinition<unknown>; value: unknown }>,
    ): Promise<void> {
      const entries = values.map(({ def, value }) => ({ key: def.key, value: encode(def, value) }));
      await repo.setMany(entries, isoNow(clock));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
