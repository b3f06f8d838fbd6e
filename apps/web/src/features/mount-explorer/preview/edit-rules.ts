import { EDITOR_CONTENT_MAX_BYTES } from '@pasteport/contract';
import { utf8ByteLength } from '../../../lib/utf8';
import { previewChoiceOf, TEXT_KINDS } from '../../file/preview-kind';

/** Whether the panel offers to edit a file, and if not, whether to say why. */
export type EditOffer = 'editable' | 'tooLarge' | 'none';

/** What decides the offer: the entry, and whether its folder may be written. */
export interface EditCandidate {
  name: string;
  mimetype: string | null;
  size: number;
  isDirectory: boolean;
  writable: boolean;
}

/**
 * Text files (those the file page previews as text, code, config, Markdown or HTML) may be
 * edited where the folder is writable, up to the editor's limit (SPEC §9). A larger one is
 * refused with a reason; anything else is simply not offered.
 */
export function editOfferOf(entry: EditCandidate): EditOffer {
  if (entry.isDirectory || !entry.writable) return 'none';
  const choice = previewChoiceOf(entry.name, entry.mimetype ?? '');
  if (!TEXT_KINDS.has(choice.kind)) return 'none';
  return entry.size > EDITOR_CONTENT_MAX_BYTES ? 'tooLarge' : 'editable';
}

/**
 * True when `text` is over the editor's limit in UTF-8 bytes. Runs on every keystroke, so
 * the length alone decides when it can: a UTF-16 unit is one to three bytes.
 */
export function exceedsEditorLimit(text: string, max = EDITOR_CONTENT_MAX_BYTES): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  return utf8ByteLength(text) > max;
}
