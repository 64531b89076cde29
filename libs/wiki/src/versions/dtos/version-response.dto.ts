import { ApiProperty } from '@nestjs/swagger';
import { PageSummaryDto } from '../../pages/dtos/page-response.dto';
import type {
  VersionCompareResponse,
  VersionListResponse,
  VersionSide,
} from '../page-versions.service';
import type { ProvenanceView, VersionSummaryView, VersionView } from '../version-view';

export class VersionAuthorDto {
  @ApiProperty({ format: 'uuid', description: 'The person who saved the version.' }) id!: string;
}

export class VersionProvenanceDto implements ProvenanceView {
  @ApiProperty({ type: VersionAuthorDto }) author!: VersionAuthorDto;
  @ApiProperty({ format: 'date-time' }) saved_at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The change message.' })
  message!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'How it was saved: web (session), api_key or oauth.',
  })
  source_kind!: string | null;
  @ApiProperty({ type: String, nullable: true }) source_provider!: string | null;
  @ApiProperty({ type: String, nullable: true }) source_label!: string | null;
}

export class VersionSummaryDto implements VersionSummaryView {
  @ApiProperty({ type: 'integer' }) version!: number;
  @ApiProperty() title!: string;
  @ApiProperty({
    description: 'A submission kept when a newer head already existed; it never became head.',
  })
  is_draft!: boolean;
  @ApiProperty({ description: "The page's current head." }) is_current!: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) based_on_version!: number | null;
  @ApiProperty({ format: 'date-time' }) saved_at!: string;
  @ApiProperty({ type: VersionProvenanceDto }) provenance!: VersionProvenanceDto;
}

export class VersionDto extends VersionSummaryDto implements VersionView {
  @ApiProperty({ description: 'The Markdown body of this version.' }) content_md!: string;
}

export class VersionListDto implements VersionListResponse {
  @ApiProperty({ type: PageSummaryDto }) page!: PageSummaryDto;
  @ApiProperty({ type: [VersionSummaryDto], description: 'Newest first.' })
  versions!: VersionSummaryDto[];
  @ApiProperty() has_more!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null at the end.' })
  next_offset!: number | null;
}

export class PageVersionDto {
  @ApiProperty({ type: PageSummaryDto }) page!: PageSummaryDto;
  @ApiProperty({ type: VersionDto }) version!: VersionDto;
}

export class VersionSideDto implements VersionSide {
  @ApiProperty({ type: 'integer' }) version!: number;
  @ApiProperty() title!: string;
  @ApiProperty() is_draft!: boolean;
  @ApiProperty({ format: 'date-time' }) saved_at!: string;
}

export class VersionCompareDto implements VersionCompareResponse {
  @ApiProperty({ type: PageSummaryDto }) page!: PageSummaryDto;
  @ApiProperty({ type: VersionSideDto }) from!: VersionSideDto;
  @ApiProperty({ type: VersionSideDto }) to!: VersionSideDto;
  @ApiProperty() title_changed!: boolean;
  @ApiProperty() content_changed!: boolean;
  @ApiProperty({
    description: 'Unified diff of the bodies (`--- v<from>` / `+++ v<to>`, 3 lines of context).',
  })
  unified_diff!: string;
  @ApiProperty({ type: 'integer', description: 'Lines added.' }) additions!: number;
  @ApiProperty({ type: 'integer', description: 'Lines removed.' }) deletions!: number;
  @ApiProperty({
    description:
      'True: the diff adds and removes the fewest lines. False: the bodies differ in too many ' +
      "lines to find that within the line diff's bound (4,000,000 steps, about (lines of both) " +
      '× (lines changed)), so `unified_diff` replaces the whole region from the first differing ' +
      'line to the last in one hunk; it is still correct (applied to `from` it gives `to`), and ' +
      '`additions`/`deletions` count the lines of that region.',
  })
  diff_minimal!: boolean;
}
