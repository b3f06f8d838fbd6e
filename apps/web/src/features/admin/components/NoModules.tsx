import { Button, EmptyState } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { mountExplorerUrl, type AdminSession, type ApiKeySession } from '../../../lib/auth';

/** For a key that may open no admin module (a mount-only key): say so and point to its mounts. */
export function NoModules({ session }: { session: AdminSession | ApiKeySession }) {
  const { t } = useTranslation();
  const basicPath = session.type === 'apikey' ? session.info.basic_path : '/';
  return (
    <>
      <PageTitle title={t('admin.title')} />
      <EmptyState
        icon={<IconFolders size={32} stroke={1.5} aria-hidden />}
        title={t('admin.noModules.title')}
        description={t('admin.noModules.description')}
      >
        <EmptyState.Actions>
          <Button component={Link} to={mountExplorerUrl(basicPath)}>
            {t('admin.noModules.action')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}
