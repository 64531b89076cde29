import type { OpenAPIObject } from '@nestjs/swagger';

type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

/**
 * Named schemas of the answers that are not JSON, so that a typed client generated from the
 * description gets a type for them (a string) instead of an inline, unnamed one.
 */
export const NON_JSON_SCHEMAS: Record<'HtmlPage' | 'FileDownload', SchemaObject> = {
  HtmlPage: {
    type: 'string',
    description: 'A whole HTML document for a browser (no scripts; framing refused).',
  },
  FileDownload: {
    type: 'string',
    format: 'binary',
    description: 'The bytes of a stored file, with its own Content-Type.',
  },
};

const reference = (name: keyof typeof NON_JSON_SCHEMAS) => ({
  $ref: `#/components/schemas/${name}`,
});

/** The `content` of an answer that is an HTML page. */
export const HTML_PAGE_CONTENT = { 'text/html': { schema: reference('HtmlPage') } };

/** The `content` of an answer that is a stored file, as a download. */
export const FILE_DOWNLOAD_CONTENT = { '*/*': { schema: reference('FileDownload') } };
