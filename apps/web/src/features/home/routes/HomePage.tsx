import { Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PasteCreated } from '@pasteport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../../../lib/api';
import { PageTitle } from '../../../components/PageTitle';
import { useAuth } from '../../../lib/auth';
import type { MarkdownEditorHandle } from '../../editor';
import { createPaste, pasteShareUrl } from '../../paste/api';
import { GUEST_ACCESS_QUERY_KEY } from '../api';
import { AccessNotice } from '../components/AccessNotice';
import { DraftRestoredNote, DraftSaveText } from '../components/DraftStatus';
import { LazyEditorWorkspace } from '../components/LazyEditorWorkspace';
import { SharePanel } from '../components/SharePanel';
import { ShareResult } from '../components/ShareResult';
import { SizeMeter } from '../components/SizeMeter';
import { WorkspaceBar } from '../components/WorkspaceBar';
import { utf8ByteLength } from '../../../lib/utf8';
import { contentProblem } from '../content-size';
import { copyLinkWithNotice } from '../copy-link';
import { clearDraft, newPasteOptions, readDraft, saveShareDefaults } from '../draft-storage';
import { optionMessages } from '../../../components/share-options/option-messages';
import { useShareAccess } from '../share-access';
import { describeShareFailure, tooLargeMessage } from '../share-failure';
import {
  ADVANCED_FIELDS,
  hasAdvancedValues,
  optionProblems,
  toCreateRequest,
  type ShareField,
  type ShareOptions,
} from '../share-form';
import { useContentBytes } from '../use-content-bytes';
import { useDraftAutosave } from '../use-draft-autosave';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { sharedText, useSharedContent } from '../../../pwa';
import { effectiveViewMode, viewModesFor, WIDE_SCREEN_QUERY, type ViewMode } from '../view-mode';

/** What the page starts with: the saved draft if there is one, else a new paste. */
function initialState() {
  const draft = readDraft();
  const options = draft?.options ?? newPasteOptions();
  return {
    content: draft?.content ?? '',
    markdown: draft?.markdown ?? true,
    options,
    restoredAt: draft?.savedAt,
    advancedOpen: hasAdvancedValues(options),
    // A phone's keyboard would cover half the page on load; focus waits for a tap there.
    autoFocus: !window.matchMedia('(pointer: coarse)').matches,
  };
}

/** Home (SPEC §2 /): the paste editor with live preview, share options and the share result. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const [initial] = useState(initialState);
  const [content, setContent] = useState(initial.content);
  const [markdown, setMarkdown] = useState(initial.markdown);
  const [options, setOptions] = useState<ShareOptions>(initial.options);
  const [advancedOpen, setAdvancedOpen] = useState(initial.advancedOpen);
  const [restoredAt, setRestoredAt] = useState(initial.restoredAt);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ShareField, string>>>({});
  const [failure, setFailure] = useState<{ message: string; signIn?: boolean }>();
  const [result, setResult] = useState<PasteCreated>();
  const [chosenMode, setChosenMode] = useState<ViewMode>();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const editorRef = useRef<MarkdownEditorHandle>(null);
  const slugRef = useRef<HTMLInputElement>(null);
  const focusSlugNext = useRef(false);

  const access = useShareAccess();
  const { bytes } = useContentBytes(content);
  const saveOutcome = useDraftAutosave(content, markdown, options);
  const share = useMutation({ mutationFn: createPaste });
  useLeaveGuard(share.isPending);

  // Text or a link shared from another app (the installed app's share target) starts a paste;
  // a draft already being written keeps its text, with the shared text after it.
  useSharedContent((shared) => {
    const text = sharedText(shared);
    if (text === '') return;
    setResult(undefined);
    setContent((current) => (current.trim() === '' ? text : `${current}\n\n${text}`));
  });

  // After a taken slug, the field is opened and focused so the user can change it at once.
  useEffect(() => {
    if (!focusSlugNext.current || !advancedOpen) return;
    focusSlugNext.current = false;
    slugRef.current?.focus();
  }, [advancedOpen, serverErrors]);

  const problems = optionProblems(options);
  const fieldErrors = {
    ...optionMessages(problems, options, 'home.problems', t, i18n.language),
    ...serverErrors,
  };

  /** Why Share is disabled now, or undefined; `size` is the (possibly exact) byte count. */
  function blockedReason(size: number): string | undefined {
    if (!access.allowed) return t(`home.share.blocked.${access.reason}`);
    const problem = contentProblem(content, size);
    if (problem === 'empty') return t('home.share.empty');
    if (problem === 'tooLarge') return tooLargeMessage(t, i18n.language, size);
    if (Object.keys(problems).length > 0) return t('home.share.fixOptions');
    return undefined;
  }

  function changeOptions(patch: Partial<ShareOptions>) {
    setOptions((current) => ({ ...current, ...patch }));
    // A server's verdict on a field no longer holds once the field changes.
    setServerErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as ShareField];
      return next;
    });
  }

  function startOver() {
    setContent('');
    setOptions(newPasteOptions());
    setServerErrors({});
    setFailure(undefined);
    setRestoredAt(undefined);
    setAdvancedOpen(false);
  }

  function submit() {
    if (share.isPending || result) return;
    // Exact now, even for text whose displayed size is still being measured.
    const exactBytes = utf8ByteLength(content);
    if (blockedReason(exactBytes)) return;
    setFailure(undefined);
    setServerErrors({});
    share.mutate(toCreateRequest(content, options, new Date()), {
      onSuccess: (created) => {
        clearDraft();
        saveShareDefaults(options);
        startOver();
        setResult(created);
        copyLinkWithNotice(pasteShareUrl(created.slug), t);
      },
      onError: (error) => {
        if (isApiError(error) && error.kind === 'queued') {
          // Offline: the paste waits in the queue (its header button shows it) and is shared
          // once when the connection is back; the editor is free for the next one.
          clearDraft();
          saveShareDefaults(options);
          startOver();
          notifications.show({ color: 'blue', message: t('api.queuedOffline') });
          return;
        }
        const described = describeShareFailure(error, {
          t,
          language: i18n.language,
          signedIn: session.type !== 'none',
          bytes: exactBytes,
        });
        setServerErrors(described.fieldErrors);
        setFailure(
          described.message ? { message: described.message, signIn: described.signIn } : undefined,
        );
        if (described.signIn)
          void queryClient.invalidateQueries({ queryKey: GUEST_ACCESS_QUERY_KEY });
        const fields = Object.keys(described.fieldErrors) as ShareField[];
        if (fields.some((field) => ADVANCED_FIELDS.includes(field))) {
          focusSlugNext.current = fields.includes('slug');
          setAdvancedOpen(true);
        }
      },
    });
  }

  function newPaste() {
    share.reset();
    startOver();
    setResult(undefined);
  }

  function clearRestoredDraft() {
    clearDraft();
    startOver();
    editorRef.current?.focus();
  }

  const mode = effectiveViewMode(chosenMode, wide);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle title={t('home.title')} />
        {result ? null : (
          <WorkspaceBar
            markdown={markdown}
            onMarkdownChange={setMarkdown}
            mode={mode}
            modes={viewModesFor(wide)}
            onModeChange={setChosenMode}
          />
        )}
      </Group>
      {access.allowed ? null : <AccessNotice reason={access.reason} />}
      {result ? (
        <ShareResult created={result} onNewPaste={newPaste} />
      ) : (
        <>
          {restoredAt ? (
            <DraftRestoredNote
              savedAt={restoredAt}
              onClear={clearRestoredDraft}
              onDismiss={() => setRestoredAt(undefined)}
            />
          ) : null}
          <Stack gap={6}>
            <LazyEditorWorkspace
              mode={mode}
              content={content}
              onChange={setContent}
              markdown={markdown}
              onSubmit={submit}
              autoFocus={initial.autoFocus}
              editorRef={editorRef}
            />
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <DraftSaveText outcome={saveOutcome} />
              <SizeMeter bytes={bytes} />
            </Group>
          </Stack>
          <SharePanel
            options={options}
            onChange={changeOptions}
            errors={fieldErrors}
            advancedOpen={advancedOpen}
            onToggleAdvanced={() => setAdvancedOpen((open) => !open)}
            onShare={submit}
            sharing={share.isPending}
            blockedReason={blockedReason(bytes)}
            failure={failure}
            slugRef={slugRef}
          />
        </>
      )}
    </Stack>
  );
}
