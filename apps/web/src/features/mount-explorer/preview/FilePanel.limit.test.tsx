import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Contract from '@pasteport/contract';
import {
  editorViewByLabel,
  installCodeMirrorLayoutStubs,
  typeInEditor,
} from '../../../test/kits/editor-kit';
import { EDITOR, editNotes } from './file-panel-kit';

// A 16-byte editor limit stands in for 10 MB: CodeMirror in jsdom is slow with huge texts.
vi.mock('@pasteport/contract', async (importOriginal) => ({
  ...(await importOriginal<typeof Contract>()),
  EDITOR_CONTENT_MAX_BYTES: 16,
}));

installCodeMirrorLayoutStubs();

describe('file panel editor limit', () => {
  it('refuses to save text over the limit in UTF-8 bytes, until it is short enough again', async () => {
    const { panel } = await editNotes({}, 'twelve chars');
    const save = within(panel).getByRole('button', { name: 'Save' });
    // 12 + 4 bytes: at the limit.
    typeInEditor(EDITOR, ' abc');
    expect(save).toBeEnabled();
    // One character more, of three bytes: over it.
    typeInEditor(EDITOR, '二');
    expect(
      await within(panel).findByText(/larger than 16 B, the most that can be saved here/),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();

    const view = editorViewByLabel(EDITOR);
    const end = view.state.doc.length;
    view.dispatch({ changes: { from: end - 1, to: end }, userEvent: 'delete.backward' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(within(panel).queryByText(/the most that can be saved here/)).not.toBeInTheDocument();
  });
});
