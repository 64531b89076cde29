import { loadWorkflowsConfig } from './workflows.config';

describe('the workflows settings', () => {
  it('execute 200 runs at once, 50 of one company, whatever the database pool, unless set', () => {
    expect(loadWorkflowsConfig({}).RUNS_CONCURRENCY).toBe(200);
    expect(loadWorkflowsConfig({}).RUNS_PER_COMPANY_CONCURRENCY).toBe(50);
    const set = loadWorkflowsConfig({ RUNS_CONCURRENCY: '32', RUNS_PER_COMPANY_CONCURRENCY: '8' });
    expect([set.RUNS_CONCURRENCY, set.RUNS_PER_COMPANY_CONCURRENCY]).toEqual([32, 8]);
  });

  it('refuse a concurrency that is not a whole number from 1 to 2,000, with one line', () => {
    for (const name of ['RUNS_CONCURRENCY', 'RUNS_PER_COMPANY_CONCURRENCY']) {
      for (const value of ['0', 'abc', '2001', '1.5']) {
        expect(() => loadWorkflowsConfig({ [name]: value })).toThrow(
          new RegExp(`^Invalid setting ${name}`),
        );
      }
    }
  });
});
