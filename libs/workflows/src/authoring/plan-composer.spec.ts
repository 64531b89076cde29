import { FakeModelProvider } from '../testing/fake-model-provider';
import { PlanComposer } from './plan-composer';

const VALID_PLAN = {
  name: 'Weekly billing digest',
  inputs: [{ name: 'topic', type: 'text', required: true }],
  steps: [
    { id: 'find', block: 'wiki.search', query: '{{inputs.topic}}' },
    { id: 'digest', block: 'text.compose', template: 'Pages: {{steps.find.output}}' },
  ],
  deliverables: [{ name: 'digest', required: true, from_step: 'digest' }],
};

describe('PlanComposer against a local OpenAI-compatible server', () => {
  const provider = new FakeModelProvider();
  let composer: PlanComposer;

  beforeAll(async () => {
    const url = await provider.start();
    composer = new PlanComposer({ url, apiKey: 'test-key', model: 'planner-1', timeoutMs: 5000 });
  });
  afterAll(() => provider.stop());

  it('sends the job with the block catalog as tools and returns the plan that validates', async () => {
    provider.answer({ tool: 'submit_plan', arguments: VALID_PLAN });
    const result = await composer.compose({
      job: 'Summarise billing pages weekly',
      writesPage: false,
    });
    expect(result).toEqual({
      kind: 'plan',
      plan: {
        name: 'Weekly billing digest',
        inputs: VALID_PLAN.inputs,
        definition: { steps: VALID_PLAN.steps, deliverables: VALID_PLAN.deliverables, budget: {} },
      },
    });
    const [request] = provider.requests;
    expect(request).toMatchObject({
      model: 'planner-1',
      tool_choice: 'required',
      authorization: 'Bearer test-key',
    });
    expect(request.tools.map((tool) => tool.function.name)).toEqual([
      'submit_plan',
      'ask_clarification',
      'report_capability_gap',
    ]);
    const stepKinds = JSON.stringify(request.tools[0].function.parameters);
    expect(stepKinds).toContain('"const":"wiki.search"');
    // Without output.create_page the model is not offered wiki.write.
    expect(stepKinds).not.toContain('"const":"wiki.write"');
    expect(request.messages[1]).toMatchObject({
      role: 'user',
      content: 'Summarise billing pages weekly',
    });
  });

  it('sends a plan that does not validate back with its problems, and takes the repaired one', async () => {
    provider.answer(
      {
        tool: 'submit_plan',
        arguments: { ...VALID_PLAN, steps: [{ id: 'x', block: 'shell.exec' }] },
      },
      { tool: 'submit_plan', arguments: VALID_PLAN },
    );
    const result = await composer.compose({ job: 'digest', writesPage: false });
    expect(result.kind).toBe('plan');
    expect(provider.requests).toHaveLength(2);
    const feedback = provider.requests[1].messages.at(-1)!;
    expect(feedback).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(String(feedback.content)).toContain('unknown block "shell.exec"');
  });

  it('never returns a plan that keeps failing validation: it reports the gap after three attempts', async () => {
    provider.answer({
      tool: 'submit_plan',
      arguments: { ...VALID_PLAN, steps: [{ id: 'x', block: 'wait' }] },
    });
    const result = await composer.compose({ job: 'digest', writesPage: false });
    expect(result.kind).toBe('capability_gap');
    expect(result.kind === 'capability_gap' && result.gap).toContain(
      'definition.steps[0].seconds is required',
    );
    expect(provider.requests).toHaveLength(3);
  });

  it('passes on clarification questions and capability gaps', async () => {
    provider.answer({ tool: 'ask_clarification', arguments: { questions: ['Which team?'] } });
    expect(await composer.compose({ job: 'do the thing', writesPage: false })).toEqual({
      kind: 'needs_clarification',
      questions: ['Which team?'],
    });
    provider.answer({
      tool: 'report_capability_gap',
      arguments: { gap: 'No block sends e-mail.' },
    });
    expect(await composer.compose({ job: 'mail the CEO', writesPage: false })).toEqual({
      kind: 'capability_gap',
      gap: 'No block sends e-mail.',
    });
  });

  it('fails clearly when the provider errs or answers without a tool call', async () => {
    provider.answer({ status: 401, error: 'bad key' });
    const refused = await composer.compose({ job: 'x', writesPage: false });
    expect(refused.kind).toBe('failed');
    provider.answer({ text: 'I would rather chat.' });
    expect(await composer.compose({ job: 'x', writesPage: false })).toEqual({
      kind: 'failed',
      error: 'The model provider answered without calling a planning tool.',
    });
  });

  it('reports a capability gap when no provider is configured', async () => {
    const unconfigured = new PlanComposer({ timeoutMs: 1000 });
    expect(unconfigured.configured).toBe(false);
    const result = await unconfigured.compose({ job: 'x', writesPage: false });
    expect(result.kind === 'capability_gap' && result.gap).toContain(
      'No model provider is configured',
    );
  });
});
