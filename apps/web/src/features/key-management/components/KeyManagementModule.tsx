import { Alert, Button, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import type { ApiKey, CreatedApiKey } from '@pasteport/contract';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { useApiKeys } from '../api';
import { ApiKeyFormDialog } from './ApiKeyFormDialog';
import { ApiKeyTable } from './ApiKeyTable';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { DeleteKeyDialog } from './DeleteKeyDialog';

/** Which dialog is open; one at a time. */
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; key: ApiKey }
  | { kind: 'delete'; key: ApiKey }
  | { kind: 'created'; created: CreatedApiKey };

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

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
  if (keys.isPending) body = <LoadingRows />;
  else if (keys.isError) {
    body = (
      <Alert role="alert" color="red" variant="light" title={t('keys.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {describeApiError(keys.error, t)}
          <Button size="xs" variant="default" onClick={() => void keys.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
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
      {dialog?.kind === 'created' ? (
        <CreatedKeyDialog created={dialog.created} onClose={close} />
      ) : null}
    </Stack>
  );
}
