export { HomeModule } from './home.module';
