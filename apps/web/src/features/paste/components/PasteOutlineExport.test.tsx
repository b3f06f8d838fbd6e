import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubServer } from '../../../test/fake-server';
import { givenPaste } from '../../../test/kits/paste-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderPasteApp = createAppRenderer(appRoutes);

// A stand-in renderer that reports "# text" lines as headings, as the real one does after
// rendering; the exports are spies. The real renderer and exports have their own tests.
const exportsSpy = vi.hoisted(() => ({
  downloadMarkdown: vi.fn(),
  downloadHtml: vi.fn(),
  printDocument: vi.fn(),
  downloadPng: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../markdown', async (importOriginal) => {
  const { useEffect } = await import('react');
  interface Heading {
    level: number;
    text: string;
    id: string;
  }
  const headingsOf = (source: string): Heading[] =>
    source
      .split('\n')
      .map((line) => /^(#{1,6})\s+(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, hashes = '', text = '']) => ({
        level: hashes.length,
        text,
        id: text.toLowerCase().replace(/\s+/g, '-'),
      }));
  function MarkdownView({
    source,
    onHeadings,
  }: {
    source: string;
    onHeadings?: (headings: Heading[]) => void;
  }) {
    // Like the real renderer: a report after every render, with a fresh array each time.
    useEffect(() => onHeadings?.(headingsOf(source)));
    return <div data-testid="markdown-view">{source}</div>;
  }
  return { ...(await importOriginal<object>()), MarkdownView, ...exportsSpy };
});

const GET = 'GET /api/paste/notes';
const OUTLINED = '# Intro\ntext\n## Setup\nmore\n### Details\nend\n## Usage';

beforeEach(() => {
  for (const spy of Object.values(exportsSpy)) spy.mockClear();
});

async function openDocument(content: string) {
  stubServer({ [GET]: () => ok(givenPaste({ content })) });
  const view = renderPasteApp('/paste/notes');
  await screen.findByTestId('markdown-view');
  return view;
}

describe('paste view: outline and title', () => {
  it('lists three or more headings as contents linking to them, and titles the tab', async () => {
    const { user } = await openDocument(OUTLINED);
    const nav = await screen.findByRole('navigation', { name: 'Contents' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Intro', '#intro'],
      ['Setup', '#setup'],
      ['Details', '#details'],
      ['Usage', '#usage'],
    ]);
    expect(document.title).toBe('Intro · Pasteport');

    // Narrow screens get the same outline from a menu button.
    await user.click(screen.getByRole('button', { name: 'Contents' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '#intro',
      '#setup',
      '#details',
      '#usage',
    ]);
  });

  it('leaves the contents out for fewer than three headings; the title is still the first', async () => {
    await openDocument('# Only\ntext\n## Two');
    await waitFor(() => expect(document.title).toBe('Only · Pasteport'));
    expect(screen.queryByRole('navigation', { name: 'Contents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contents' })).not.toBeInTheDocument();
  });

  it('titles the tab with the slug when there is no heading', async () => {
    await openDocument('just text');
    await waitFor(() => expect(document.title).toBe('notes · Pasteport'));
  });
});

describe('paste view: export', () => {
  async function chooseExport(user: ReturnType<typeof renderPasteApp>['user'], format: string) {
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: format }));
  }

  async function exportAs(format: string) {
    const view = await openDocument(OUTLINED);
    await chooseExport(view.user, format);
    return view;
  }

  it('downloads the Markdown source named after the slug', async () => {
    await exportAs('Markdown (.md)');
    expect(exportsSpy.downloadMarkdown).toHaveBeenCalledWith(OUTLINED, 'notes');
  });

  it('makes HTML and PNG from the rendered document', async () => {
    const { user } = await exportAs('Web page (.html)');
    const [element, title, baseName] = exportsSpy.downloadHtml.mock.calls[0] as unknown as [
      HTMLElement,
      string,
      string,
    ];
    expect(element).toBe(screen.getByTestId('markdown-view'));
    expect([title, baseName]).toEqual(['Intro', 'notes']);

    await chooseExport(user, 'Image (.png)');
    expect(exportsSpy.downloadPng).toHaveBeenCalledWith(element, 'notes');
  });

  it('prints for PDF', async () => {
    await exportAs('PDF (print)');
    expect(exportsSpy.printDocument).toHaveBeenCalledOnce();
  });

  it('says so when an export fails', async () => {
    exportsSpy.downloadPng.mockRejectedValueOnce(new Error('canvas tainted'));
    await exportAs('Image (.png)');
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText(/The file could not be made/)).toBeInTheDocument();
  });

  it('keeps the action bar and outline out of print', async () => {
    await openDocument(OUTLINED);
    expect(screen.getByRole('group', { name: 'Paste actions' })).toHaveAttribute('data-print-hide');
    expect(
      screen.getByRole('navigation', { name: 'Contents' }).closest('[data-print-hide]'),
    ).not.toBeNull();
    expect(screen.getByTestId('paste-document').closest('[data-print-hide]')).toBeNull();
  });
});

describe('paste view: phone menu', () => {
  it('gathers raw, QR, exports, edit and delete under "More actions"', async () => {
    const { user } = await openDocument('text');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const names = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(names).toEqual([
      expect.stringContaining('Raw'),
      'QR code',
      'Markdown (.md)',
      'Web page (.html)',
      'PDF (print)',
      'Image (.png)',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Markdown (.md)' }));
    expect(exportsSpy.downloadMarkdown).toHaveBeenCalledWith('text', 'notes');
  });
});
