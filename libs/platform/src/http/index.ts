export * from './request-id';
export * from './current-actor.decorator';
export * from './offset-window';
export * from './json-body-parser';
export * from './list-window.decorators';
export * from './client-bucket';
export * from './route-body-limit';
export * from './html-page';
