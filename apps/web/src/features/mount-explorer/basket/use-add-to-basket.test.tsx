import type { FsItem } from '@pasteport/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { seedAdminSession } from '../../../test/sessions';
import { describeAddOutcome, useAddToBasket } from './use-add-to-basket';
import { renderPart } from '../actions/explorer-test-kit';

const item = (path: string): FsItem => ({
  name: path.split('/').at(-1) ?? path,
  path,
  isDirectory: false,
  size: 1,
  modified: null,
  mimetype: null,
});

describe('describeAddOutcome', () => {
  const { t } = createI18n('en');

  it('says what was added, what was there already and what was refused', () => {
    expect(describeAddOutcome({ entries: [], added: 2, skipped: 1, refused: 3 }, t)).toEqual([
      'Added 2 items to the basket.',
      '1 already in the basket.',
      '3 not added: the basket holds at most 1000 items.',
    ]);
  });

  it('leaves out what did not happen', () => {
    expect(describeAddOutcome({ entries: [], added: 1, skipped: 0, refused: 0 }, t)).toEqual([
      'Added 1 item to the basket.',
    ]);
  });
});

function AddButton({ items }: { items: FsItem[] }) {
  const add = useAddToBasket();
  return <button onClick={() => add(items)}>add</button>;
}

describe('useAddToBasket', () => {
  it('adds and notifies', async () => {
    seedAdminSession();
    renderPart(<AddButton items={[item('/m/a'), item('/m/b'), item('/m/a')]} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'add' }));
    expect(
      await screen.findByText('Added 2 items to the basket. 1 already in the basket.'),
    ).toBeInTheDocument();
  });
});
