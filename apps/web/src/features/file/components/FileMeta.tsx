import { Badge, Text } from '@mantine/core';
import type { PublicFile } from '@pasteport/contract';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../lib/format';
import type { ShownViews } from '../view/view-count';
import classes from './FileLayout.module.css';

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** The file's facts: size, type, upload time, expiry, views (and views left), protection. */
export function FileMeta({ file, views }: { file: PublicFile; views: ShownViews }) {
  const { t, i18n } = useTranslation();
  const { remaining } = views;
  return (
    <dl className={classes.facts} aria-label={t('file.meta.label')}>
      <Fact label={t('file.meta.size')} testId="file-size">
        {formatBytes(file.size, i18n.language)}
      </Fact>
      <Fact label={t('file.meta.type')} testId="file-type">
        <Text span size="sm" ff="monospace">
          {file.mimetype}
        </Text>
      </Fact>
      <Fact label={t('file.meta.uploaded')} testId="file-uploaded">
        <time dateTime={file.created_at}>{formatDateTime(file.created_at, i18n.language)}</time>
      </Fact>
      <Fact label={t('file.meta.expires')} testId="file-expiry">
        {file.expires_at === null ? (
          t('common.never')
        ) : (
          <time dateTime={file.expires_at}>{formatDateTime(file.expires_at, i18n.language)}</time>
        )}
      </Fact>
      <Fact label={t('file.meta.views')} testId="file-views">
        {views.views}
        {remaining !== null ? (
          <>
            {' · '}
            <Text span size="sm" fw={600} c={remaining <= 1 ? 'orange' : undefined}>
              {t('file.meta.viewsLeft', { count: remaining })}
            </Text>
          </>
        ) : null}
      </Fact>
      {file.has_password ? (
        <Fact label={t('file.meta.access')} testId="file-protected">
          <Badge variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
            {t('file.meta.protected')}
          </Badge>
        </Fact>
      ) : null}
    </dl>
  );
}
