export * from './validation-errors';
export * from './strict-validation.pipe';
export * from './uuid-param.pipe';
