export * from './scopes';
export * from './operator-requirements';
export * from './roles';
export * from './token-kinds';
export * from './actor';
