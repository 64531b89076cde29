import { ApiProperty } from '@nestjs/swagger';
import type { CommentListResponse, CommentView } from '../page-comments.service';

export class CommentAuthorDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
}

export class CommentDto implements CommentView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) page_public_id!: string;
  @ApiProperty({ type: CommentAuthorDto }) author!: CommentAuthorDto;
  @ApiProperty({ description: 'Markdown.' }) body_md!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class CommentListDto implements CommentListResponse {
  @ApiProperty({ type: [CommentDto], description: 'Oldest first.' }) comments!: CommentDto[];
  @ApiProperty() has_more!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null at the end.' })
  next_offset!: number | null;
}

export class CreatedCommentDto {
  @ApiProperty({ type: CommentDto }) comment!: CommentDto;
}
