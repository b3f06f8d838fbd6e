import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '../view-mode';

/** Segments at the 40 px touch target. */
const SEGMENT_STYLES = { label: { minHeight: 34, display: 'flex', alignItems: 'center' } };

/** The Markdown / plain-text switch and the edit / side-by-side / preview switch. */
export function WorkspaceBar({
  markdown,
  onMarkdownChange,
  mode,
  modes,
  onModeChange,
}: {
  markdown: boolean;
  onMarkdownChange: (markdown: boolean) => void;
  mode: ViewMode;
  /** The view modes this screen offers (side by side only on wide screens). */
  modes: readonly ViewMode[];
  onModeChange: (mode: ViewMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label={t('home.format.label')}
        value={markdown ? 'markdown' : 'plain'}
        onChange={(value) => onMarkdownChange(value === 'markdown')}
        data={[
          { value: 'markdown', label: t('home.format.markdown') },
          { value: 'plain', label: t('home.format.plain') },
        ]}
        styles={SEGMENT_STYLES}
      />
      <SegmentedControl
        aria-label={t('home.view.label')}
        value={mode}
        onChange={(value) => onModeChange(value)}
        data={modes.map((value) => ({ value, label: t(`home.view.${value}`) }))}
        styles={SEGMENT_STYLES}
      />
    </Group>
  );
}
