import { Alert, Box, Stack, Text } from '@mantine/core';
import type { PasteDetail, PasteView } from '@pasteport/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../../components/managed-list/LazyDialog';
import { OfflineCopyNotice } from '../../../components/offline-data';
import { useAuth } from '../../../lib/auth';
import { MarkdownView, type MarkdownHeading } from '../../markdown';
import { pasteScopeOf, pasteShareUrl, rawPasteUrl } from '../api';
import { MIN_HEADINGS_FOR_CONTENTS } from '../view/headings';
import { PRINT_HIDDEN } from '../view/print';
import { useCopyText } from '../view/use-copy-text';
import { useExportActions } from '../view/use-export-actions';
import { ContentsNav } from './ContentsNav';
import { DeletePasteDialog } from './DeletePasteDialog';
import { PasteActionBar } from './PasteActionBar';
import { PasteHeading } from './PasteHeading';
import classes from './PasteLayout.module.css';
import { PasteMeta } from './PasteMeta';
import { DocumentSkeleton } from './PasteSkeleton';
import { QrDialog } from './QrDialog';

type Dialog = 'qr' | 'edit' | 'delete';

/**
 * The edit dialog brings CodeMirror (about 100 kB compressed): it loads the first time it
 * opens, never with the page every reader of a paste visits.
 */
const EditPasteDialog = lazy(() =>
  import('./EditPasteDialog').then((module) => ({ default: module.EditPasteDialog })),
);

/** The MarkdownView container, which the markdown exports expect (see its export.ts). */
const RENDERED_SELECTOR = '[data-testid="markdown-view"]';

export interface PasteDocumentProps {
  paste: PasteView;
  /** The password that unlocked the paste (memory only), for the raw link. */
  password: string | undefined;
  /** The document's title: its first heading, or the slug. */
  title: string;
  headings: readonly MarkdownHeading[];
  onHeadings: (headings: MarkdownHeading[]) => void;
  onSaved: (detail: PasteDetail) => void;
  /** Set when the paste is shown from its offline copy: when that copy was saved. */
  offlineSavedAt?: number;
}

/** An opened paste: title, metadata and actions, then the rendered document and its outline. */
export function PasteDocument(props: PasteDocumentProps) {
  const { paste, password, title, headings } = props;
  const { t } = useTranslation();
  const { session } = useAuth();
  const copy = useCopyText();
  const documentRef = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<Dialog>();
  const exportAs = useExportActions({
    content: paste.content,
    // The exports take the renderer's own container, not this wrapper around it.
    getDocument: () =>
      documentRef.current?.querySelector<HTMLElement>(RENDERED_SELECTOR) ?? documentRef.current,
    title,
    baseName: paste.slug,
  });

  const scope = pasteScopeOf(session);
  const manageId = scope ? paste.manage_id : null;
  const gone = paste.remaining_views === 0;
  const shareUrl = pasteShareUrl(paste.slug);
  const showContents = headings.length >= MIN_HEADINGS_FOR_CONTENTS;
  const close = () => setDialog(undefined);

  return (
    <Stack gap="lg">
      <Stack gap="sm" {...PRINT_HIDDEN}>
        <Stack gap={4}>
          <PasteHeading slug={paste.slug} />
          {paste.remark ? (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="paste-remark">
              {paste.remark}
            </Text>
          ) : null}
          <PasteMeta paste={paste} />
        </Stack>
        <PasteActionBar
          rawUrl={rawPasteUrl(paste.slug, password)}
          rawCountsView={paste.max_views > 0}
          gone={gone}
          headings={headings}
          canManage={manageId !== null}
          onCopyContent={() => void copy(paste.content, t('pasteView.copy.contentDone'))}
          onCopyLink={() => void copy(shareUrl, t('pasteView.copy.linkDone'))}
          onShowQr={() => setDialog('qr')}
          onExport={exportAs}
          onEdit={() => setDialog('edit')}
          onDelete={() => setDialog('delete')}
        />
        <OfflineCopyNotice savedAt={props.offlineSavedAt} />
      </Stack>
      {gone ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('pasteView.lastView.title')}
          data-testid="last-view-notice"
          {...PRINT_HIDDEN}
        >
          {t('pasteView.lastView.message')}
        </Alert>
      ) : null}
      <div className={classes.layout} data-with-contents={showContents ? '' : undefined}>
        <div ref={documentRef} className={classes.document} data-testid="paste-document">
          <Suspense fallback={<DocumentSkeleton />}>
            <MarkdownView source={paste.content} onHeadings={props.onHeadings} />
          </Suspense>
        </div>
        {showContents ? (
          <Box visibleFrom="lg" className={classes.aside} {...PRINT_HIDDEN}>
            <ContentsNav headings={headings} />
          </Box>
        ) : null}
      </div>
      {dialog === 'qr' ? <QrDialog url={shareUrl} onClose={close} /> : null}
      {dialog === 'edit' && scope && manageId ? (
        <LazyDialog title={t('pasteView.edit.title', { slug: paste.slug })} onClose={close}>
          <EditPasteDialog
            paste={paste}
            scope={scope}
            manageId={manageId}
            onClose={close}
            onSaved={props.onSaved}
          />
        </LazyDialog>
      ) : null}
      {dialog === 'delete' && scope && manageId ? (
        <DeletePasteDialog slug={paste.slug} scope={scope} manageId={manageId} onClose={close} />
      ) : null}
    </Stack>
  );
}
