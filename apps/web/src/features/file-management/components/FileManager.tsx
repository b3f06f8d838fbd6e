import { useTranslation } from 'react-i18next';
import { LazyDialog, ManagedList, offsetOf, useListQuery } from '../../../components/managed-list';
import type { FileScope } from '../../file/api';
import { useDeleteFile, useDeleteFiles, useFileList } from '../api';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../list-query';
import { fileListKind } from './file-list-kind';
import { LazyEditFileDialog, LazyFileQrDialog, LazyPreviewFileDialog } from './lazy-dialogs';

/**
 * The file listing of one scope, paged by offset. Preview, QR code and edit are the file
 * page's own dialogs, loaded the first time one opens.
 */
export function FileManager({ scope }: { scope: FileScope }) {
  const { t } = useTranslation();
  const query = useListQuery(PAGE_SIZES, DEFAULT_PAGE_SIZE);
  const list = useFileList(scope, {
    limit: query.pageSize,
    offset: offsetOf(query.page, query.pageSize),
    search: query.term,
  });
  query.keepPageInRange(list);
  const deleteOne = useDeleteFile(scope);
  const deleteMany = useDeleteFiles(scope);

  return (
    <ManagedList
      kind={fileListKind(t)}
      scope={scope}
      query={query}
      list={list}
      remove={{ one: deleteOne.mutateAsync, many: deleteMany.mutateAsync }}
      rowDialogs={{
        preview: (file, onClose) => (
          <LazyDialog
            size="lg"
            title={t('fileManagement.preview.title', { name: file.name })}
            onClose={onClose}
          >
            <LazyPreviewFileDialog file={file} onClose={onClose} />
          </LazyDialog>
        ),
        qr: ({ slug, name }, onClose) => (
          <LazyDialog size="lg" title={t('file.qr.title', { name })} onClose={onClose}>
            <LazyFileQrDialog slug={slug} name={name} onClose={onClose} />
          </LazyDialog>
        ),
        edit: ({ id, name }, onClose) => (
          <LazyDialog size="lg" title={t('file.edit.title', { name })} onClose={onClose}>
            <LazyEditFileDialog scope={scope} id={id} name={name} onClose={onClose} />
          </LazyDialog>
        ),
      }}
    />
  );
}
