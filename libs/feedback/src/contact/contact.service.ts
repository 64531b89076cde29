import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { contactMailOf, type ContactMailAddresses } from './contact-mail';
import { contactNotConfigured, mailNotSent } from './contact-refusals';
import type { ContactAccepted, ContactSubmission } from './contact-submission';
import { ContactConfig } from './contact.config';

/** Every phase of talking to the mail server (DNS, connect, greeting, each reply) ends by then. */
const SMTP_PHASE_TIMEOUT_MS = 5_000;

interface ContactMailer {
  transport: Transporter;
  addresses: ContactMailAddresses;
}

/** Mails each accepted submission to the team, once, through SMTP_URL. */
@Injectable()
export class ContactService implements OnModuleDestroy {
  private readonly mailer: ContactMailer | null;

  constructor(config: ContactConfig) {
    const settings = config.mailSettings;
    this.mailer = settings && {
      transport: createTransport({
        url: settings.smtpUrl,
        dnsTimeout: SMTP_PHASE_TIMEOUT_MS,
        connectionTimeout: SMTP_PHASE_TIMEOUT_MS,
        greetingTimeout: SMTP_PHASE_TIMEOUT_MS,
        socketTimeout: SMTP_PHASE_TIMEOUT_MS,
        // The mail is built from text only: never read a file or fetch a URL for it.
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
      addresses: { to: settings.to, from: settings.from },
    };
  }

  /**
   * Resolves once the mail server has taken the message; when it does not (down, refusing,
   * too slow), nothing was sent and the caller may resend the same text.
   */
  async submit(submission: ContactSubmission): Promise<ContactAccepted> {
    if (!this.mailer) throw contactNotConfigured();
    try {
      await this.mailer.transport.sendMail(contactMailOf(submission, this.mailer.addresses));
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      throw mailNotSent(`contact mail not sent: ${code ?? 'error'}: ${message}`);
    }
    return { accepted: true };
  }

  onModuleDestroy(): void {
    this.mailer?.transport.close();
  }
}
