import { Button } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LazyDialog,
  ManagedList,
  namingOf,
  ShareQrDialog,
  useListQuery,
} from '../../../components/managed-list';
import { pasteShareUrl, type PasteScope } from '../../paste/api';
import { useDeletePaste, useDeletePastes, usePasteList } from '../api';
import { PAGE_SIZES } from '../list-query';
import { ClearExpiredDialog } from './ClearExpiredDialog';
import { LazyEditPasteDialog, LazyPreviewDialog } from './lazy-dialogs';
import { pasteListKind } from './paste-list-kind';

/**
 * The paste listing of one scope (the admin's by page, a key's by offset); the admin also
 * sees who created each paste and may clear the expired ones. Preview and edit load the
 * first time one opens.
 */
export function PasteManager({ scope }: { scope: PasteScope }) {
  const { t } = useTranslation();
  const query = useListQuery(PAGE_SIZES);
  const list = usePasteList(scope, { page: query.page, limit: query.pageSize, search: query.term });
  query.keepPageInRange(list);
  const deleteOne = useDeletePaste(scope);
  const deleteMany = useDeletePastes(scope);
  const [clearing, setClearing] = useState(false);

  const clearExpired = (
    <Button
      variant="default"
      leftSection={<IconClockX size={18} aria-hidden />}
      onClick={() => setClearing(true)}
    >
      {t('textManagement.clearExpired.button')}
    </Button>
  );
  return (
    <>
      <ManagedList
        kind={pasteListKind(t, scope === 'admin')}
        scope={scope}
        query={query}
        list={list}
        remove={{ one: deleteOne.mutateAsync, many: deleteMany.mutateAsync }}
        toolbar={scope === 'admin' ? clearExpired : null}
        rowDialogs={{
          preview: (paste, onClose) => (
            <LazyDialog
              title={t('textManagement.preview.title', namingOf(paste))}
              onClose={onClose}
            >
              <LazyPreviewDialog scope={scope} paste={paste} onClose={onClose} />
            </LazyDialog>
          ),
          qr: (paste, onClose) => (
            <ShareQrDialog
              url={pasteShareUrl(paste.slug)}
              keys="textManagement"
              naming={namingOf(paste)}
              onClose={onClose}
            />
          ),
          edit: (paste, onClose) => (
            <LazyDialog title={t('textManagement.form.title', namingOf(paste))} onClose={onClose}>
              <LazyEditPasteDialog scope={scope} paste={paste} onClose={onClose} />
            </LazyDialog>
          ),
        }}
      />
      {clearing ? <ClearExpiredDialog onClose={() => setClearing(false)} /> : null}
    </>
  );
}
