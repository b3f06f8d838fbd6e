import {
  IconBold,
  IconCode,
  IconHeading,
  IconItalic,
  IconLink,
  IconList,
  IconListCheck,
  IconListNumbers,
  IconMathFunction,
  IconQuote,
  IconSeparatorHorizontal,
  IconSourceCode,
  IconStrikethrough,
  IconTable,
  type Icon,
} from '@tabler/icons-react';
import {
  cycleHeading,
  insertCodeBlock,
  insertHorizontalRule,
  insertMath,
  insertTable,
  toggleBold,
  toggleBulletList,
  toggleInlineCode,
  toggleItalic,
  toggleLink,
  toggleNumberedList,
  toggleQuote,
  toggleStrikethrough,
  toggleTaskList,
  type MarkdownTransform,
} from './transforms';

/** Names of the toolbar buttons; each has a label under editor.toolbar. */
export type ToolbarActionId =
  | 'bold'
  | 'italic'
  | 'strikethrough'
  | 'code'
  | 'heading'
  | 'quote'
  | 'bulletList'
  | 'numberedList'
  | 'taskList'
  | 'link'
  | 'codeBlock'
  | 'table'
  | 'horizontalRule'
  | 'math';

/** One toolbar button: its icon, what it does and, for some, its key (CodeMirror notation). */
export interface ToolbarAction {
  id: ToolbarActionId;
  icon: Icon;
  transform: MarkdownTransform;
  shortcut?: 'Mod-b' | 'Mod-i' | 'Mod-k';
}

/** The buttons in groups (a divider between groups): text, blocks, lists, inserts. */
export const TOOLBAR_GROUPS: readonly (readonly ToolbarAction[])[] = [
  [
    { id: 'bold', icon: IconBold, transform: toggleBold, shortcut: 'Mod-b' },
    { id: 'italic', icon: IconItalic, transform: toggleItalic, shortcut: 'Mod-i' },
    { id: 'strikethrough', icon: IconStrikethrough, transform: toggleStrikethrough },
    { id: 'code', icon: IconCode, transform: toggleInlineCode },
  ],
  [
    { id: 'heading', icon: IconHeading, transform: cycleHeading },
    { id: 'quote', icon: IconQuote, transform: toggleQuote },
  ],
  [
    { id: 'bulletList', icon: IconList, transform: toggleBulletList },
    { id: 'numberedList', icon: IconListNumbers, transform: toggleNumberedList },
    { id: 'taskList', icon: IconListCheck, transform: toggleTaskList },
  ],
  [
    { id: 'link', icon: IconLink, transform: toggleLink, shortcut: 'Mod-k' },
    { id: 'codeBlock', icon: IconSourceCode, transform: insertCodeBlock },
    { id: 'table', icon: IconTable, transform: insertTable },
    { id: 'horizontalRule', icon: IconSeparatorHorizontal, transform: insertHorizontalRule },
    { id: 'math', icon: IconMathFunction, transform: insertMath },
  ],
];

/** Whether the platform's Mod key is Command (Apple) rather than Control. */
export function usesCommandKey(platform: string): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

/** A shortcut as people read it on this platform: "Ctrl+B" or "⌘B". */
export function shortcutText(shortcut: string, platform: string): string {
  const key = shortcut.replace(/^Mod-/, '');
  const display = key.length === 1 ? key.toUpperCase() : key;
  return usesCommandKey(platform) ? `⌘${display}` : `Ctrl+${display}`;
}

/** The platform string the browser reports (userAgentData where available). */
export function currentPlatform(): string {
  if (typeof navigator === 'undefined') return '';
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return data?.platform ?? navigator.platform ?? navigator.userAgent;
}
