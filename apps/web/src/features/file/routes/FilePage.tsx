import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

/** A shared file and its preview (SPEC §2 /file/:slug); for now only its title. */
export function FilePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle title={t('file.title')} />
    </Stack>
  );
}
