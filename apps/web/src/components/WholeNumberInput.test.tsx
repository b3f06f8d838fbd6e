import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createAppRenderer } from '../test/render-app';
import { digitsOf, stepped, WholeNumberInput } from './WholeNumberInput';

/** The field as a form holds it: the value it reports is the value it shows. */
function Field({ min, max }: { min?: number; max?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      <WholeNumberInput label="Views" value={value} onChange={setValue} min={min} max={max} />
      <output data-testid="held">{JSON.stringify(value)}</output>
    </>
  );
}

const renderField = (props: { min?: number; max?: number } = {}) =>
  createAppRenderer([{ path: '*', element: <Field {...props} /> }])('/');

describe('WholeNumberInput', () => {
  it('keeps only digits of what is typed or pasted', async () => {
    const { user } = renderField();
    const field = await screen.findByRole('textbox', { name: 'Views' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '-1.5e3x');
    expect(field).toHaveValue('153');
    await user.clear(field);
    await user.click(field);
    await user.paste('1 000');
    expect(screen.getByTestId('held')).toHaveTextContent('"1000"');
  });

  it('steps with the arrow keys within its bounds', async () => {
    const { user } = renderField({ min: 1, max: 3 });
    const field = await screen.findByRole('textbox', { name: 'Views' });
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('1');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(field).toHaveValue('3');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(field).toHaveValue('1');
  });

  it('leaves a typed number out of range for the form to name', async () => {
    const { user } = renderField({ min: 1, max: 3 });
    const field = await screen.findByRole('textbox', { name: 'Views' });
    await user.type(field, '0');
    expect(field).toHaveValue('0');
    await user.type(field, '9');
    expect(screen.getByTestId('held')).toHaveTextContent('"09"');
  });

  it('parses and steps as a pure function too', () => {
    expect(digitsOf('١٢ 34')).toBe('34');
    expect(stepped('', 1)).toBe('0');
    expect(stepped('', -1, 0)).toBe('0');
    expect(stepped('7', 1, 0, 7)).toBe('7');
    expect(stepped('0', -1, 0)).toBe('0');
  });
});
