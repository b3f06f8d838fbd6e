import { Alert, Grid, Stack, Tabs, Text } from '@mantine/core';
import type { FileDetail, UploadStorageConfig } from '@pasteport/contract';
import { IconFile, IconLink, IconLock } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { api } from '../../../lib/api';
import { ServerMultipartTransport, useMaxUploadBytes, useUploadStorageConfigs } from '../api';
import { FileUploadTab } from '../components/FileUploadTab';
import { OptionsPanel } from '../components/OptionsPanel';
import { RecentUploads } from '../components/RecentUploads';
import { UrlUploadTab } from '../components/UrlUploadTab';
import { createJobFactory } from '../create-job';
import {
  forgetUnfinishedUploads,
  listUnfinishedUploads,
  resumePercentOf,
  savedUploadKey,
  type UnfinishedUpload,
  uploadFingerprint,
  uploadScopeOf,
  urlUploadScopeOf,
} from '../../../lib/transfer';
import { optionMessages } from '../../../components/share-options/option-messages';
import {
  addRecentUpload,
  clearRecentUploads,
  readRecentUploads,
  recentEntryOf,
} from '../recent-uploads';
import { useUploadAccess } from '../upload-access';
import { isSlugTaken, requestErrorOf, type FailureContext } from '../upload-failure';
import {
  DEFAULT_UPLOAD_OPTIONS,
  optionProblems,
  toShareFields,
  type OptionField,
  type ShareFields,
  type UploadOptions,
} from '../upload-options';
import { isPendingItem, UploadQueue, type QueueItem } from '../upload-queue';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useSharedContent } from '../../../pwa';

type Tab = 'file' | 'url';

/** The config preselected: the chosen one while it is offered, else the default. */
function effectiveConfigId(chosen: string, configs: readonly UploadStorageConfig[]): string {
  if (configs.some((config) => config.id === chosen)) return chosen;
  return (configs.find((config) => config.is_default) ?? configs[0])?.id ?? '';
}

interface SavedProgress {
  unfinished: UnfinishedUpload[];
  resumeById: Map<string, number>;
}

/** Saved multipart progress: files to pick again, and how far queued files got before. */
function readSavedProgress(items: readonly QueueItem[], scope: string): SavedProgress {
  const now = Date.now();
  const queued = new Set(items.map((item) => savedUploadKey(uploadFingerprint(item.file, scope))));
  const resumeById = new Map<string, number>();
  for (const item of items) {
    if (item.tooLarge) continue;
    const percent = resumePercentOf(item.file, scope, now);
    if (percent !== undefined) resumeById.set(item.id, percent);
  }
  return {
    unfinished: listUnfinishedUploads(now).filter((upload) => !queued.has(upload.key)),
    resumeById,
  };
}

/** Files from a paste event; text pastes (into an input, say) have none and pass through. */
function pastedFiles(event: ClipboardEvent): File[] {
  const data = event.clipboardData;
  if (!data) return [];
  if (data.files.length > 0) return Array.from(data.files);
  return Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/**
 * File upload (SPEC §2 /upload): a File tab (drop, pick or paste files; a queue sending one
 * file at a time, large ones in resumable parts) and a URL tab, sharing one options panel,
 * with the recent uploads of this browser.
 */
export function UploadPage() {
  const { t, i18n } = useTranslation();
  const access = useUploadAccess();
  const configs = useUploadStorageConfigs(access.mayListConfigs);
  const max = useMaxUploadBytes();
  const [tab, setTab] = useState<Tab>('file');
  const [options, setOptions] = useState<UploadOptions>(DEFAULT_UPLOAD_OPTIONS);
  const [slugTaken, setSlugTaken] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [recent, setRecent] = useState(readRecentUploads);
  const slugRef = useRef<HTMLInputElement>(null);

  const storageConfigs = configs.data ?? [];
  const effective: UploadOptions = {
    ...options,
    storageConfigId: effectiveConfigId(options.storageConfigId, storageConfigs),
  };
  const scope = uploadScopeOf(effective.storageConfigId);
  const problems = optionProblems(effective);
  const hasProblems = Object.keys(problems).length > 0;

  // Read by the queue outside render: the options at the moment a file starts or retries.
  const latest = useRef({ options: effective, hasProblems, scope });
  useEffect(() => {
    latest.current = { options: effective, hasProblems, scope };
  });
  /** Which queued file the link suffix belongs to (one suffix names one file). */
  const slugOwner = useRef<string | null>(null);

  /** A file was shared: remember it, and free the link suffix it used. */
  const recordUpload = useCallback((file: FileDetail) => {
    setRecent(addRecentUpload(recentEntryOf(file, Date.now())));
    setOptions((current) =>
      current.slug.trim() !== '' && current.slug.trim() === file.slug
        ? { ...current, slug: '' }
        : current,
    );
  }, []);

  const [queue] = useState(() => new UploadQueue(createJobFactory(api)));
  const { items, running } = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  // The File tab lists each shared file with its link: recent uploads need not repeat them.
  // (A success re-renders the page through recordUpload, so the snapshots read here are fresh.)
  const shownBeside = new Set(
    tab === 'file' ? items.flatMap((item) => item.job?.getSnapshot().result?.slug ?? []) : [],
  );
  useEffect(() => () => queue.dispose(), [queue]);
  useEffect(
    () =>
      queue.onSettled((item, snapshot) => {
        if (snapshot.status === 'success' && snapshot.result) {
          if (slugOwner.current === item.id) slugOwner.current = null;
          recordUpload(snapshot.result);
        } else if (isSlugTaken(requestErrorOf(snapshot.failure))) {
          // Same as markSlugTaken; spelled out so this long-lived listener needs no props.
          setSlugTaken(true);
          setAdvancedOpen(true);
        }
      }),
    [queue, recordUpload],
  );

  const [saved, setSaved] = useState<SavedProgress>(() => readSavedProgress([], scope));
  useEffect(
    () =>
      queue.subscribe(() =>
        setSaved(readSavedProgress(queue.getSnapshot().items, latest.current.scope)),
      ),
    [queue],
  );

  const uploading = items.some((item) => item.job?.getSnapshot().status === 'uploading');
  useLeaveGuard(uploading);

  // UX: uploading starts the moment files are dropped, picked or pasted, with the options as
  // they are set; a file added while others are sending joins the running queue.
  const startUploads = useRef<() => void>(() => undefined);
  const addFiles = useCallback(
    (files: File[]) => {
      if (queue.add(files, max.bytes).length > 0) startUploads.current();
    },
    [queue, max.bytes],
  );

  // Files shared from another app (the installed app's share target) are queued and wait for
  // the person's "Upload" with the options they choose: nothing is sent before that.
  useSharedContent((shared) => {
    if (shared.files.length === 0) return;
    setTab('file');
    queue.add(shared.files, max.bytes);
  });

  // SPEC §2: files pasted anywhere on the page join the queue.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = pastedFiles(event);
      if (!access.allowed || files.length === 0) return;
      event.preventDefault();
      setTab('file');
      addFiles(files);
    };
    // A drop that misses the drop zone would make the browser open the file and leave the
    // page (and its uploads); the whole page takes files instead.
    const carriesFiles = (event: DragEvent) =>
      Array.from(event.dataTransfer?.types ?? []).includes('Files');
    const onDragOver = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (event.defaultPrevented || !carriesFiles(event)) return;
      event.preventDefault();
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (!access.allowed || files.length === 0) return;
      setTab('file');
      addFiles(files);
    };
    window.addEventListener('paste', onPaste);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [access.allowed, addFiles]);

  function changeOptions(patch: Partial<UploadOptions>) {
    setOptions((current) => ({ ...current, ...patch }));
    // The file that owns the suffix keeps it: a retry after "taken" sends the new one.
    if ('slug' in patch) setSlugTaken(false);
    if ('storageConfigId' in patch) {
      const nextScope = uploadScopeOf(
        effectiveConfigId(patch.storageConfigId ?? '', storageConfigs),
      );
      setSaved(readSavedProgress(items, nextScope));
    }
  }

  function markSlugTaken(error: unknown) {
    if (!isSlugTaken(error)) return;
    setSlugTaken(true);
    setAdvancedOpen(true);
  }

  /** The fields a file is sent with, read at each (re)send; the suffix only for its owner. */
  function fieldsFor(id: string, fallback: ShareFields): ShareFields {
    const { options: current, hasProblems: invalid } = latest.current;
    if (invalid) return fallback;
    return toShareFields(current, new Date(), slugOwner.current === id);
  }

  function uploadAll() {
    if (hasProblems || !access.allowed) return;
    void queue.runAll((item) => {
      const { options: current, hasProblems: invalid, scope: itemScope } = latest.current;
      if (invalid) return null;
      if (slugOwner.current === null && current.slug.trim() !== '') slugOwner.current = item.id;
      const first = toShareFields(current, new Date(), slugOwner.current === item.id);
      return { fields: () => fieldsFor(item.id, first), scope: itemScope };
    });
  }

  useEffect(() => {
    startUploads.current = uploadAll;
  });

  function removeItem(id: string) {
    if (slugOwner.current === id) slugOwner.current = null;
    queue.remove(id);
  }

  function discardUnfinished() {
    const uploads = saved.unfinished;
    forgetUnfinishedUploads(uploads);
    setSaved(readSavedProgress(items, scope));
    // Frees the parts storage holds; best effort, the server also expires them.
    const transport = new ServerMultipartTransport(api, () => ({}));
    for (const upload of uploads) {
      void transport
        .abort({
          fileId: upload.saved.fileId,
          uploadId: upload.saved.uploadId,
          partSize: upload.saved.partSize,
          partCount: upload.saved.partCount,
          targets: [],
          // The abort presents the upload's secret, saved with its progress.
          ...(upload.saved.uploadSecret ? { uploadSecret: upload.saved.uploadSecret } : {}),
        })
        .catch(() => undefined);
    }
  }

  function prepareUrlUpload() {
    if (hasProblems) return null;
    const withSlug = slugOwner.current === null;
    return {
      fields: toShareFields(effective, new Date(), withSlug),
      scope: urlUploadScopeOf(effective.storageConfigId),
    };
  }

  const failureContext: FailureContext = { t, language: i18n.language, limitBytes: max.bytes };
  const fieldErrors: Partial<Record<OptionField, string>> = {
    ...optionMessages(problems, effective, 'upload.problems', t, i18n.language),
    ...(slugTaken ? { slug: t('api.slugTaken') } : {}),
  };
  const blockedReason = !access.allowed
    ? t(`upload.blocked.${access.reason}`)
    : hasProblems || slugTaken
      ? t('upload.blocked.fixOptions')
      : undefined;
  const pendingCount = items.filter(isPendingItem).length;

  return (
    <Stack gap="md">
      <PageTitle title={t('upload.title')} />
      {access.allowed ? null : (
        <Alert
          color="yellow"
          variant="light"
          title={t(
            access.reason === 'keyWithoutFile' ? 'upload.access.keyTitle' : 'upload.access.title',
          )}
          icon={<IconLock size={18} aria-hidden />}
          data-testid="access-notice"
        >
          <Text size="sm">{t(`upload.access.${access.reason}`)}</Text>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Tabs value={tab} onChange={(value) => setTab(value === 'url' ? 'url' : 'file')}>
            <Tabs.List mb="md">
              <Tabs.Tab value="file" leftSection={<IconFile size={16} aria-hidden />} mih={40}>
                {t('upload.tabs.file')}
              </Tabs.Tab>
              <Tabs.Tab value="url" leftSection={<IconLink size={16} aria-hidden />} mih={40}>
                {t('upload.tabs.url')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="file">
              <FileUploadTab
                items={items}
                running={running}
                pendingCount={pendingCount}
                onFiles={addFiles}
                onUploadAll={uploadAll}
                onRemove={removeItem}
                onClearFinished={() => queue.clearFinished()}
                blockedReason={blockedReason}
                addDisabled={!access.allowed}
                maxBytes={max.bytes}
                maxSizeLoading={max.loading}
                failureContext={failureContext}
                resumeById={saved.resumeById}
                unfinished={saved.unfinished}
                onDiscardUnfinished={discardUnfinished}
              />
            </Tabs.Panel>
            <Tabs.Panel value="url">
              <UrlUploadTab
                client={api}
                prepare={prepareUrlUpload}
                blockedReason={blockedReason}
                failureContext={failureContext}
                onUploaded={recordUpload}
                onRequestFailed={markSlugTaken}
              />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <OptionsPanel
              options={effective}
              onChange={changeOptions}
              errors={fieldErrors}
              storageConfigs={storageConfigs}
              advancedOpen={advancedOpen}
              onToggleAdvanced={() => setAdvancedOpen((open) => !open)}
              severalFiles={pendingCount > 1}
              slugRef={slugRef}
            />
            <RecentUploads
              uploads={recent}
              shownBeside={shownBeside}
              onClear={() => {
                clearRecentUploads();
                setRecent([]);
              }}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
