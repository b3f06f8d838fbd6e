import { Readable } from 'node:stream';
import type { Task } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage } from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';
import { createMount } from '../../../test/mounts.js';
import { getTask, useTaskRunner, waitForTask } from '../../../test/tasks.js';

describe.each(DATABASE_KINDS)('delete tasks on %s', (kind) => {
  const admin = useAdminApp(kind);
  const auth = () => bearer(admin.token);
  const runners = useTaskRunner();

  it('a cancel stops a big delete between pages; a retry removes the rest', async () => {
    const { t, token } = admin;
    const storage = await givenStorage(t, token, 'local');
    await createMount(t, token, '/team', storage, { cache_ttl: 0 });
    const driver = await t.storage.getDriver(storage);
    const count = 2100;
    const keys = Array.from({ length: count }, (_, i) => `big/${String(i).padStart(5, '0')}.txt`);
    for (let i = 0; i < count; i += 100) {
      await Promise.all(
        keys.slice(i, i + 100).map((key) =>
          driver.write(key, Readable.from([Buffer.from('x')]), {
            contentType: 'text/plain',
            contentLength: 1,
          }),
        ),
      );
    }

    // The second page's delete waits until the test lets it go (the cancel lands meanwhile).
    let pages = 0;
    let reachedSecond = (): void => undefined;
    const atSecond = new Promise<void>((resolve) => (reachedSecond = resolve));
    let letGo = (): void => undefined;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const deleteMany = driver.deleteMany.bind(driver);
    driver.deleteMany = async (keys) => {
      pages++;
      if (pages === 2) {
        reachedSecond();
        await gate;
      }
      return deleteMany(keys);
    };

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/fs/batch-remove',
      headers: auth(),
      payload: { paths: ['/team/big'] },
    });
    const { taskId } = res.json<{ data: { taskId: string } }>().data;
    runners.start(t);
    await atSecond;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/cancel`,
      headers: auth(),
    });
    expect(cancel.json<{ data: Task }>().data.cancel_requested).toBe(true);
    await waitForTask(t, auth(), taskId, (task) => task.cancel_requested);
    letGo();
    const cancelled = await waitForTask(t, auth(), taskId);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.items.map((item) => item.status)).toEqual(['pending']);
    const left = (await driver.list('big/', { limit: 1000 })).objects.length;
    expect(pages).toBe(2);
    // Two pages of 1000 went; the third was never asked for.
    expect(left).toBe(count - 2000);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/retry`,
      headers: auth(),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const done = await waitForTask(t, auth(), taskId);
    expect(done.status).toBe('completed');
    expect((await driver.list('big/')).objects).toEqual([]);
    expect((await getTask(t, auth(), taskId)).items).toMatchObject([
      { source: '/team/big', status: 'completed' },
    ]);
  });
});
