import { Code, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { mountLocation } from '../location';

/** The mount browser (SPEC §2 /mount-explorer/{path...}); for now its title and location. */
export function MountExplorerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const { path, preview } = mountLocation(params['*'], search);

  return (
    <Stack>
      <PageTitle title={t('mountExplorer.title')} />
      <Group gap="xs">
        <Code data-testid="mount-path">{path}</Code>
        {preview ? <Code data-testid="mount-preview">{preview}</Code> : null}
      </Group>
    </Stack>
  );
}
