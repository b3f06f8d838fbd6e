import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder while a lazily loaded page arrives; announced politely to screen readers. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center role="status" aria-live="polite" aria-label={t('common.loading')} py="xl">
      <Loader size="md" />
    </Center>
  );
}
