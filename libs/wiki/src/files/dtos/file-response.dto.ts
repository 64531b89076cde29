import { ApiProperty } from '@nestjs/swagger';
import type { FileListResponse, FileView } from '../page-files.service';

export class FileUploaderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
}

export class FileDto implements FileView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'A safe base name of the uploaded filename.' }) filename!: string;
  @ApiProperty({ example: 'application/pdf' }) content_type!: string;
  @ApiProperty({ type: 'integer' }) size_bytes!: number;
  @ApiProperty({
    description: 'Lowercase hex SHA-256 of the stored bytes.',
    pattern: '^[0-9a-f]{64}$',
  })
  sha256!: string;
  @ApiProperty({ type: FileUploaderDto }) uploaded_by!: FileUploaderDto;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({
    description: 'Where to download it: this API, the same credentials.',
    example: '/api/wiki/pages/0b8e6c1e-8f5e-4c47-9d1b-2f3f0f7f4b7a/files/5d1c…',
  })
  url!: string;
}

export class FileListDto implements FileListResponse {
  @ApiProperty({ type: [FileDto], description: 'Oldest first.' }) files!: FileDto[];
  @ApiProperty() has_more!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null at the end.' })
  next_offset!: number | null;
}

export class UploadedFileDto {
  @ApiProperty({ type: FileDto }) file!: FileDto;
}
