import type { PasteView } from '@pasteport/contract';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { errorBody, jsonResponse } from './api-kit';
import type { PasteGoneReason } from '@pasteport/contract';

const DAY_MS = 86_400_000;

/** A paste as GET /api/paste/{slug} shows it; timestamps relative to now. */
export function givenPaste(patch: Partial<PasteView> = {}): PasteView {
  const created = new Date(Date.now() - 2 * 3_600_000).toISOString();
  return {
    slug: 'notes',
    content: 'Hello world',
    remark: null,
    expires_at: null,
    max_views: 0,
    views: 1,
    remaining_views: null,
    has_password: false,
    created_at: created,
    updated_at: created,
    manage_id: null,
    ...patch,
  };
}

/** An instant `days` from now, as the server writes it. */
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A 410 as the server sends it, with its own message (which tells the two kinds apart). */
export function gone(reason?: PasteGoneReason): Response {
  const details = reason ? [{ field: 'paste', rule: reason, message: 'gone' }] : undefined;
  return jsonResponse(410, { ...errorBody(410, 'GONE', 'Server prose'), details });
}

/**
 * Waits until the rendered document shows `text` (the renderer may load and render
 * asynchronously), so these tests do not depend on how Markdown turns into HTML.
 */
export async function expectDocumentText(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('paste-document')).toHaveTextContent(text));
}
