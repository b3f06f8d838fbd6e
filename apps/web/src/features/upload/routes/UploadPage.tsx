import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

/** File upload (SPEC §2 /upload); for now only its title. */
export function UploadPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle title={t('upload.title')} />
    </Stack>
  );
}
