export * from './request-id';
export * from './current-actor.decorator';
