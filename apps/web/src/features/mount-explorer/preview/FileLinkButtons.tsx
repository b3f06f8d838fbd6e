import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { fetchFileLink } from '../api';

/**
 * Download and Open (then `children`, the panel's own buttons), each through a short-lived
 * link asked for on click: the API itself needs credentials a plain link cannot carry.
 */
export function FileLinkButtons({ path, children }: { path: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [linkError, setLinkError] = useState<unknown>(null);
  const [opening, setOpening] = useState<'download' | 'open' | null>(null);

  async function follow(kind: 'download' | 'open') {
    setOpening(kind);
    setLinkError(null);
    try {
      const link = await fetchFileLink(path, { forceDownload: kind === 'download' });
      if (kind === 'download') window.location.assign(link.presignedUrl);
      else window.open(link.presignedUrl, '_blank', 'noopener,noreferrer');
    } catch (error) {
      setLinkError(error);
    } finally {
      setOpening(null);
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={opening === 'download'}
          onClick={() => void follow('download')}
        >
          {t('mountExplorer.actions.download')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          loading={opening === 'open'}
          onClick={() => void follow('open')}
        >
          {t('mountExplorer.actions.open')}
        </Button>
        {children}
      </Group>
      {linkError ? (
        <Alert role="alert" color="red" variant="light">
          {describeApiError(linkError, t)}
        </Alert>
      ) : null}
    </Stack>
  );
}
