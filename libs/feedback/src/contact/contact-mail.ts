import type { SendMailOptions } from 'nodemailer';
import type { ContactSubmission } from './contact-submission';

export interface ContactMailAddresses {
  to: string;
  from: string;
}

/**
 * The team's mail about one submission: plain text only, so nothing the sender wrote is ever
 * rendered as HTML. Names and addresses go in as structured values that nodemailer encodes;
 * validation already refused line breaks in the one-line fields.
 */
export function contactMailOf(
  submission: ContactSubmission,
  addresses: ContactMailAddresses,
): SendMailOptions {
  const company = submission.company?.trim();
  const sender = company ? `${submission.name} (${company})` : submission.name;
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo: { name: submission.name, address: submission.email },
    subject: `Contact form: ${sender}`,
    text: [
      `Name: ${submission.name}`,
      `Email: ${submission.email}`,
      ...(company ? [`Company: ${company}`] : []),
      '',
      submission.message,
    ].join('\n'),
  };
}
