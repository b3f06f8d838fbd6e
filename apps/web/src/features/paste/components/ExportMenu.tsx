import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../view/use-export-actions';
import { EXPORT_ITEMS } from './export-items';

/** The export formats as a menu button (wide screens; phones get them in "More"). */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          visibleFrom="sm"
          variant="default"
          h={40}
          leftSection={<IconDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {t('pasteView.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORT_ITEMS.map(({ format, Icon }) => (
          <Menu.Item
            key={format}
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => onExport(format)}
          >
            {t(`pasteView.export.formats.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
