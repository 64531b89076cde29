import { Module } from '@nestjs/common';
import { ServicesReadinessView } from './services-readiness.view';

@Module({ providers: [ServicesReadinessView] })
export class GatewayReadinessModule {}
