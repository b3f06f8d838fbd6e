import { Anchor, Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MarkdownHeading } from '../../markdown';
import { topLevelOf } from '../view/headings';
import classes from './PasteLayout.module.css';

const INDENT_PX = 12;

/** The document's outline as links to its headings (wide screens, beside the document). */
export function ContentsNav({ headings }: { headings: readonly MarkdownHeading[] }) {
  const { t } = useTranslation();
  const top = topLevelOf(headings);
  return (
    <Box component="nav" aria-labelledby="paste-contents-title" className={classes.contents}>
      <Text id="paste-contents-title" size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs">
        {t('pasteView.contents.title')}
      </Text>
      <ul className={classes.contentsList}>
        {headings.map((heading) => (
          <li key={heading.id} style={{ paddingInlineStart: (heading.level - top) * INDENT_PX }}>
            <Anchor href={`#${heading.id}`} size="sm" c="dimmed" className={classes.contentsLink}>
              {heading.text}
            </Anchor>
          </li>
        ))}
      </ul>
    </Box>
  );
}
