import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebDavConnectProps } from './WebDavConnect';

const Connect = lazy(() =>
  import('./WebDavConnect').then((module) => ({ default: module.WebDavConnect })),
);

/**
 * The connection help, loaded when first shown: its UI (accordion, code blocks, copy buttons)
 * would otherwise join the UI chunks the admin and explorer pages share with the Upload page,
 * and a first visit there would download what it never shows.
 */
export function WebDavConnect(props: WebDavConnectProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
      <Connect {...props} />
    </Suspense>
  );
}
