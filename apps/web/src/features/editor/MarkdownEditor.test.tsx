import { EditorView } from '@codemirror/view';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { MarkdownEditor, type MarkdownEditorProps } from './MarkdownEditor';
import {
  editorText,
  editorViewByLabel,
  installCodeMirrorLayoutStubs,
  selectInEditor,
  typeInEditor,
} from '../../test/kits/editor-kit';

installCodeMirrorLayoutStubs();

const LABEL = 'Paste text';

function renderEditor(props: Partial<MarkdownEditorProps> = {}) {
  const onChange = vi.fn();
  const view = render(
    <I18nextProvider i18n={createI18n('en')}>
      <MantineProvider env="test">
        <MarkdownEditor value="" onChange={onChange} label={LABEL} {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...view, onChange, user: userEvent.setup() };
}

describe('MarkdownEditor', () => {
  it('names the editing surface and shows the placeholder', () => {
    renderEditor({ placeholder: 'Write here' });
    const content = screen.getByRole('textbox', { name: LABEL });
    expect(content).toHaveAttribute('contenteditable', 'true');
    expect(content).toHaveAccessibleDescription(/press Esc, then Tab/);
    expect(screen.getByText('Write here')).toBeInTheDocument();
  });

  it('reports typing (keyboard and programmatic input) through onChange', async () => {
    const { onChange, user } = renderEditor();
    await user.click(screen.getByRole('textbox', { name: LABEL }));
    await user.keyboard('hi');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('hi'));
    typeInEditor(LABEL, ' there');
    expect(onChange).toHaveBeenLastCalledWith('hi there');
  });

  it('applies a toolbar transform to the selection', async () => {
    const { onChange, user } = renderEditor({ value: 'make this bold' });
    selectInEditor(LABEL, 5, 9);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(onChange).toHaveBeenLastCalledWith('make **this** bold');
    const { from, to } = editorViewByLabel(LABEL).state.selection.main;
    expect([from, to]).toEqual([7, 11]);
  });

  it('offers every formatting button in one toolbar, reachable with arrow keys', async () => {
    const { user } = renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = ['Bold', 'Italic', 'Strikethrough', 'Inline code', 'Heading', 'Quote'];
    names.push('Bulleted list', 'Numbered list', 'Task list', 'Link', 'Code block', 'Table');
    names.push('Horizontal rule', 'Math formula');
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    expect(toolbar).toContainElement(document.activeElement as HTMLElement);
  });

  it('hides the toolbar for plain text and when asked', () => {
    const { rerender } = renderEditor({ markdown: false });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    rerender(
      <I18nextProvider i18n={createI18n('en')}>
        <MantineProvider env="test">
          <MarkdownEditor value="" onChange={vi.fn()} label={LABEL} hideToolbar />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('applies a changed value without re-creating the editor or echoing it', () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState('first');
      return (
        <>
          <button type="button" onClick={() => setValue('second')}>
            replace
          </button>
          <MarkdownEditor value={value} onChange={onChange} label={LABEL} />
        </>
      );
    }
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MantineProvider env="test">
          <Harness />
        </MantineProvider>
      </I18nextProvider>,
    );
    const before = editorViewByLabel(LABEL);
    screen.getByRole('button', { name: 'replace' }).click();
    return waitFor(() => {
      expect(editorText(LABEL)).toBe('second');
      expect(editorViewByLabel(LABEL)).toBe(before);
      expect(onChange).not.toHaveBeenCalled();
    });
  });

  it('calls onSubmit on Ctrl+Enter and formats with Ctrl+B', async () => {
    const onSubmit = vi.fn();
    const { onChange, user } = renderEditor({ value: 'x', onSubmit, autoFocus: true });
    expect(screen.getByRole('textbox', { name: LABEL })).toHaveFocus();
    selectInEditor(LABEL, 0, 1);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.keyboard('{Control>}b{/Control}');
    expect(onChange).toHaveBeenLastCalledWith('**x**');
  });

  it('continues a list on Enter in Markdown mode only', async () => {
    const { onChange, user, rerender } = renderEditor({ value: '- one', autoFocus: true });
    selectInEditor(LABEL, 5, 5);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('- one\n- ');
    rerender(
      <I18nextProvider i18n={createI18n('en')}>
        <MantineProvider env="test">
          <MarkdownEditor value="- two" onChange={onChange} label={LABEL} markdown={false} />
        </MantineProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(editorText(LABEL)).toBe('- two'));
    selectInEditor(LABEL, 5, 5);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('- two\n');
  });

  it('follows the colour scheme without re-creating the editor', () => {
    const { rerender } = renderEditor();
    const view = editorViewByLabel(LABEL);
    expect(view.state.facet(EditorView.darkTheme)).toBe(false);
    rerender(
      <I18nextProvider i18n={createI18n('en')}>
        <MantineProvider env="test" forceColorScheme="dark">
          <MarkdownEditor value="" onChange={vi.fn()} label={LABEL} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(editorViewByLabel(LABEL)).toBe(view);
    expect(view.state.facet(EditorView.darkTheme)).toBe(true);
  });

  it('lets keyboard users leave with Esc then Tab, while Tab alone indents', () => {
    const { onChange } = renderEditor({ value: 'line', autoFocus: true });
    const content = screen.getByRole('textbox', { name: LABEL });
    selectInEditor(LABEL, 0, 0);
    // fireEvent, not user-event: CodeMirror's tab-focus mode reads keyCode, which user-event
    // leaves at 0. A keydown that is not cancelled is one the browser turns into a focus move.
    const tab = () => fireEvent.keyDown(content, { key: 'Tab', code: 'Tab', keyCode: 9 });
    expect(tab()).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith('  line');
    fireEvent.keyDown(content, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(tab()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
