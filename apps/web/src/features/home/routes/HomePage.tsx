import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

/** Home: the Markdown paste editor (SPEC §2 /); for now only its title. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle title={t('home.title')} />
    </Stack>
  );
}
