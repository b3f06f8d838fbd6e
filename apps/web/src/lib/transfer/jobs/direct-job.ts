import type { FileDetail } from '@pasteport/contract';
import { systemClock, type UploaderClock } from '../multipart';
// Not on the multipart index: small helpers the jobs share with the uploader.
import { SpeedMeter } from '../multipart/speed-meter';
import { Throttle } from '../multipart/throttle';
import { EMPTY_PROGRESS, Listeners, type JobSnapshot, type UploadJob } from './job';

/** Sends the whole file once; reports bytes sent (which may include form overhead). */
export type SendWhole<R = FileDetail> = (options: {
  signal: AbortSignal;
  onProgress: (loadedBytes: number) => void;
}) => Promise<R>;

/** Progress repaints at most 10 times a second. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * A file sent in one request (small files, SPEC §7 direct upload): no pause; cancel aborts
 * the request and retry sends the whole file again.
 */
export class DirectJob<R = FileDetail> implements UploadJob<R> {
  readonly mode = 'direct';
  readonly capabilities = { pause: false, reset: false };
  private readonly listeners = new Listeners();
  private readonly meter = new SpeedMeter();
  private readonly throttle: Throttle;
  private snapshot: JobSnapshot<R>;
  private controller: AbortController | null = null;
  private loaded = 0;

  constructor(
    private readonly total: number,
    private readonly send: SendWhole<R>,
    private readonly clock: UploaderClock = systemClock,
  ) {
    this.snapshot = {
      status: 'pending',
      total,
      ...EMPTY_PROGRESS,
      failure: null,
      result: null,
      relayed: false,
      offline: false,
    };
    this.throttle = new Throttle(clock, PROGRESS_INTERVAL_MS, () => this.publishProgress());
  }

  getSnapshot = (): JobSnapshot<R> => this.snapshot;
  subscribe = (listener: () => void) => this.listeners.subscribe(listener);

  private update(patch: Partial<JobSnapshot<R>>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.notify();
  }

  private publishProgress(): void {
    if (this.snapshot.status !== 'uploading') return;
    const now = this.clock.now();
    const speed = Math.round(this.meter.speed(now));
    const loaded = Math.min(this.loaded, this.total);
    const percent = this.total > 0 ? Math.min(99, Math.floor((loaded * 100) / this.total)) : 0;
    const eta = speed > 0 ? Math.ceil((this.total - loaded) / speed) : null;
    this.update({ loaded, percent, speed, eta });
  }

  start = async (): Promise<void> => {
    if (this.snapshot.status === 'uploading' || this.snapshot.status === 'success') return;
    const controller = new AbortController();
    this.controller = controller;
    this.loaded = 0;
    this.meter.reset();
    this.meter.record(this.clock.now(), 0);
    this.update({ status: 'uploading', ...EMPTY_PROGRESS, failure: null });
    try {
      const result = await this.send({
        signal: controller.signal,
        onProgress: (loadedBytes) => {
          this.loaded = loadedBytes;
          this.meter.record(this.clock.now(), loadedBytes);
          this.throttle.request();
        },
      });
      this.throttle.cancel();
      this.update({
        status: 'success',
        loaded: this.total,
        percent: 100,
        speed: 0,
        eta: 0,
        result,
      });
    } catch (error) {
      this.throttle.cancel();
      const failure = controller.signal.aborted
        ? { kind: 'cancelled' as const }
        : { kind: 'request' as const, error };
      this.update({ status: 'error', speed: 0, eta: null, failure });
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  };

  cancel = (): void => {
    this.controller?.abort();
  };

  retry = (): Promise<void> =>
    this.snapshot.status === 'error' ? this.start() : Promise.resolve();

  pause = (): void => {};
  resume = (): Promise<void> => Promise.resolve();
  reset = (): Promise<void> => Promise.resolve();

  dispose = (): void => {
    this.controller?.abort();
    this.throttle.cancel();
    this.listeners.clear();
  };
}
