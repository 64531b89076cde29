import { ModelGenerateStep } from '../../runs/execution/steps/model-generate.step';
import type { WorkflowsConfig } from '../../workflows.config';
import { PlanComposer } from '../../authoring/plan-composer';
import { createModelClient } from './model-client';

let mockSdkLoads = 0;
const mockClientOptions: unknown[] = [];
jest.mock('openai', () => {
  mockSdkLoads += 1;
  return {
    OpenAI: class {
      constructor(options: unknown) {
        mockClientOptions.push(options);
      }
    },
  };
});

describe('createModelClient', () => {
  it('loads no model SDK while no provider is configured', () => {
    expect(new PlanComposer({ timeoutMs: 1000 }).configured).toBe(false);
    new ModelGenerateStep({ MODEL_TIMEOUT_MS: 1000 } as WorkflowsConfig);
    expect(mockSdkLoads).toBe(0);
  });

  it('loads the SDK for the first client and passes the settings through', () => {
    createModelClient({ baseURL: 'http://model.test/v1', timeoutMs: 2500, maxRetries: 2 });
    createModelClient({ baseURL: 'http://model.test/v1', apiKey: 'key', timeoutMs: 100 });
    expect(mockSdkLoads).toBe(1);
    expect(mockClientOptions).toEqual([
      { baseURL: 'http://model.test/v1', apiKey: 'none', timeout: 2500, maxRetries: 2 },
      { baseURL: 'http://model.test/v1', apiKey: 'key', timeout: 100 },
    ]);
  });
});
