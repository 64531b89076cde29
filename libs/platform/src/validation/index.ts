export * from './validation-errors';
export * from './strict-validation.pipe';
export * from './uuid-param.pipe';
export * from './storable-text';
export * from './is-omittable';
export * from './is-uuid';
