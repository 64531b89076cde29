import { loadWorkflowsConfig } from './workflows.config';

describe('the workflows settings', () => {
  it('execute one run fewer at once than the database pool has connections, unless set', () => {
    expect(loadWorkflowsConfig({}).runConcurrency(5)).toBe(4);
    expect(loadWorkflowsConfig({}).runConcurrency(1)).toBe(1);
    expect(loadWorkflowsConfig({ RUNS_CONCURRENCY: '32' }).runConcurrency(5)).toBe(32);
  });

  it('refuse a concurrency that is not a whole number from 1 to 256, with one line', () => {
    for (const value of ['0', 'abc', '257', '1.5']) {
      expect(() => loadWorkflowsConfig({ RUNS_CONCURRENCY: value })).toThrow(
        /^Invalid setting RUNS_CONCURRENCY/,
      );
    }
  });
});
