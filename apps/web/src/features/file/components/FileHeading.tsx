import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './FileLayout.module.css';

/** The page's h1: what this is ("Shared file", small) and which one (its name, or the slug). */
export function FileHeading({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Title order={1} size="h3" c="bright" className={classes.name} data-testid="page-title">
      <Text span display="block" size="xs" fw={600} tt="uppercase" c="dimmed">
        {t('file.title')}
      </Text>{' '}
      {name}
    </Title>
  );
}
