export { WikiModule } from './wiki.module';
export { WikiApiModule } from './api/wiki-api.module';
export {
  WikiApi,
  type WikiPageContent,
  type WikiSavedPage,
  type WikiSearchHit,
} from './api/wiki-api';
