import { createHash } from 'node:crypto';
import type { FileDetail, MultipartInitResponse, PresignResponse } from '@pasteport/contract';
import type { TestApp } from '../app-harness.js';
import { LOCK_BODY, PROPPATCH_BODY } from '../dav.js';
import { formBody, sendSigned } from '../files.js';
import { bearer, givenAdmin, givenApiKey, loginAs } from '../identity.js';
import { createMount } from '../mounts.js';
import { s3ConfigBody, type TestS3Settings } from '../s3-server.js';
import { waitForTask } from '../tasks.js';

/**
 * A realistic data set, made only through the HTTP API (no SQL), and the record of what it holds
 * so a later build can check that every row still serves. The record is plain JSON: a fixture
 * keeps it next to its database.
 */
export interface DataSetRecord {
  app_version: string;
  schema_version: string;
  /** When the data set was made: a fixture is checked on a clock at this moment, so what
   * expires with time (a presigned upload's file, a WebDAV lock) is checked the same way on
   * any later day. */
  made_at: string;
  pastes: {
    slug: string;
    content: string;
    password: string | null;
    max_views: number;
    /** Views counted when the data set was made. */
    views: number;
    expires_at: string | null;
  }[];
  files: {
    mode: 'form' | 'presigned' | 'multipart';
    slug: string;
    sha256: string;
    size: number;
    password: string | null;
    max_views: number;
    expires_at: string | null;
  }[];
  keys: {
    name: string;
    key: string;
    text: boolean;
    file: boolean;
    mount: boolean;
    basic_path: string;
  }[];
  mounts: { path: string; storage: 'local' | 's3' }[];
  s3_config_id: string;
  task_id: string;
  webdav: { locked_path: string; lock_token: string; property_path: string };
  settings: Record<string, unknown>;
}

/** The host WebDAV requests name (Destination checks compare against it). */
export const DAV_HOST = 'pasteport.test';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Deterministic bytes: a fixture must not change when it is made again. */
const bytes = (seed: string, size: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (seed.charCodeAt(i % seed.length) + i) % 256));

/** A request through inject that must answer one of `status`; answers the parsed body. */
async function call<T>(
  t: TestApp,
  request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string | object | Buffer;
  },
  status: number[],
): Promise<T> {
  const res = await t.app.inject({ ...request, method: request.method as 'GET' });
  if (!status.includes(res.statusCode)) {
    throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
  }
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return (json ? res.json() : res.body) as T;
}

/**
 * Fills an app at the current schema: pastes (password, view limit, expiry), files of every
 * upload mode local storage has, API keys with permissions and basic paths, local and S3
 * mounts, a finished cross-storage copy task, a WebDAV lock and dead property, changed settings.
 */
export async function buildDataSet(
  t: TestApp,
  options: { s3: TestS3Settings; appVersion: string; schemaVersion: string },
): Promise<DataSetRecord> {
  const admin = await givenAdmin(t);
  const auth = bearer(await loginAs(t, admin));

  const settings = {
    max_upload_size: 64,
    webdav_ignore_system_files: false,
    allow_guest_pastes: true,
  };
  await call(
    t,
    { method: 'PUT', url: '/api/admin/system-settings', headers: auth, payload: settings },
    [200],
  );

  const pastes: DataSetRecord['pastes'] = [];
  const paste = async (spec: Omit<DataSetRecord['pastes'][number], 'views'>, openNow: number) => {
    await call(
      t,
      {
        method: 'POST',
        url: '/api/paste',
        headers: auth,
        payload: {
          content: spec.content,
          slug: spec.slug,
          password: spec.password,
          max_views: spec.max_views,
          expires_at: spec.expires_at,
        },
      },
      [201],
    );
    for (let i = 0; i < openNow; i++) {
      await call(
        t,
        spec.password
          ? { method: 'POST', url: `/api/paste/${spec.slug}`, payload: { password: spec.password } }
          : { method: 'GET', url: `/api/paste/${spec.slug}` },
        [200],
      );
    }
    pastes.push({ ...spec, views: openNow });
  };
  await paste(
    {
      slug: 'plain-note',
      content: '# Plain\nmarkdown ✓ 中文',
      password: null,
      max_views: 0,
      expires_at: null,
    },
    1,
  );
  await paste(
    {
      slug: 'locked-note',
      content: 'behind a password',
      password: 'open sesame',
      max_views: 0,
      expires_at: null,
    },
    1,
  );
  await paste(
    {
      slug: 'three-views',
      content: 'read me three times',
      password: null,
      max_views: 3,
      expires_at: null,
    },
    1,
  );
  await paste(
    {
      slug: 'far-future',
      content: 'expires one day',
      password: 'pw-2',
      max_views: 5,
      expires_at: '2099-01-01T00:00:00.000Z',
    },
    0,
  );

  const localId = (await t.storage.getDefault()).id;
  const files: DataSetRecord['files'] = [];
  const record = (
    mode: DataSetRecord['files'][number]['mode'],
    file: FileDetail,
    data: Buffer,
    password: string | null,
  ) =>
    files.push({
      mode,
      slug: file.slug,
      sha256: sha256(data),
      size: data.length,
      password,
      max_views: file.max_views,
      expires_at: file.expires_at,
    });

  const formData = bytes('form upload', 40_000);
  const form = formBody([
    { name: 's3_config_id', value: localId },
    { name: 'slug', value: 'form-file' },
    { name: 'password', value: 'file-pw' },
    { name: 'max_views', value: '10' },
    { name: 'file', filename: 'report.pdf', type: 'application/pdf', data: formData },
  ]);
  const formFile = await call<{ data: FileDetail }>(
    t,
    {
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    },
    [200, 201],
  );
  record('form', formFile.data, formData, 'file-pw');

  const presignedData = bytes('presigned', 25_000);
  const signed = await call<{ data: PresignResponse }>(
    t,
    {
      method: 'POST',
      url: '/api/s3/presign',
      headers: auth,
      payload: {
        s3_config_id: localId,
        filename: 'photo.png',
        mimetype: 'image/png',
        size: presignedData.length,
        slug: 'presigned-file',
        expires_in: 24,
      },
    },
    [200],
  );
  const put = await sendSigned(t, signed.data.upload_url, {
    method: 'PUT',
    headers: signed.data.upload_headers,
    body: presignedData,
  });
  if (put.status !== 200) throw new Error(`presigned PUT: ${put.status}`);
  const committed = await call<{ data: FileDetail }>(
    t,
    {
      method: 'POST',
      url: '/api/s3/commit',
      headers: auth,
      payload: { file_id: signed.data.file_id },
    },
    [200],
  );
  record('presigned', committed.data, presignedData, null);

  const multipartData = bytes('multipart', 30_000);
  const init = await call<{ data: MultipartInitResponse }>(
    t,
    {
      method: 'POST',
      url: '/api/upload/multipart/init',
      headers: auth,
      payload: {
        s3_config_id: localId,
        filename: 'video.mp4',
        mimetype: 'video/mp4',
        size: multipartData.length,
        slug: 'multipart-file',
      },
    },
    [200],
  );
  const session = init.data;
  const part = await sendSigned(t, session.presigned_urls[0]?.url ?? '', {
    method: 'PUT',
    headers: session.upload_headers,
    body: multipartData,
  });
  if (part.status !== 200) throw new Error(`multipart part: ${part.status}`);
  const completed = await call<{ data: FileDetail }>(
    t,
    {
      method: 'POST',
      url: '/api/upload/multipart/complete',
      headers: auth,
      payload: {
        file_id: session.file_id,
        upload_id: session.upload_id,
        parts: [{ partNumber: 1, etag: part.etag ?? '' }],
      },
    },
    [200],
  );
  record('multipart', completed.data, multipartData, null);

  const s3Config = await call<{ data: { id: string } }>(
    t,
    {
      method: 'POST',
      url: '/api/s3-configs',
      headers: auth,
      payload: {
        ...s3ConfigBody(options.s3, 'archive bucket', 'upgrade-data-set'),
        allow_api_keys: true,
      },
    },
    [201],
  );
  await call(
    t,
    {
      method: 'PUT',
      url: `/api/s3-configs/${localId}`,
      headers: auth,
      payload: { allow_api_keys: true },
    },
    [200],
  );
  const mounts: DataSetRecord['mounts'] = [
    { path: '/local', storage: 'local' },
    { path: '/s3', storage: 's3' },
  ];
  await createMount(t, auth.authorization.slice('Bearer '.length), '/local', localId);
  await createMount(t, auth.authorization.slice('Bearer '.length), '/s3', s3Config.data.id);

  const keys: DataSetRecord['keys'] = [
    {
      name: 'text only',
      key: 'upgrade-text-key-0123456789',
      text: true,
      file: false,
      mount: false,
      basic_path: '/',
    },
    {
      name: 'docs mount',
      key: 'upgrade-mount-key-0123456789',
      text: false,
      file: true,
      mount: true,
      basic_path: '/local/docs',
    },
  ];
  for (const key of keys) {
    await givenApiKey(t, auth.authorization.slice('Bearer '.length), {
      name: key.name,
      custom_key: key.key,
      text: key.text,
      file: key.file,
      mount: key.mount,
      basic_path: key.basic_path,
    });
  }

  const dav = (method: string, url: string, body?: string, headers: Record<string, string> = {}) =>
    call(
      t,
      {
        method,
        url,
        headers: { ...auth, host: DAV_HOST, ...headers },
        ...(body !== undefined && { payload: body }),
      },
      [200, 201, 204, 207],
    );
  await dav('MKCOL', '/dav/local/docs');
  await dav('PUT', '/dav/local/docs/readme.txt', 'read me from the docs folder');
  await dav('PUT', '/dav/local/locked.txt', 'held by a lock');
  await dav('PROPPATCH', '/dav/local/docs/readme.txt', PROPPATCH_BODY);
  const lock = await t.app.inject({
    method: 'LOCK',
    url: '/dav/local/locked.txt',
    headers: { ...auth, host: DAV_HOST, timeout: 'Infinite' },
    payload: LOCK_BODY,
  });
  const lockToken = /^<(.+)>$/.exec(String(lock.headers['lock-token']))?.[1];
  if (!lockToken) throw new Error(`LOCK: ${lock.statusCode} ${lock.body}`);

  const runner = t.root.createTaskRunner({ pollMs: 20, heartbeatMs: 50 });
  runner.start();
  let taskId: string;
  try {
    const copy = await call<{ data: { taskId: string | null } }>(
      t,
      {
        method: 'POST',
        url: '/api/fs/batch-copy',
        headers: auth,
        payload: {
          items: [{ sourcePath: '/local/docs/readme.txt', targetPath: '/s3/readme-copy.txt' }],
        },
      },
      [202],
    );
    if (!copy.data.taskId) throw new Error('a cross-storage copy answered no task');
    taskId = copy.data.taskId;
    const task = await waitForTask(t, auth, taskId);
    if (task.status !== 'completed') throw new Error(`copy task ended ${task.status}`);
  } finally {
    await runner.stop();
  }

  return {
    app_version: options.appVersion,
    made_at: new Date().toISOString(),
    schema_version: options.schemaVersion,
    pastes,
    files,
    keys,
    mounts,
    s3_config_id: s3Config.data.id,
    task_id: taskId,
    webdav: {
      locked_path: '/dav/local/locked.txt',
      lock_token: lockToken,
      property_path: '/dav/local/docs/readme.txt',
    },
    settings,
  };
}
