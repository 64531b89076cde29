import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { ApiBody, ApiProperty, ApiPropertyOptional, type OpenAPIObject } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, Min, ValidateNested } from 'class-validator';
import { ListLimit, ListOffset } from '../http/list-window.decorators';
import { describeModules } from './describe-modules';

class WindowQueryDto {
  @ListLimit(100)
  limit?: number;

  @ListOffset()
  offset?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsNumber()
  weight?: number;
}

class VersionedDto {
  @ApiProperty({ minimum: 1 })
  @IsInt()
  @Min(1)
  expected_version!: number;
}

class BudgetDto {
  @ApiProperty()
  @IsInt()
  max_steps!: number;
}

class EditDto extends VersionedDto {
  @ApiProperty({ type: () => BudgetDto })
  @ValidateNested()
  @Type(() => BudgetDto)
  budget!: BudgetDto;

  @ApiProperty({ type: [Number] })
  @IsInt({ each: true })
  lines!: number[];
}

class ScoreDto {
  @ApiProperty()
  @IsInt()
  score!: number;
}

@Controller('things')
class ThingsController {
  @Get()
  list(@Query() query: WindowQueryDto): WindowQueryDto {
    return query;
  }

  @Post()
  edit(@Body() body: EditDto): EditDto {
    return body;
  }

  @Post('scores')
  @ApiBody({ type: ScoreDto })
  score(@Body() body: unknown): unknown {
    return body;
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

type Schema = { type?: unknown; items?: Schema; properties?: Record<string, Schema> };

describe('describeValidatedIntegers', () => {
  let document: OpenAPIObject;
  const component = (name: string) => document.components!.schemas![name] as Schema;

  beforeAll(async () => {
    document = await describeModules(ThingsModule, 'test');
  });

  it('describes @IsInt query parameters as integer, a plain @IsNumber one stays number', () => {
    const parameters = document.paths['/things'].get!.parameters as {
      name: string;
      schema: Schema;
    }[];
    const typeOf = (name: string) => parameters.find((p) => p.name === name)?.schema.type;
    expect(typeOf('limit')).toBe('integer');
    expect(typeOf('offset')).toBe('integer');
    expect(typeOf('weight')).toBe('number');
  });

  it('describes @IsInt body fields as integer: inherited, nested, each of an array, @ApiBody types', () => {
    expect(component('EditDto').properties?.expected_version.type).toBe('integer');
    expect(component('EditDto').properties?.lines).toEqual(
      expect.objectContaining({ type: 'array', items: { type: 'integer' } }),
    );
    expect(component('BudgetDto').properties?.max_steps.type).toBe('integer');
    expect(component('ScoreDto').properties?.score.type).toBe('integer');
  });
});
