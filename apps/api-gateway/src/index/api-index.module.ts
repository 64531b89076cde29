import { Module } from '@nestjs/common';
import { ApiIndexController } from './api-index.controller';

/** `GET /api`, and `/` and `/docs` leading to it and to the reference (docs/api.md). */
@Module({ controllers: [ApiIndexController] })
export class ApiIndexModule {}
