import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceErrorBodySchema, serviceErrorText } from '../../../main/service/service-error';

describe('ServiceErrorBodySchema', () => {
  it('reads a message, a list of messages, or falls back to the error name', () => {
    const text = (v: unknown) => {
      const r = ServiceErrorBodySchema.safeParse(v);
      return r.success ? serviceErrorText(r.data) : 'unparsed';
    };
    expect(text({ statusCode: 404, message: 'Task item not found', error: 'Not Found' })).toBe(
      'Task item not found',
    );
    expect(text({ statusCode: 400, message: ['a', 'b'], error: 'Bad Request' })).toBe('a; b');
    expect(text({ statusCode: 403, message: 'Forbidden' })).toBe('Forbidden');
    expect(text({ statusCode: 500, error: 'Internal Server Error' })).toBe('Internal Server Error');
  });
});

describe('the error body schema never throws', () => {
  it('whatever the service sends', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => ServiceErrorBodySchema.safeParse(value)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
