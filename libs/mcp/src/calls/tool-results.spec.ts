import type { ToolRoute } from '../catalog/tool-route';
import { numericPageId, ToolArgumentError } from './tool-arguments';
import { RESULT_TEXT_LIMIT, refusalResult, successResult } from './tool-results';

const route = {
  queryParameters: [
    { name: 'limit', required: false, schema: {} },
    { name: 'offset', required: false, schema: {} },
  ],
} as ToolRoute;

describe('tool results', () => {
  it('cuts a long text block with a paging hint, keeping the whole in structuredContent', () => {
    const value = { results: ['x'.repeat(RESULT_TEXT_LIMIT)] };
    const result = successResult(value, route);
    const [text] = result.content as { text: string }[];
    expect(text.text.length).toBeLessThan(RESULT_TEXT_LIMIT + 300);
    expect(text.text).toContain('`offset`');
    expect(result.structuredContent).toBe(value);
  });

  it('turns a REST refusal into an error result with the code, message and what to do next', () => {
    const result = refusalResult({
      status: 403,
      body: {
        success: false,
        error: { code: 'ACCESS_DENIED', message: 'No.', details: { scope: 'wiki:write' } },
      },
    });
    expect(result.isError).toBe(true);
    const [text] = result.content as { text: string }[];
    expect(JSON.parse(text.text)).toEqual({
      error: {
        status: 403,
        code: 'ACCESS_DENIED',
        message: 'No.',
        details: { scope: 'wiki:write' },
        next_action: 'Use a token that has one of the scopes: wiki:write.',
      },
    });
  });

  it('names the scope to ask for on a step-up when REST says which (insufficient_scope)', () => {
    const details = {
      error: 'insufficient_scope',
      scope: 'wiki:write',
      request_scope: 'wiki:read workflows:read wiki:write',
    };
    const result = refusalResult({
      status: 403,
      body: { error: { code: 'ACCESS_DENIED', message: 'No.', details } },
    });
    const [text] = result.content as { text: string }[];
    const { error } = JSON.parse(text.text) as { error: Record<string, unknown> };
    expect(result.isError).toBe(true);
    expect(error.details).toEqual(details);
    expect(error.next_action).toBe(
      'Use a token that has one of the scopes: wiki:write. An OAuth client authorizes again ' +
        'asking for scope "wiki:read workflows:read wiki:write" (the scopes it holds and the ' +
        'one this tool needs); an API key is replaced by one with that scope.',
    );
  });
});

describe('numericPageId', () => {
  it('takes a positive integer or digits, and refuses a UUID by saying what to send', () => {
    expect(numericPageId(42)).toBe('42');
    expect(numericPageId('42')).toBe('42');
    expect(() => numericPageId('3f6c2a4e-8d1b-4c7e-9a2f-5b0d6e1c7a93')).toThrow(/numeric page id/);
    expect(() => numericPageId(0)).toThrow(ToolArgumentError);
    expect(() => numericPageId(1.5)).toThrow(ToolArgumentError);
  });
});
