import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, ListLimit, ListOffset } from '@cw/platform';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import {
  FEEDBACK_CATEGORIES,
  type FeedbackCategory,
  TRIAGE_STATUSES,
  type TriageStatus,
} from '../../reports/feedback-statuses';
import { INBOX_SORTS, type InboxSort, SORT_DIRECTIONS, type SortDirection } from '../inbox-filter';

/** A company's UUID, or its legacy integer id (1 or more). */
export const COMPANY_REF =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[1-9][0-9]{0,17})$/i;
const COMPANY_REF_MESSAGE = 'must be a company UUID or an integer of 1 or more';
export const MAX_COMPANY_IDS = 100;
export const INBOX_DEFAULT_LIMIT = 100;
export const INBOX_MAX_LIMIT = 200;

const BOOLEANS: Readonly<Record<string, boolean>> = {
  true: true,
  '1': true,
  false: false,
  '0': false,
};

const toBoolean = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.toLowerCase() in BOOLEANS
    ? BOOLEANS[value.toLowerCase()]
    : value;

/** `a,b` → ['a', 'b']; a repeated parameter's values are split the same way. */
const toList = ({ value }: { value: unknown }): unknown => {
  const parts: unknown[] = Array.isArray(value) ? value : [value];
  if (!parts.every((part): part is string => typeof part === 'string')) return value;
  return parts.flatMap((part) => part.split(',')).map((part) => part.trim());
};

/** The filters and sort of the inbox list and of its ids. */
export class InboxFilterQueryDto {
  @ApiPropertyOptional({ enum: INBOX_SORTS, default: 'created' })
  @IsIn(INBOX_SORTS, { message: `sort must be one of ${INBOX_SORTS.join(', ')}` })
  sort: InboxSort = 'created';

  @ApiPropertyOptional({ enum: SORT_DIRECTIONS, default: 'desc' })
  @IsIn(SORT_DIRECTIONS, { message: 'direction must be asc or desc' })
  direction: SortDirection = 'desc';

  @ApiPropertyOptional({
    type: String,
    example: 'new,approved',
    description: `Comma-separated triage statuses: ${TRIAGE_STATUSES.join(', ')}.`,
  })
  @IsOmittable()
  @Transform(toList)
  @IsArray()
  @IsIn(TRIAGE_STATUSES, {
    each: true,
    message: `each status must be one of ${TRIAGE_STATUSES.join(', ')}`,
  })
  status?: TriageStatus[];

  @ApiPropertyOptional({
    type: String,
    example: 'bug,idea',
    description: `Comma-separated categories: ${FEEDBACK_CATEGORIES.join(', ')}.`,
  })
  @IsOmittable()
  @Transform(toList)
  @IsArray()
  @IsIn(FEEDBACK_CATEGORIES, {
    each: true,
    message: `each category must be one of ${FEEDBACK_CATEGORIES.join(', ')}`,
  })
  category?: FeedbackCategory[];

  @ApiPropertyOptional({
    type: String,
    description:
      'One company: its UUID or legacy integer id (an unknown one gives an empty result). Ignored with `all_companies=true`.',
  })
  @IsOmittable()
  @IsString()
  @Matches(COMPANY_REF, { message: `company_id ${COMPANY_REF_MESSAGE}` })
  company_id?: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Every company, whatever `company_id` says (every company is also the default).',
  })
  @Transform(toBoolean)
  @IsBoolean()
  all_companies: boolean = false;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_COMPANY_IDS,
    description:
      'Only these companies (UUIDs or legacy integer ids): repeat the parameter or separate with commas. Narrows every other company filter.',
  })
  @IsOmittable()
  @Transform(toList)
  @IsArray()
  @ArrayMaxSize(MAX_COMPANY_IDS)
  @Matches(COMPANY_REF, { each: true, message: `each of company_ids ${COMPANY_REF_MESSAGE}` })
  company_ids?: string[];

  @ApiPropertyOptional({
    maxLength: 500,
    example: '/wiki',
    description: 'Reports filed on pages whose path starts with this text.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  page?: string;

  @ApiPropertyOptional({
    maxLength: 200,
    description:
      'Text found (case-insensitively, as typed) in the message, the submitter’s name or email, the company name, the page path or the report id.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Filed at or after this time.' })
  @IsOmittable()
  @IsISO8601({ strict: true }, { message: 'created_after must be an ISO 8601 date-time' })
  created_after?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Filed before this time.' })
  @IsOmittable()
  @IsISO8601({ strict: true }, { message: 'created_before must be an ISO 8601 date-time' })
  created_before?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Only reports with (true) or without (false) a linked pull request.',
  })
  @IsOmittable()
  @Transform(toBoolean)
  @IsBoolean()
  has_pr?: boolean;
}

export class InboxListQueryDto extends InboxFilterQueryDto {
  @ApiPropertyOptional({ default: INBOX_DEFAULT_LIMIT })
  @ListLimit(INBOX_MAX_LIMIT)
  limit: number = INBOX_DEFAULT_LIMIT;

  @ListOffset()
  offset: number = 0;
}
