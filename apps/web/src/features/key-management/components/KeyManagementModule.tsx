import { Button, EmptyState, Group, Stack } from '@mantine/core';
import type { ApiKey, CreatedApiKey } from '@pasteport/contract';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { LoadingRows } from '../../../components/LoadingRows';
import { useApiKeys } from '../api';
import { ApiKeyFormDialog } from './ApiKeyFormDialog';
import { ApiKeyTable } from './ApiKeyTable';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { DeleteKeyDialog } from './DeleteKeyDialog';
import { KeyWebDavDialog } from './KeyWebDav';
import { UploaderConfigsDialog } from './UploaderConfigsDialog';

/** Which dialog is open; one at a time. */
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; key: ApiKey }
  | { kind: 'delete'; key: ApiKey }
  | { kind: 'webdav'; key: ApiKey }
  | { kind: 'created'; created: CreatedApiKey }
  /** From the created dialog (`created` known, and shown again on close) or a row. */
  | { kind: 'uploaders'; key: ApiKey; created?: CreatedApiKey };

/** The key-management module (admin only): list, create, edit and delete API keys. */
export function KeyManagementModule() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [dialog, setDialog] = useState<Dialog>();
  // "Expired" is judged against the moment the list was loaded, not a ticking clock.
  const now = keys.dataUpdatedAt;
  const close = () => setDialog(undefined);
  const openCreate = () => setDialog({ kind: 'create' });

  let body;
  if (keys.isPending) body = <LoadingRows rows={3} />;
  else if (keys.isError) {
    body = (
      <LoadFailedAlert
        title={t('keys.loadFailed')}
        error={keys.error}
        onRetry={() => void keys.refetch()}
      />
    );
  } else if (keys.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconKey size={32} stroke={1.5} aria-hidden />}
        title={t('keys.empty.title')}
        description={t('keys.empty.description')}
      />
    );
  } else {
    body = (
      <ApiKeyTable
        keys={keys.data}
        now={now}
        onEdit={(key) => setDialog({ kind: 'edit', key })}
        onDelete={(key) => setDialog({ kind: 'delete', key })}
        onWebDav={(key) => setDialog({ kind: 'webdav', key })}
        onUploaders={(key) => setDialog({ kind: 'uploaders', key })}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
          {t('keys.create')}
        </Button>
      </Group>
      {body}
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <ApiKeyFormDialog
          key={dialog.kind === 'edit' ? dialog.key.id : 'create'}
          editing={dialog.kind === 'edit' ? dialog.key : undefined}
          onClose={close}
          onCreated={(created) => setDialog({ kind: 'created', created })}
        />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteKeyDialog apiKey={dialog.key} onClose={close} /> : null}
      {dialog?.kind === 'webdav' ? <KeyWebDavDialog apiKey={dialog.key} onClose={close} /> : null}
      {dialog?.kind === 'created' ? (
        <CreatedKeyDialog
          created={dialog.created}
          onClose={close}
          onUploaders={() =>
            setDialog({ kind: 'uploaders', key: dialog.created, created: dialog.created })
          }
        />
      ) : null}
      {dialog?.kind === 'uploaders' ? (
        <UploaderConfigsDialog
          apiKey={dialog.key}
          fullKey={dialog.created?.key}
          // Back to the created key: it is not shown again once that dialog is closed.
          onClose={() =>
            dialog.created ? setDialog({ kind: 'created', created: dialog.created }) : close()
          }
        />
      ) : null}
    </Stack>
  );
}
