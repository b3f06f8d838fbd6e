import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './PasteLayout.module.css';

/** The page's h1: what this is ("Shared paste", small) and which one (the slug). */
export function PasteHeading({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Title order={1} size="h3" c="bright" className={classes.slug} data-testid="page-title">
      <Text span display="block" size="xs" fw={600} tt="uppercase" c="dimmed">
        {t('paste.title')}
      </Text>{' '}
      {slug}
    </Title>
  );
}
