import { Anchor, Container, Group, Text } from '@mantine/core';
import { APP_NAME, APP_VERSION, SOURCE_REPOSITORY_URL } from '@pasteport/contract/plain';
import { useTranslation } from 'react-i18next';
import classes from './Footer.module.css';

/** Page footer: copyright with the current year (SPEC §2), the source code link and the version. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer} data-testid="app-footer">
      <Container size="lg">
        <Group justify="space-between" gap="xs" py="md">
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year, app: APP_NAME })}
          </Text>
          <Group gap="md">
            <Anchor
              size="sm"
              href={SOURCE_REPOSITORY_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('footer.source')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('footer.version', { version: APP_VERSION })}
            </Text>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
