import type { BlockName } from '../blocks/block-catalog';

export type InputType = 'text' | 'number' | 'boolean';

export interface WorkflowInput {
  name: string;
  type: InputType;
  required: boolean;
  description?: string;
}

export interface WorkflowStep {
  id: string;
  block: BlockName;
  [field: string]: unknown;
}

export interface Deliverable {
  name: string;
  required: boolean;
  from_step: string;
}

export interface Budget {
  max_steps?: number;
  max_seconds?: number;
}

export interface WorkflowDefinition {
  steps: WorkflowStep[];
  deliverables: Deliverable[];
  budget: Budget;
}

export const LIMITS = {
  inputs: 50,
  steps: 100,
  deliverables: 50,
  textInputChars: 20_000,
} as const;
