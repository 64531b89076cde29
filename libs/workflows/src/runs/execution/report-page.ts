import type { Report } from '../../reports/report';

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : `\`${JSON.stringify(value)}\``;
}

/** The Markdown a run writes to its workflow's output page: the report's summary. */
export function reportPageMarkdown(report: Report): string {
  const { outcome, deliverables } = report.presentation;
  const lines = [`Run ${report.id} of ${report.workflow.name}: ${outcome.summary}`];
  if (deliverables.length > 0) {
    lines.push('', '## Deliverables', '');
    for (const deliverable of deliverables) {
      lines.push(
        deliverable.status === 'delivered'
          ? `- **${deliverable.name}**: ${valueText(deliverable.value)}`
          : `- **${deliverable.name}**: missing`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
