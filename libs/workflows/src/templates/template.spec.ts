import fc from 'fast-check';
import {
  MAX_RENDERED_CHARS,
  referencesOf,
  RenderedTemplateTooLongError,
  renderTemplate,
} from './template';

describe('templates', () => {
  const scope = {
    inputs: { topic: 'billing', count: 3, urgent: true },
    steps: {
      fetch: { output: { status: 200, body: { title: 'Hi' } } },
      compose: { output: 'text' },
    },
  };

  it('fills inputs, step outputs and paths into JSON outputs', () => {
    expect(
      renderTemplate(
        'About {{inputs.topic}} ({{ inputs.count }}, {{inputs.urgent}}): {{steps.compose.output}} / {{steps.fetch.output.status}} / {{steps.fetch.output.body.title}}',
        scope,
      ),
    ).toBe('About billing (3, true): text / 200 / Hi');
  });

  it('renders a JSON output whole as JSON, and a reference to nothing as the empty string', () => {
    expect(renderTemplate('{{steps.fetch.output.body}}', scope)).toBe('{"title":"Hi"}');
    expect(
      renderTemplate(
        '[{{inputs.missing}}][{{steps.none.output}}][{{steps.fetch.output.x.y}}]',
        scope,
      ),
    ).toBe('[][][]');
  });

  it('lists references and reports holes that are not references', () => {
    const { references, problems } = referencesOf(
      '{{inputs.a}} {{steps.s-1.output.x}} {{process.env}} {{ steps.b.output }}',
    );
    expect(references).toEqual([
      { kind: 'input', name: 'a', text: '{{inputs.a}}' },
      { kind: 'step', stepId: 's-1', path: ['x'], text: '{{steps.s-1.output.x}}' },
      { kind: 'step', stepId: 'b', path: [], text: '{{ steps.b.output }}' },
    ]);
    expect(problems).toEqual([
      {
        text: '{{process.env}}',
        message: expect.stringContaining('{{process.env}} is not a reference') as string,
      },
    ]);
  });

  it('leaves text without holes unchanged, and never evaluates what a value contains', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes('{{')),
        (text) => {
          expect(renderTemplate(text, scope)).toBe(text);
          expect(referencesOf(text).references).toEqual([]);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(renderTemplate('{{inputs.v}}', { inputs: { v: value }, steps: {} })).toBe(value);
      }),
    );
  });

  describe('bounded work whatever the template', () => {
    /** Field-sized templates (a page body takes 1,000,000 characters) with the worst holes. */
    const unclosed = [
      `{{${' '.repeat(999_998)}`,
      `{{${' '.repeat(999_997)}x`,
      `{{ ${'\t'.repeat(500_000)} inputs.topic ${' '.repeat(499_980)}`,
      '{{ '.repeat(333_333),
      `${'{{'.repeat(250_000)}${'}'.repeat(500_000)}`,
    ];

    it.each(unclosed.map((template) => [template.slice(0, 12), template]))(
      'parses and fills %j… (1 MB) in linear time',
      (_label, template) => {
        const started = performance.now();
        referencesOf(template);
        renderTemplate(template, scope);
        expect(performance.now() - started).toBeLessThan(1_000);
      },
    );

    it('still trims blanks and line breaks inside a hole', () => {
      expect(renderTemplate('{{\n\t inputs.topic \r\n}}', scope)).toBe('billing');
    });

    it('refuses to fill more than MAX_RENDERED_CHARS, before building the text', () => {
      const big = { inputs: {}, steps: { a: { output: 'x'.repeat(100_000) } } };
      const holes = '{{steps.a.output}}'.repeat(11_000);
      const started = performance.now();
      expect(() => renderTemplate(holes, big)).toThrow(RenderedTemplateTooLongError);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(() => renderTemplate(holes, big)).toThrow(
        `more than ${MAX_RENDERED_CHARS} characters`,
      );
      expect(renderTemplate('{{steps.a.output}}'.repeat(10), big)).toHaveLength(1_000_000);
      expect(() => renderTemplate(`${'{{steps.a.output}}'.repeat(10)}!`, big)).toThrow(
        RenderedTemplateTooLongError,
      );
    });
  });
});
