import { Stack, Tabs, Text } from '@mantine/core';
import { IconCode, IconWorld } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../markdown';
import { HIGHLIGHT_MAX_CHARS } from '../preview-kind';
import { fencedSource } from '../view/code-fence';
import classes from './preview.module.css';

type HtmlTab = 'source' | 'rendered';

/**
 * An HTML file as its source, or rendered in a fully sandboxed frame: `sandbox=""` without
 * allow-scripts or allow-same-origin, so the page runs no script and cannot reach this site.
 */
export function HtmlPreview({ html }: { html: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<HtmlTab>('source');
  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab(value === 'rendered' ? 'rendered' : 'source')}
      keepMounted={false}
    >
      <Tabs.List px="sm">
        <Tabs.Tab value="source" leftSection={<IconCode size={16} aria-hidden />}>
          {t('file.preview.html.source')}
        </Tabs.Tab>
        <Tabs.Tab value="rendered" leftSection={<IconWorld size={16} aria-hidden />}>
          {t('file.preview.html.rendered')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="source" p="md">
        <Suspense fallback={null}>
          <MarkdownView
            source={html.length > HIGHLIGHT_MAX_CHARS ? html : fencedSource(html, 'html')}
            plainText={html.length > HIGHLIGHT_MAX_CHARS}
          />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="rendered">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" px="md" py="xs">
            {t('file.preview.html.scriptsOff')}
          </Text>
          <iframe
            sandbox=""
            srcDoc={html}
            title={t('file.preview.html.frameTitle')}
            className={`${classes.embed} ${classes.htmlFrame}`}
            referrerPolicy="no-referrer"
          />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
