import { decodedPathProblem, encodedPathProblem } from './path-safety';

describe('encodedPathProblem', () => {
  it('lets ordinary paths through: ids, tokens, an encoded slash or space, a literal %', () => {
    for (const path of [
      '/api/wiki/pages/42',
      '/public/pages/cwl_abc-DEF_123',
      '/api/wiki/pages/a...b',
      '/api/wiki/pages/a%2Fb',
      '/api/wiki/pages/a%20b',
      '/api/wiki/pages/50%25',
      '/api/wiki/pages/caf%C3%A9',
      '//api/wiki',
    ]) {
      expect({ path, problem: encodedPathProblem(path) }).toEqual({ path, problem: undefined });
    }
  });

  it.each([
    ['..%2F', 'dot-segment'],
    ['%2e%2e%2f', 'dot-segment'],
    ['%2e%2E%2f', 'dot-segment'],
    ['.%2e/', 'dot-segment'],
    ['%2e.', 'dot-segment'],
    ['.', 'dot-segment'],
    ['...', 'dot-segment'],
    ['..foo', 'dot-segment'],
    ['x..%2Fy', 'dot-segment'],
    ['x%3F..%2F', 'dot-segment'],
    ['..%252F', 'dot-segment'],
    ['..%255C', 'dot-segment'],
    ['..%5C', 'backslash'],
    ['x%5Cy', 'backslash'],
    ['%252e%252e%252f', 'encoded-twice'],
    ['%25%32%65%25%32%65%25%32%66', 'encoded-twice'],
    ['%25252e%25252e', 'encoded-twice'],
    ['%25c0%25ae%25c0%25ae', 'encoded-twice'],
    ['%25u002e%25u002e', 'encoded-twice'],
    ['%u002e%u002e', 'encoding'],
    ['a%2541', 'encoded-twice'],
    ['%c0%ae%c0%ae%2f', 'encoding'],
    ['%C0%AE', 'encoding'],
    ['%ff', 'encoding'],
    ['%', 'encoding'],
  ])('refuses %s in a path parameter as %s', (value, problem) => {
    expect(encodedPathProblem(`/public/pages/${value}`)).toBe(problem);
    expect(encodedPathProblem(`/api/wiki/pages/${value}/appends`)).toBe(problem);
  });

  it('reads a long hostile path in linear time', () => {
    const path = `/api/wiki/pages/${'%252e'.repeat(20_000)}`;
    const began = performance.now();
    expect(encodedPathProblem(path)).toBe('encoded-twice');
    expect(performance.now() - began).toBeLessThan(200);
  });
});

describe('decodedPathProblem', () => {
  it('checks a value as it will stand in one path parameter', () => {
    expect(decodedPathProblem('0b9c3b0e-8f3a-4a51-9b1c-2d3e4f5a6b7c')).toBeUndefined();
    expect(decodedPathProblem('a/b')).toBeUndefined();
    expect(decodedPathProblem('..')).toBe('dot-segment');
    expect(decodedPathProblem('../x')).toBe('dot-segment');
    expect(decodedPathProblem('..%2F')).toBe('dot-segment');
    expect(decodedPathProblem('%2e%2e/')).toBe('encoded-twice');
    expect(decodedPathProblem('%2e%2e')).toBe('encoded-twice');
    expect(decodedPathProblem('a\\b')).toBe('backslash');
  });
});
