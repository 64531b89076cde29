export * from './edit-plan.types';
export { planEdits } from './plan-edits';
