import { expect, it } from 'vitest';
import { TRAVERSAL_KEYS, expectAppError, put, streamOf, type DriverUnderTest } from './helpers.js';

/** Contract: every operation refuses unsafe keys; health checks tell good from broken. */
export function safetyContract(use: () => DriverUnderTest): void {
  it.each(TRAVERSAL_KEYS)('refuses the key %j in every operation', async (bad) => {
    const { driver } = use();
    await put(driver, 'ok.txt', 'ok');
    const code = 'VALIDATION_FAILED';
    await expectAppError(driver.stat(bad), code);
    await expectAppError(driver.read(bad), code);
    await expectAppError(
      driver.write(bad, streamOf(Buffer.from('x')), { contentType: 'text/plain' }),
      code,
    );
    await expectAppError(driver.copy('ok.txt', bad), code);
    await expectAppError(driver.copy(bad, 'ok2.txt'), code);
    await expectAppError(driver.presignPut(bad, { contentType: 'text/plain' }), code);
    await expectAppError(driver.presignGet(bad), code);
    await expectAppError(driver.createMultipart(bad, { contentType: 'text/plain' }), code);
    await expectAppError(driver.listParts(bad, 'u'), code);
    await expectAppError(driver.abortMultipart(bad, 'u'), code);
    expect(await driver.deleteMany([bad])).toEqual([
      expect.objectContaining({ key: bad, ok: false, code }),
    ]);
    expect((await driver.list('')).objects.map((o) => o.key)).toEqual(['ok.txt']);
  });

  it('passes its health check', async () => {
    const { driver } = use();
    await expect(driver.check()).resolves.toEqual({ ok: true });
  });

  it('fails its health check when misconfigured, without throwing', async () => {
    const broken = await use().makeBroken();
    try {
      const result = await broken.check();
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.error).not.toBe('');
    } finally {
      await broken.close();
    }
  });
}
