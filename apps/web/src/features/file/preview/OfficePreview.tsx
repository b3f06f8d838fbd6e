import { Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { officePreviewUrl } from '../api';
import {
  officeDocumentUrl,
  officeViewerUrl,
  type OfficeProvider,
  type OfficeSource,
} from '../view/office';
import { shareInFlight } from '../view/share-in-flight';
import { useOnceValue } from '../view/use-once-value';
import { PreviewFailed } from './PreviewFailed';
import { PreviewFrame } from './PreviewFrame';
import classes from './preview.module.css';

/**
 * An Office document in Microsoft's or Google's online viewer. The server hands out a public,
 * time-limited link once for this view (asking for it is the counted read); either provider
 * fetches the document from that same link, so switching costs no further view.
 */
export function OfficePreview({
  source,
  token,
  filename,
}: {
  /** The share's slug, or `{ directUrl }` for a document already at a public address. */
  source: OfficeSource;
  token: string | undefined;
  filename: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const [provider, setProvider] = useState<OfficeProvider>('microsoft');
  const { state, retry } = useOnceValue(() =>
    shareInFlight(`office:${JSON.stringify(source)}:${token ?? ''}`, () =>
      officeDocumentUrl(source, (slug) => officePreviewUrl(slug, { token })),
    ),
  );
  let viewerUrl: string | undefined;
  let viewerError: unknown;
  if (state.status === 'done') {
    try {
      viewerUrl = officeViewerUrl(provider, state.value);
    } catch (error) {
      viewerError = error;
    }
  }

  let body;
  if (state.status === 'loading') {
    body = <Skeleton height={360} radius={0} aria-label={t('common.loading')} role="status" />;
  } else if (state.status === 'failed' || viewerUrl === undefined) {
    body = (
      <PreviewFailed
        error={state.status === 'failed' ? state.error : viewerError}
        onRetry={retry}
      />
    );
  } else {
    body = (
      <iframe
        key={provider}
        src={viewerUrl}
        title={t('file.preview.office.frameTitle', {
          name: filename,
          provider: t(`file.preview.office.providers.${provider}`),
        })}
        className={classes.embed}
        referrerPolicy="no-referrer"
      />
    );
  }

  return (
    <PreviewFrame kind="office">
      <Stack gap={0}>
        <Stack gap="xs" p="sm">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500} id={labelId}>
              {t('file.preview.office.provider')}
            </Text>
            <SegmentedControl
              size="sm"
              aria-labelledby={labelId}
              value={provider}
              onChange={(value) => setProvider(value === 'google' ? 'google' : 'microsoft')}
              data={[
                { value: 'microsoft', label: t('file.preview.office.providers.microsoft') },
                { value: 'google', label: t('file.preview.office.providers.google') },
              ]}
            />
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="dimmed">
              {t('file.preview.office.note', {
                provider: t(`file.preview.office.providers.${provider}`),
              })}
            </Text>
          </Group>
        </Stack>
        {body}
      </Stack>
    </PreviewFrame>
  );
}
