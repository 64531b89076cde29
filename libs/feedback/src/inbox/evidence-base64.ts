import { registerDecorator, type ValidationArguments } from 'class-validator';

/** Standard base64 (RFC 4648 §4), padded, no whitespace and no URL-safe letters. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** How many bytes strictly valid base64 text decodes to; null when the text is not such base64. */
export function decodedLength(text: string): number | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/**
 * The field holds strictly valid base64 that decodes to at most `maxBytes` bytes. Node's own
 * decoder skips characters it does not know, so a mangled upload would be stored silently.
 */
export function IsEvidenceBase64(maxBytes: number): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isEvidenceBase64',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          const length = decodedLength(value);
          return length !== null && length <= maxBytes;
        },
        defaultMessage: ({ property, value }: ValidationArguments) =>
          typeof value === 'string' && decodedLength(value) !== null
            ? `${property} decodes to more than ${maxBytes} bytes`
            : `${property} must be standard padded base64 (A-Z, a-z, 0-9, +, /, =) without whitespace`,
      },
    });
}
