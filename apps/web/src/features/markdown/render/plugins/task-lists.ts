import type MarkdownIt from 'markdown-it';
import type { StateCore, Token } from 'markdown-it';

// GFM: "[ ]", "[x]" or "[X]" at the start of a list item's first paragraph, then whitespace.
const MARKER = /^\[([ xX])\](?=[ \t]|$)[ \t]?/;

function htmlToken(state: StateCore, content: string): Token {
  const token = new state.Token('html_inline', '', 0);
  token.content = content;
  return token;
}

/** Marks the list (the one opening at `level` just before `from`) as containing tasks. */
function markParentList(tokens: Token[], from: number, level: number): void {
  for (let index = from; index >= 0; index -= 1) {
    const token = tokens[index];
    if (token?.level !== level) continue;
    if (token.type !== 'bullet_list_open' && token.type !== 'ordered_list_open') continue;
    if (!token.attrGet('class')?.includes('contains-task-list')) {
      token.attrJoin('class', 'contains-task-list');
    }
    return;
  }
}

/**
 * GitHub task lists: `- [ ] todo` / `- [x] done` become disabled checkboxes. The checkbox and
 * the item's text are wrapped in a <label>, so the checkbox is named by its task.
 */
export function taskListsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('task_lists', (state) => {
    const tokens = state.tokens;
    for (let index = 2; index < tokens.length; index += 1) {
      const inline = tokens[index];
      const paragraph = tokens[index - 1];
      const item = tokens[index - 2];
      if (inline?.type !== 'inline' || paragraph?.type !== 'paragraph_open') continue;
      if (item?.type !== 'list_item_open') continue;
      const children = inline.children ?? [];
      const first = children[0];
      if (first?.type !== 'text') continue;
      const match = MARKER.exec(first.content);
      if (!match) continue;

      first.content = first.content.slice(match[0].length);
      const checked = match[1] !== ' ';
      const checkbox = `<input class="task-list-item-checkbox" type="checkbox" disabled=""${checked ? ' checked=""' : ''}>`;
      inline.children = [
        htmlToken(state, `<label>${checkbox}`),
        ...children,
        htmlToken(state, '</label>'),
      ];
      item.attrJoin('class', 'task-list-item');
      markParentList(tokens, index - 3, item.level - 1);
    }
    return false;
  });
}
