export { WikiModule } from './wiki.module';
