import { pathParameterValue, ToolArgumentError } from './tool-arguments';

function refusal(value: unknown): ToolArgumentError {
  try {
    pathParameterValue('page_id', value);
  } catch (error) {
    if (error instanceof ToolArgumentError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(value)} was let through`);
}

describe('pathParameterValue', () => {
  it('passes ids, tokens and numbers on as text', () => {
    expect(pathParameterValue('page_id', '0b9c3b0e-8f3a-4a51-9b1c-2d3e4f5a6b7c')).toBe(
      '0b9c3b0e-8f3a-4a51-9b1c-2d3e4f5a6b7c',
    );
    expect(pathParameterValue('token', 'cwl_abc-DEF_123')).toBe('cwl_abc-DEF_123');
    expect(pathParameterValue('notification_id', 42)).toBe('42');
    expect(pathParameterValue('page_id', 'a...b')).toBe('a...b');
  });

  it.each([
    ['..', /"\."/],
    ['.', /"\."/],
    ['../x', /"\."/],
    ['..%2F', /"\."/],
    ['..%252F', /"\."/],
    ['%2e%2e/', /percent-escape/],
    ['%2e%2e', /percent-escape/],
    ['%252e%252e%252f', /percent-escape/],
    ['a%41', /percent-escape/],
    ['..\\x', /backslash/],
    ['x\ud800', /surrogate/],
    ['', /empty/],
  ])('refuses %j by the argument name before any call', (value, message) => {
    const error = refusal(value);
    expect(error.field).toBe('page_id');
    expect(error.message).toMatch(message);
  });
});
