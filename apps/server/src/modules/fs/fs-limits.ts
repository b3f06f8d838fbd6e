import type { Actor } from '../../core/actor.js';
import { insufficientStorage, tooLarge } from '../../core/upload-errors.js';
import { AppError } from '../../lib/app-error.js';
import { createBodyMeter, type BodyMeter } from '../../storage/body-meter.js';
import type { UploadPolicy } from '../files/upload-policy.js';
import type { WriteTarget } from './fs-write-target.js';

type ActiveMount = Pick<WriteTarget['mount'], 'storage_config_id'>;

/**
 * The size rules of file-system writes, on the upload policy's numbers: `max_upload_size`
 * binds API keys (413; the administrator writes any size), and a storage config's quota
 * binds everyone (507 with the numbers). Quota usage is what the policy counts (file-share
 * records): a write into a mount must fit in what is left, but is not itself recorded.
 */
export function createFsLimits(
  policy: Pick<UploadPolicy, 'maxUploadBytes' | 'remainingBytes' | 'configOf'>,
) {
  async function maxBytes(actor: Pick<Actor, 'kind'>): Promise<number> {
    return actor.kind === 'apikey' ? policy.maxUploadBytes() : Number.POSITIVE_INFINITY;
  }

  async function room(mount: ActiveMount) {
    const config = await policy.configOf(mount.storage_config_id);
    return { config, remaining: await policy.remainingBytes(config) };
  }

  return {
    maxBytes,

    /** Refuses a known size beyond the caller's upload limit (413) or the quota (507). */
    async assertFits(actor: Pick<Actor, 'kind'>, mount: ActiveMount, size: number): Promise<void> {
      const max = await maxBytes(actor);
      if (size > max) throw tooLarge(max);
      const { config, remaining } = await room(mount);
      if (size > remaining) throw insufficientStorage(config, size, remaining);
    },

    /**
     * A meter for a body of unknown size on its way into the mount's storage: it fails the
     * write as soon as the body passes either limit, and `explain` turns that failure into
     * the answer (413 or 507) — other errors pass through.
     */
    async meterFor(
      actor: Pick<Actor, 'kind'>,
      mount: ActiveMount,
    ): Promise<{
      meter: BodyMeter;
      explain: (err: unknown) => unknown;
    }> {
      const max = await maxBytes(actor);
      const { config, remaining } = await room(mount);
      const meter = createBodyMeter({ maxLength: Math.min(max, remaining) });
      const explain = (err: unknown) => {
        if (!(err instanceof AppError) || err.code !== 'PAYLOAD_TOO_LARGE') return err;
        return max <= remaining
          ? tooLarge(max)
          : insufficientStorage(config, meter.received(), remaining);
      };
      return { meter, explain };
    },
  };
}

export type FsLimits = ReturnType<typeof createFsLimits>;
