import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { FileDetail } from '@pasteport/contract';
import { fileMimetype } from '@pasteport/contract/plain';
import { IconCloudDownload, IconInfoCircle, IconServer } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ServerMultipartTransport,
  uploadViaPresign,
  URL_MULTIPART_STEPS,
  type PresignEndpoints,
} from '../api';
import type { ApiClient } from '../../../lib/api';
import { useAuthStore } from '../../../lib/auth';
import { DirectJob, MultipartJob, MultipartUploader, needsMultipart } from '../../../lib/transfer';
import { shareUrlOf } from '../recent-uploads';
import { describeRequestError, requestErrorOf, type FailureContext } from '../upload-failure';
import type { ShareFields } from '../upload-options';
import {
  cancelUrlImport,
  commitUrlUpload,
  fetchUrlInfo,
  pollUrlImport,
  presignUrlUpload,
  startUrlImport,
  type UrlInfo,
  type UrlPresignRequest,
} from '../url-api';
import { downloadUrl } from '../url/download';
import { UrlRelayJob } from '../url/relay-job';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { ServerImportJob } from '../url/server-import';
import { describeUrlRefusal, isFetchableUrl } from '../url/url-messages';
import { ShareLink } from './ShareLink';
import { ImportStatus, InfoCard, RelayStatus } from './UrlStatus';

const NO_SUBSCRIPTION = () => () => {};
const NOTHING = () => null;

/** A nullable external store's snapshot (null while there is no job). */
function useStore<S>(
  store: { subscribe: (l: () => void) => () => void; getSnapshot: () => S } | null,
) {
  return useSyncExternalStore(
    store ? store.subscribe : NO_SUBSCRIPTION,
    store ? store.getSnapshot : NOTHING,
  );
}

function urlEndpoints(client: ApiClient): PresignEndpoints<UrlPresignRequest> {
  return {
    presign: (request, signal) => presignUrlUpload(client, request, signal),
    commit: (request, secret, signal) => commitUrlUpload(client, request, secret, signal),
  };
}

/** What the URL tab needs from the page. */
export interface UrlUploadTabProps {
  /** The API client the upload calls go through. */
  client: ApiClient;
  /** The options' fields and storage scope; null when the options have a problem. */
  prepare: () => { fields: ShareFields; scope: string } | null;
  /** Why importing is not possible now (access, options). */
  blockedReason: string | undefined;
  failureContext: FailureContext;
  onUploaded: (file: FileDetail) => void;
  /** A server call failed (the page marks a taken link suffix on its field). */
  onRequestFailed: (error: unknown) => void;
}

/**
 * The URL tab (SPEC §2, §4): read what a URL holds, then either fetch it in the browser and
 * upload it (download 0–49 %, upload 50–99 %; the server proxy steps in when the remote
 * refuses the browser), or let the server fetch it while this page follows its progress.
 */
export function UrlUploadTab({
  client,
  prepare,
  blockedReason,
  failureContext,
  onUploaded,
  onRequestFailed,
}: UrlUploadTabProps) {
  const { t } = useTranslation();
  const authStore = useAuthStore();
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string>();
  const [relay, setRelay] = useState<UrlRelayJob | null>(null);
  const [serverImport, setServerImport] = useState<ServerImportJob | null>(null);
  const info = useMutation({ mutationFn: (url: string) => fetchUrlInfo(url) });
  const relaySnapshot = useStore(relay);
  const importSnapshot = useStore(serverImport);
  const reasonId = useId();

  useEffect(() => () => relay?.dispose(), [relay]);
  useEffect(() => () => serverImport?.dispose(), [serverImport]);

  const busy =
    relaySnapshot?.phase === 'download' ||
    relaySnapshot?.phase === 'upload' ||
    importSnapshot?.state === 'starting' ||
    importSnapshot?.state === 'running';
  const result = relaySnapshot?.result ?? importSnapshot?.result ?? null;
  // The browser holds the bytes while relaying; the server's own import survives a reload.
  useLeaveGuard(relaySnapshot?.phase === 'download' || relaySnapshot?.phase === 'upload');

  // The server's own reason for refusing the URL belongs next to the field, in its words.
  const refusal = info.error ? describeUrlRefusal(info.error, failureContext) : undefined;

  function getInfo(event: FormEvent) {
    event.preventDefault();
    if (!isFetchableUrl(text)) {
      setInputError(t('upload.url.invalid'));
      return;
    }
    setInputError(undefined);
    setRelay(null);
    setServerImport(null);
    info.mutate(text.trim());
  }

  async function importInBrowser(source: UrlInfo) {
    const prepared = prepare();
    if (!prepared) return;
    const { fields, scope } = prepared;
    const mimetype = fileMimetype(source.filename, source.mimetype);
    const job = new UrlRelayJob({
      filename: source.filename,
      mimetype,
      download: (signal, onProgress, onFallback) =>
        downloadUrl(source.url, {
          signal,
          credential: authStore.credential(),
          expectedSize: source.size,
          onProgress,
          onFallback,
        }),
      createUploadJob: (file) => {
        if (needsMultipart(file.size)) {
          const transport = new ServerMultipartTransport(
            client,
            () => fields,
            undefined,
            URL_MULTIPART_STEPS,
          );
          const uploader = new MultipartUploader({ file, transport, scope });
          return new MultipartJob(uploader, () => transport.lastError);
        }
        const request: UrlPresignRequest = {
          ...fields,
          url: source.url,
          filename: file.name,
          mimetype,
          size: file.size,
        };
        return new DirectJob(file.size, ({ signal, onProgress }) =>
          uploadViaPresign(urlEndpoints(client), request, file, { signal, onProgress }),
        );
      },
    });
    setServerImport(null);
    setRelay(job);
    await job.start();
    const outcome = job.getSnapshot();
    if (outcome.result) onUploaded(outcome.result);
    if (outcome.failure?.kind === 'upload')
      onRequestFailed(requestErrorOf(outcome.failure.failure));
  }

  function importOnServer(source: UrlInfo) {
    const prepared = prepare();
    if (!prepared) return;
    const job = new ServerImportJob({
      start: (signal) =>
        startUrlImport(
          client,
          { ...prepared.fields, url: source.url, filename: source.filename },
          signal,
        ),
      poll: (taskId, secret, signal) => pollUrlImport(client, taskId, secret, signal),
      cancel: (fileId, secret) => cancelUrlImport(client, fileId, secret),
    });
    // Completion arrives through polling; report it once it lands.
    const unsubscribe = job.subscribe(() => {
      const snapshot = job.getSnapshot();
      if (snapshot.state === 'running' || snapshot.state === 'starting') return;
      unsubscribe();
      if (snapshot.result) onUploaded(snapshot.result);
      if (snapshot.failure?.kind === 'request') onRequestFailed(snapshot.failure.error);
    });
    setRelay(null);
    setServerImport(job);
    void job.start();
  }

  const source = info.data;
  return (
    <Stack gap="md">
      <form onSubmit={getInfo} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('upload.url.label')}
            description={t('upload.url.hint')}
            placeholder="https://example.com/report.pdf"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={inputError ?? refusal}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            size="md"
            style={{ flex: '1 1 18rem' }}
          />
          <Button
            type="submit"
            variant="default"
            size="md"
            mt={{ base: 0, xs: 46 }}
            loading={info.isPending}
            leftSection={<IconInfoCircle size={18} aria-hidden />}
          >
            {t('upload.url.getInfo')}
          </Button>
        </Group>
      </form>
      {info.error ? (
        <Alert color="red" variant="light" role="alert" title={t('upload.url.infoFailed')}>
          <Stack gap="xs" align="flex-start">
            {refusal ? null : (
              <Text size="sm">{describeRequestError(info.error, failureContext)}</Text>
            )}
            {/* The server may not reach (or may refuse) what this browser can, e.g. a
                machine on the reader's own network: the browser can still relay it. */}
            <Text size="sm">{t('upload.url.browserOnlyHint')}</Text>
            <Button
              size="xs"
              variant="light"
              disabled={busy || Boolean(blockedReason)}
              onClick={() => void importInBrowser(sourceFromUrl(text.trim()))}
            >
              {t('upload.url.browserOnly')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {source ? (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={t('upload.url.info.title')}
        >
          <Stack gap="md">
            <InfoCard info={source} />
            <Group gap="sm" wrap="wrap">
              <Button
                size="md"
                onClick={() => void importInBrowser(source)}
                disabled={busy || Boolean(blockedReason)}
                aria-describedby={blockedReason ? reasonId : undefined}
                leftSection={<IconCloudDownload size={18} aria-hidden />}
              >
                {t('upload.url.import')}
              </Button>
              <Button
                size="md"
                variant="default"
                onClick={() => importOnServer(source)}
                disabled={busy || Boolean(blockedReason)}
                aria-describedby={blockedReason ? reasonId : undefined}
                leftSection={<IconServer size={18} aria-hidden />}
              >
                {t('upload.url.serverFetch')}
              </Button>
            </Group>
            {blockedReason ? (
              <Text id={reasonId} size="sm" c="dimmed">
                {blockedReason}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                {t('upload.url.serverFetchHint')}
              </Text>
            )}
            {relay && relaySnapshot ? (
              <RelayStatus
                snapshot={relaySnapshot}
                name={source.filename}
                onCancel={relay.cancel}
                failureContext={failureContext}
              />
            ) : null}
            {serverImport && importSnapshot ? (
              <ImportStatus
                snapshot={importSnapshot}
                name={source.filename}
                onCancel={() => void serverImport.cancel()}
                failureContext={failureContext}
              />
            ) : null}
            {result ? (
              <Stack gap={4}>
                <Text size="sm" c="green" fw={600} role="status">
                  {t('upload.url.done')}
                </Text>
                <ShareLink url={shareUrlOf(result)} name={result.filename} />
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** What the URL itself tells, for a browser-only import the server could not look at. */
function sourceFromUrl(url: string): UrlInfo {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  let filename = 'download';
  try {
    filename = decodeURIComponent(last) || filename;
  } catch {
    filename = last || filename;
  }
  return {
    url,
    filename,
    size: null,
    mimetype: fileMimetype(filename, null),
    supports_range: false,
  };
}
