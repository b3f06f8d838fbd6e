import { ActionIcon, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconExternalLink,
  IconLink,
  IconPencil,
  IconQrcode,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DeleteShareButton,
  EditShareButton,
  ShareActionButton,
} from '../../../components/share-access/ShareActionButton';
import type { MarkdownHeading } from '../../markdown';
import { MIN_HEADINGS_FOR_CONTENTS } from '../view/headings';
import { PRINT_HIDDEN } from '../view/print';
import type { ExportFormat } from '../view/use-export-actions';
import { COMPACT_ON_PHONES } from './compact-on-phones';
import { ContentsMenu } from './ContentsMenu';
import { EXPORT_ITEMS } from './export-items';
import { ExportMenu } from './ExportMenu';

export interface PasteActionBarProps {
  /** The raw-text link (with the password when one unlocked the paste). */
  rawUrl: string;
  /** Opening the raw text counts a view (the paste has a view limit). */
  rawCountsView: boolean;
  /** The paste is gone after this read: share links lead nowhere, so they are left out. */
  gone: boolean;
  headings: readonly MarkdownHeading[];
  /** Edit and delete are offered (the viewer manages this paste). */
  canManage: boolean;
  onCopyContent: () => void;
  onCopyLink: () => void;
  onShowQr: () => void;
  onExport: (format: ExportFormat) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * The slim bar above the document. Copy stays in view on every screen; on phones the other
 * actions move into a "More" menu so the bar keeps one row at 375 px.
 */
export function PasteActionBar(props: PasteActionBarProps) {
  const { t } = useTranslation();
  const { rawUrl, rawCountsView, gone, headings, canManage } = props;
  const rawHint = rawCountsView
    ? t('pasteView.actions.rawCountsView')
    : t('pasteView.actions.rawHint');
  const showContents = headings.length >= MIN_HEADINGS_FOR_CONTENTS;

  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      role="group"
      aria-label={t('pasteView.actions.label')}
      {...PRINT_HIDDEN}
    >
      <Group gap="xs" wrap="nowrap">
        <ShareActionButton
          Icon={IconCopy}
          label={t('pasteView.actions.copy')}
          variant="light"
          onClick={props.onCopyContent}
        />
        {gone ? null : (
          <ShareActionButton
            Icon={IconLink}
            label={t('pasteView.actions.copyLink')}
            onClick={props.onCopyLink}
            classNames={COMPACT_ON_PHONES}
          />
        )}
        {gone ? null : (
          <Tooltip label={rawHint} withinPortal>
            <Button
              visibleFrom="sm"
              component="a"
              href={rawUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              h={40}
              leftSection={<IconExternalLink size={18} aria-hidden />}
              aria-description={rawHint}
            >
              {t('pasteView.actions.raw')}
            </Button>
          </Tooltip>
        )}
        {gone ? null : (
          <ShareActionButton
            Icon={IconQrcode}
            label={t('pasteView.actions.qr')}
            visibleFrom="sm"
            onClick={props.onShowQr}
          />
        )}
        <ExportMenu onExport={props.onExport} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {showContents ? <ContentsMenu headings={headings} /> : null}
        {canManage && !gone ? <EditShareButton visibleFrom="sm" onClick={props.onEdit} /> : null}
        {canManage ? <DeleteShareButton visibleFrom="sm" onClick={props.onDelete} /> : null}
        <MoreMenu {...props} rawHint={rawHint} />
      </Group>
    </Group>
  );
}

/** Phones: the actions that do not fit the bar. */
function MoreMenu(props: PasteActionBarProps & { rawHint: string }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon hiddenFrom="sm" variant="default" aria-label={t('pasteView.actions.more')}>
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {props.gone ? null : (
          <>
            <Menu.Item
              component="a"
              href={props.rawUrl}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('pasteView.actions.raw')}
              <Text size="xs" c="dimmed">
                {props.rawHint}
              </Text>
            </Menu.Item>
            <Menu.Item leftSection={<IconQrcode size={16} aria-hidden />} onClick={props.onShowQr}>
              {t('pasteView.actions.qr')}
            </Menu.Item>
          </>
        )}
        <Menu.Label>{t('pasteView.export.button')}</Menu.Label>
        {EXPORT_ITEMS.map(({ format, Icon }) => (
          <Menu.Item
            key={format}
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => props.onExport(format)}
          >
            {t(`pasteView.export.formats.${format}`)}
          </Menu.Item>
        ))}
        {props.canManage ? (
          <>
            <Menu.Divider />
            {props.gone ? null : (
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={props.onEdit}>
                {t('common.edit')}
              </Menu.Item>
            )}
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={props.onDelete}
            >
              {t('common.delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
