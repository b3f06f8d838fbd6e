import type { Language } from '@pasteport/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mermaid } from 'mermaid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { createAuthStore } from '../../lib/auth';
import { createI18n } from '../../lib/i18n';
import { MarkdownView, type MarkdownViewProps } from './index';

/*
 * Mermaid cannot lay out diagrams in jsdom (no SVG text measurement), so its loader is mocked
 * here with a fake that returns SVG; real diagrams are drawn by the e2e tests in Chromium.
 */
const mermaidMock = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn((id: string) =>
    Promise.resolve({ svg: `<svg id="${id}"><script>alert(1)</script><text>drawn</text></svg>` }),
  ),
}));
vi.mock('./lazy/mermaid', () => ({
  loadMermaid: () => Promise.resolve(mermaidMock as unknown as Mermaid),
}));

function providers(props: MarkdownViewProps, language: Language) {
  return (
    <AppProviders
      i18n={createI18n(language)}
      queryClient={createQueryClient()}
      authStore={createAuthStore()}
      mantineEnv="test"
    >
      <MarkdownView {...props} />
    </AppProviders>
  );
}

function renderView(props: MarkdownViewProps, { language = 'en' }: { language?: Language } = {}) {
  const view = render(providers(props, language));
  return {
    ...view,
    update: (next: MarkdownViewProps) => view.rerender(providers(next, language)),
  };
}

afterEach(() => {
  mermaidMock.initialize.mockClear();
  mermaidMock.render.mockClear();
});

describe('MarkdownView', () => {
  it('shows a small document needing nothing lazy on the first render, sanitised', () => {
    renderView({ source: '# Hello\n\n<img src=x onerror=alert(1)> **bold**', className: 'extra' });
    const view = screen.getByTestId('markdown-view');
    expect(within(view).getByRole('heading', { level: 1, name: 'Hello' })).toBeInTheDocument();
    expect(view).toHaveClass('extra');
    expect(view.querySelector('[onerror]')).toBeNull();
    expect(within(view).getByText('bold').tagName).toBe('STRONG');
  });

  it('shows a skeleton while the lazy parts of a document load', async () => {
    renderView({ source: '# Math\n\n$E=mc^2$' });
    const loading = screen.getByTestId('markdown-view');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(
      within(loading).getByRole('status', { name: 'Rendering the document…' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: /Math/ });
    expect(screen.getByTestId('markdown-view').querySelector('.katex')).not.toBeNull();
  });

  it('shows plain text as it is, never parsed', () => {
    const onHeadings = vi.fn();
    renderView({ source: '# Not a heading <b>x</b>\n  indented', plainText: true, onHeadings });
    const view = screen.getByTestId('markdown-view');
    expect(view.tagName).toBe('PRE');
    expect(view.textContent).toBe('# Not a heading <b>x</b>\n  indented');
    expect(view.querySelector('b, h1')).toBeNull();
    expect(onHeadings).toHaveBeenCalledWith([]);
  });

  it('reports headings after each render and renders only the latest of quick changes', async () => {
    const onHeadings = vi.fn();
    const { update } = renderView({ source: '# One', onHeadings });
    await waitFor(() =>
      expect(onHeadings).toHaveBeenLastCalledWith([{ level: 1, text: 'One', id: 'one' }]),
    );

    update({ source: '# Two', onHeadings });
    update({ source: '# Three\n\n## Three', onHeadings });
    await waitFor(() =>
      expect(onHeadings).toHaveBeenLastCalledWith([
        { level: 1, text: 'Three', id: 'three' },
        { level: 2, text: 'Three', id: 'three-1' },
      ]),
    );
    expect(onHeadings).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('heading', { level: 2, name: 'Three' })).toHaveAttribute(
      'id',
      'three-1',
    );
  });

  it('renders a long document in segments and replaces only the segments that change', async () => {
    const part = (n: number) => `## Part ${n}\n\n${'Some words in a paragraph. '.repeat(40)}`;
    const parts = Array.from({ length: 60 }, (_, n) => part(n));
    const { update } = renderView({ source: parts.join('\n\n') });
    const last = await screen.findByRole('heading', { name: 'Part 59' });
    const view = screen.getByTestId('markdown-view');
    expect(view).toHaveAttribute('data-segmented');
    const segments = view.querySelectorAll(':scope > .pp-segment');
    expect(segments.length).toBeGreaterThan(1);

    update({ source: ['## Changed', ...parts.slice(1)].join('\n\n') });
    await screen.findByRole('heading', { name: 'Changed' });
    // The last segment's DOM was left alone (same node), the first was replaced.
    expect(screen.getByRole('heading', { name: 'Part 59' })).toBe(last);
    expect(screen.queryByRole('heading', { name: 'Part 0' })).toBeNull();
  });

  it('puts a keyboard-reachable copy button on code blocks that copies the code', async () => {
    const user = userEvent.setup();
    renderView({ source: '```\nnpm run build\n```' });
    const button = await screen.findByRole('button', { name: 'Copy code' });
    await user.tab();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe('npm run build\n');
    expect(button).toHaveAccessibleName('Copied');
  });

  it('labels the copy button in Chinese', async () => {
    renderView({ source: '```\nx\n```' }, { language: 'zh-CN' });
    expect(await screen.findByRole('button', { name: '复制代码' })).toBeInTheDocument();
  });

  it('draws mermaid diagrams lazily, sanitised, in the current colour scheme', async () => {
    window.localStorage.setItem('pasteport.theme', 'dark');
    renderView({ source: 'Before\n\n```mermaid\ngraph TD\nA-->B\n```\n\nAfter' });
    await screen.findByText('After');
    const view = screen.getByTestId('markdown-view');
    await waitFor(() => expect(view.querySelector('.mermaid-diagram svg')).not.toBeNull());
    expect(mermaidMock.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ securityLevel: 'strict', theme: 'dark', startOnLoad: false }),
    );
    expect(view.querySelector('script')).toBeNull();
    expect(view).toHaveTextContent('drawn');
    expect(view).toHaveTextContent('After');
  });

  it('shows an inline message with the source when a diagram cannot be drawn', async () => {
    mermaidMock.render.mockRejectedValueOnce(new Error('Parse error'));
    renderView({ source: '```mermaid\nnot a diagram\n```\n\nStill here' });
    expect(
      await screen.findByText('This diagram could not be drawn. Check its Mermaid syntax below.'),
    ).toBeInTheDocument();
    const view = screen.getByTestId('markdown-view');
    expect(view).toHaveTextContent('not a diagram');
    expect(view).toHaveTextContent('Still here');
  });
});
