import { Toolbar, Tooltip } from '@mantine/core';
import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './MarkdownEditor.module.css';
import { currentPlatform, shortcutText, TOOLBAR_GROUPS } from './toolbar-actions';
import type { MarkdownTransform } from './transforms';

/**
 * The Markdown formatting buttons: one tab stop, arrow keys move between buttons (WAI-ARIA
 * toolbar pattern, through Mantine's Toolbar). Each has a name and a tooltip with its shortcut.
 */
export const EditorToolbar = memo(function EditorToolbar({
  onAction,
}: {
  onAction: (transform: MarkdownTransform) => void;
}) {
  const { t } = useTranslation();
  const platform = currentPlatform();
  return (
    <Toolbar aria-label={t('editor.toolbar.label')} withBorder={false} className={classes.toolbar}>
      {TOOLBAR_GROUPS.map((group, index) => (
        <Fragment key={group[0]?.id ?? index}>
          {index > 0 ? <Toolbar.Divider /> : null}
          {group.map(({ id, icon: Icon, transform, shortcut }) => {
            const name = t(`editor.toolbar.${id}`);
            const tip = shortcut ? `${name} (${shortcutText(shortcut, platform)})` : name;
            return (
              <Tooltip key={id} label={id === 'heading' ? t('editor.toolbar.headingHint') : tip}>
                <Toolbar.Toggle
                  className={classes.toolButton}
                  aria-label={name}
                  // Keeps the editor's focus and selection on mouse clicks.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onAction(transform)}
                >
                  <Icon size={20} stroke={1.75} aria-hidden />
                </Toolbar.Toggle>
              </Tooltip>
            );
          })}
        </Fragment>
      ))}
    </Toolbar>
  );
});
