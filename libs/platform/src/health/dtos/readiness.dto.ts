import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

export class ReadinessEntryDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiProperty({
    description: 'How long the check took, in milliseconds; a check is cut off (down) at 500 ms.',
    example: 2,
  })
  latency_ms!: number;

  @ApiPropertyOptional({
    description: 'Why it is down: `timeout of 500ms exceeded`, `failed: ECONNREFUSED`, …',
  })
  message?: string;
}

const ENTRIES_SCHEMA = {
  type: 'object' as const,
  additionalProperties: { $ref: getSchemaPath(ReadinessEntryDto) },
};

@ApiExtraModels(ReadinessEntryDto)
export class SystemReadinessDto {
  @ApiProperty({
    enum: ['up', 'degraded'],
    description: '`degraded` while any service is down; the gateway itself still serves.',
  })
  status!: 'up' | 'degraded';

  @ApiProperty({
    ...ENTRIES_SCHEMA,
    description: "Each service's own `/ready`, asked in parallel with a 1,000 ms deadline.",
    example: { 'wiki-service': { status: 'up', latency_ms: 4 } },
  })
  services!: Record<string, ReadinessEntryDto>;
}

@ApiExtraModels(ReadinessEntryDto)
export class ReadinessDto {
  @ApiProperty({ enum: ['ready'] })
  status!: 'ready';

  @ApiProperty({
    ...ENTRIES_SCHEMA,
    description:
      'One entry per dependency of this process: `database`, `redis`, `migrations`, ' +
      '`backfills` and `queue:<name>` for each queue it consumes.',
    example: {
      database: { status: 'up', latency_ms: 2 },
      redis: { status: 'up', latency_ms: 1 },
      migrations: { status: 'up', latency_ms: 0 },
      backfills: { status: 'up', latency_ms: 0 },
      'queue:workflow-runs': { status: 'up', latency_ms: 1 },
    },
  })
  checks!: Record<string, ReadinessEntryDto>;

  @ApiPropertyOptional({
    type: SystemReadinessDto,
    description: 'On the gateway only: every service, reported without gating the gateway.',
  })
  system?: SystemReadinessDto;
}
