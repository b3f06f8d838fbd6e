import { describe, expect, it } from 'vitest';
import { ApiError, describeApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import { describeProblem, isRetryable } from './problem-text';

const t = createI18n('en').t;

describe('problem texts', () => {
  it('word the share problems from the kind of share', () => {
    expect(describeProblem('expired', undefined, 'file.problem', t)).toBe(
      'It was shared for a limited time, and that time has passed. Ask the sender to share it again.',
    );
    expect(describeProblem('notFound', undefined, 'pasteView.problem', t)).toMatch(/^Check that/);
  });

  it('say what the request ran into, then what to do, and offer a retry', () => {
    const error = new ApiError({
      context: 'default',
      transport: 'fetch',
      method: 'GET',
      url: '/api/paste/x',
      kind: 'network',
    });
    expect(describeProblem('network', error, 'pasteView.problem', t)).toBe(
      `${describeApiError(error, t)} Check your connection, then try again.`,
    );
    expect(isRetryable('network')).toBe(true);
    expect(isRetryable('other')).toBe(true);
    expect(isRetryable('gone')).toBe(false);
  });
});
