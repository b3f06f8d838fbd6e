import { Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PasteSummary } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { PasteActionsMenu, type PasteAction } from './PasteActionsMenu';
import {
  CreatedCell,
  CreatorText,
  ExpiryCell,
  PasswordBadge,
  RemarkText,
  SelectPasteCheckbox,
  SlugLink,
  TruncatedText,
  ViewsCell,
} from './PasteCells';

/** Props shared by the table and the phone cards. */
export interface PasteListViewProps {
  pastes: readonly PasteSummary[];
  /** The moment the page was loaded, for "expired" and relative times. */
  now: number;
  /** The admin sees who created each paste; a key sees only its own. */
  showCreator: boolean;
  selected: ReadonlySet<string>;
  onToggle: (paste: PasteSummary, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onAction: (action: PasteAction, paste: PasteSummary) => void;
}

/** How the "select all on this page" box reads: all, some (indeterminate) or none. */
export function pageSelection(pastes: readonly PasteSummary[], selected: ReadonlySet<string>) {
  const count = pastes.filter((paste) => selected.has(paste.id)).length;
  return { all: count > 0 && count === pastes.length, some: count > 0 && count < pastes.length };
}

/** The listing on wider screens; it scrolls sideways inside its own container, never the page. */
export function PasteTable({
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
    <Table.ScrollContainer minWidth={showCreator ? 1080 : 960}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t('textManagement.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('textManagement.selectAll')}
                checked={all}
                indeterminate={some}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('textManagement.columns.slug')}</Table.Th>
            <Table.Th>{t('textManagement.columns.remark')}</Table.Th>
            <Table.Th>{t('textManagement.columns.preview')}</Table.Th>
            <Table.Th>{t('textManagement.columns.size')}</Table.Th>
            <Table.Th>{t('textManagement.columns.password')}</Table.Th>
            <Table.Th>{t('textManagement.columns.expires')}</Table.Th>
            <Table.Th>{t('textManagement.columns.views')}</Table.Th>
            <Table.Th>{t('textManagement.columns.created')}</Table.Th>
            {showCreator ? <Table.Th>{t('textManagement.columns.createdBy')}</Table.Th> : null}
            <Table.Th w={56}>
              <VisuallyHidden>{t('textManagement.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pastes.map((paste) => (
            <Table.Tr
              key={paste.id}
              data-testid="paste-row"
              data-slug={paste.slug}
              bg={selected.has(paste.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <SelectPasteCheckbox
                  paste={paste}
                  checked={selected.has(paste.id)}
                  onToggle={onToggle}
                />
              </Table.Td>
              <Table.Td maw={200}>
                <SlugLink slug={paste.slug} />
              </Table.Td>
              <Table.Td maw={180}>
                <RemarkText remark={paste.remark} />
              </Table.Td>
              <Table.Td maw={240}>
                <TruncatedText text={paste.preview} dimmed />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(paste.size_bytes, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <PasswordBadge hasPassword={paste.has_password} />
              </Table.Td>
              <Table.Td>
                <ExpiryCell expiresAt={paste.expires_at} now={now} />
              </Table.Td>
              <Table.Td>
                <ViewsCell paste={paste} />
              </Table.Td>
              <Table.Td>
                <CreatedCell createdAt={paste.created_at} />
              </Table.Td>
              {showCreator ? (
                <Table.Td>
                  <CreatorText createdBy={paste.created_by} />
                </Table.Td>
              ) : null}
              <Table.Td>
                <PasteActionsMenu paste={paste} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
