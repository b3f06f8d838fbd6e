import { Alert, Stack, Text } from '@mantine/core';
import type { FileDetail, PublicFile } from '@pasteport/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OfflineCopyNotice } from '../../../components/offline-data';
import { useAuth } from '../../../lib/auth';
import { EditFileDialog } from '../edit/EditFileDialog';
import { filePath, fileScopeOf } from '../api';
import { FilePreview } from '../preview/FilePreview';
import type { PreviewSource } from '../preview/preview-source';
import { useContentReads } from '../view/use-content-reads';
import { useCopyFileLink } from '../view/use-copy-link';
import type { FileVisitState } from '../view/visit-key';
import { DeleteFileDialog } from './DeleteFileDialog';
import { FileActions } from './FileActions';
import { FileHeading } from './FileHeading';
import classes from './FileLayout.module.css';
import { FileMeta } from './FileMeta';
import { FileQrDialog } from './FileQrDialog';

type Dialog = 'qr' | 'edit' | 'delete';

export interface FileDocumentProps {
  file: PublicFile;
  /** The verify token of a password file (memory only), for the Office preview link. */
  token: string | undefined;
  /** This visit's key, carried over when a rename moves the page to the new link. */
  visitKey: string;
  onSaved: (detail: FileDetail) => void;
  /** Set when the page is shown from its offline copy: when that copy was saved. */
  offlineSavedAt?: number;
}

/** An opened file: its preview filling the page, its facts and actions beside it. */
export function FileDocument({
  file,
  token,
  visitKey,
  onSaved,
  offlineSavedAt,
}: FileDocumentProps) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const navigate = useNavigate();
  const copyLink = useCopyFileLink();
  const [dialog, setDialog] = useState<Dialog>();
  const reads = useContentReads(file);
  // The preview shows the file as the visit found it: an edit (a new name or link) must not
  // load it again, as every load is a counted read.
  const [shown] = useState(() => ({
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    previewUrl: file.preview_url,
    token,
  }));

  const scope = fileScopeOf(session);
  const manageId = scope ? file.manage_id : null;
  const gone = reads.remaining === 0;
  const source: PreviewSource = { ...shown, downloadUrl: file.download_url, downloadable: !gone };
  const close = () => setDialog(undefined);

  function saved(detail: FileDetail) {
    onSaved(detail);
    if (detail.slug !== file.slug) {
      const state: FileVisitState = { fileVisit: visitKey };
      void navigate(filePath(detail.slug), { replace: true, state });
    }
  }

  return (
    <div className={classes.layout}>
      <Stack className={classes.aside} gap="md">
        <Stack gap={4}>
          <FileHeading name={file.filename} />
          {file.remark ? (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="file-remark">
              {file.remark}
            </Text>
          ) : null}
        </Stack>
        <OfflineCopyNotice savedAt={offlineSavedAt} />
        <FileMeta file={file} views={reads} />
        {gone ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={t('file.lastView.title')}
            data-testid="last-view-notice"
          >
            {t('file.lastView.message')}
          </Alert>
        ) : null}
        <FileActions
          filename={file.filename}
          downloadUrl={file.download_url}
          downloadCountsView={file.max_views > 0}
          gone={gone}
          canManage={manageId !== null}
          onDownload={reads.countRead}
          onCopyLink={() => copyLink(file.slug)}
          onShowQr={() => setDialog('qr')}
          onEdit={() => setDialog('edit')}
          onDelete={() => setDialog('delete')}
        />
      </Stack>
      <div className={classes.preview}>
        <FilePreview
          source={source}
          started={reads.previewStarted}
          remaining={reads.remaining}
          onStart={reads.startPreview}
          onDownload={reads.countRead}
        />
      </div>
      {dialog === 'qr' ? (
        <FileQrDialog slug={file.slug} name={file.filename} onClose={close} />
      ) : null}
      {dialog === 'edit' && scope && manageId ? (
        <EditFileDialog
          scope={scope}
          id={manageId}
          name={file.filename}
          onClose={close}
          onSaved={saved}
        />
      ) : null}
      {dialog === 'delete' && scope && manageId ? (
        <DeleteFileDialog
          name={file.filename}
          slug={file.slug}
          scope={scope}
          manageId={manageId}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
