import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

/** A shared paste (SPEC §2 /paste/:slug); for now only its title. */
export function PastePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle title={t('paste.title')} />
    </Stack>
  );
}
