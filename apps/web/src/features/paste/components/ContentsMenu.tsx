import { Button, Menu } from '@mantine/core';
import { IconListTree } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkdownHeading } from '../../markdown';
import { topLevelOf } from '../view/headings';
import { COMPACT_ON_PHONES } from './compact-on-phones';

/** The outline as a menu, for screens too narrow for the side column. */
export function ContentsMenu({ headings }: { headings: readonly MarkdownHeading[] }) {
  const { t } = useTranslation();
  const top = topLevelOf(headings);
  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <Button
          hiddenFrom="lg"
          variant="default"
          h={40}
          leftSection={<IconListTree size={18} aria-hidden />}
          classNames={COMPACT_ON_PHONES}
        >
          {t('pasteView.contents.title')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="60dvh" style={{ overflowY: 'auto' }}>
        {headings.map((heading) => (
          <Menu.Item
            key={heading.id}
            component="a"
            href={`#${heading.id}`}
            pl={12 + (heading.level - top) * 12}
          >
            {heading.text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
