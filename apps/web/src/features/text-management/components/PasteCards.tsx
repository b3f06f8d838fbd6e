import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { PasteActionsMenu } from './PasteActionsMenu';
import {
  CreatedCell,
  CreatorText,
  ExpiryCell,
  PasswordBadge,
  RemarkText,
  SelectPasteCheckbox,
  SlugLink,
  ViewsCell,
} from './PasteCells';
import { pageSelection, type PasteListViewProps } from './PasteTable';

/** A value with its column name before it, as the cards have no header row. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** The listing on a phone: one card per paste, no sideways scrolling, the menu in reach. */
export function PasteCards({
  pastes,
  now,
  showCreator,
  selected,
  onToggle,
  onToggleAll,
  onAction,
}: PasteListViewProps) {
  const { t, i18n } = useTranslation();
  const { all, some } = pageSelection(pastes, selected);

  return (
    <Stack gap="sm">
      <Checkbox
        size="md"
        label={t('textManagement.selectAll')}
        checked={all}
        indeterminate={some}
        onChange={(event) => onToggleAll(event.currentTarget.checked)}
      />
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('textManagement.tableLabel')}>
        {pastes.map((paste) => (
          <Card
            component="li"
            key={paste.id}
            withBorder
            padding="sm"
            data-testid="paste-row"
            data-slug={paste.slug}
            style={{ listStyle: 'none' }}
          >
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <SelectPasteCheckbox
                    size="md"
                    paste={paste}
                    checked={selected.has(paste.id)}
                    onToggle={onToggle}
                  />
                  <SlugLink slug={paste.slug} />
                </Group>
                <PasteActionsMenu paste={paste} onAction={onAction} />
              </Group>
              <RemarkText remark={paste.remark} />
              <Text size="sm" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                {paste.preview}
              </Text>
              <Group gap="md" wrap="wrap">
                <Text size="sm">{formatBytes(paste.size_bytes, i18n.language)}</Text>
                <PasswordBadge hasPassword={paste.has_password} />
                <Labelled label={t('textManagement.columns.views')}>
                  <ViewsCell paste={paste} />
                </Labelled>
              </Group>
              <Group gap="md" wrap="wrap">
                <Labelled label={t('textManagement.columns.expires')}>
                  <ExpiryCell expiresAt={paste.expires_at} now={now} />
                </Labelled>
                <Labelled label={t('textManagement.columns.created')}>
                  <CreatedCell createdAt={paste.created_at} />
                </Labelled>
                {showCreator ? <CreatorText createdBy={paste.created_by} /> : null}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
