import type { Report } from '../../reports/report';
import { reportPageMarkdown } from './report-page';

const report = (deliverables: Report['presentation']['deliverables']): Report => ({
  id: 'run-1',
  schema_version: 2,
  workflow: { id: 'wf-1', number: 3, name: 'Digest' },
  title: null,
  created_at: '2026-01-01T00:00:00.000Z',
  completed_at: '2026-01-01T00:00:01.000Z',
  presentation: {
    execution_status: 'completed',
    outcome: { status: 'succeeded', summary: 'Completed all 2 steps.' },
    states: [],
    deliverables,
    delivery_receipts: [],
  },
});

describe('reportPageMarkdown', () => {
  it('is the summary alone when the workflow declares no deliverables', () => {
    expect(reportPageMarkdown(report([]))).toBe('Run run-1 of Digest: Completed all 2 steps.\n');
  });

  it('lists each deliverable: text as it is, other values as JSON, missing ones as missing', () => {
    const markdown = reportPageMarkdown(
      report([
        { name: 'text', required: true, status: 'delivered', value: 'Hello' },
        { name: 'data', required: false, status: 'delivered', value: { n: 1 } },
        { name: 'page', required: true, status: 'missing' },
      ]),
    );
    expect(markdown).toBe(
      [
        'Run run-1 of Digest: Completed all 2 steps.',
        '',
        '## Deliverables',
        '',
        '- **text**: Hello',
        '- **data**: `{"n":1}`',
        '- **page**: missing',
        '',
      ].join('\n'),
    );
  });
});
