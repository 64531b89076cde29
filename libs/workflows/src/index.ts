export * from './blocks/block-catalog';
export * from './definitions/workflow-definition';
export * from './definitions/validate-definition';
export * from './runs/run-inputs';
export * from './templates/template';
