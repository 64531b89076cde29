import { ConfigError, loadConfig } from '@cw/platform';
import { IsEmail, IsInt, IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';

/** Settings of the contact form (contracts.md, "Settings that tests use"; README settings table). */
export class ContactConfig {
  /** `smtp://[user:pass@]host[:port]` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s/?#]+\/?(\?\S*)?$/, {
    message: 'SMTP_URL must be an smtp:// or smtps:// URL of a mail server',
  })
  SMTP_URL?: string;

  /** The team's address every submission is mailed to. */
  @IsOptional()
  @IsEmail()
  @MaxLength(320)
  CONTACT_TO?: string;

  /** The sender of those mails (the mail server must accept it as a sender). */
  @IsOptional()
  @IsEmail()
  @MaxLength(320)
  CONTACT_FROM?: string;

  /** Submissions per minute per client address, across every replica. */
  @IsInt()
  @Min(1)
  @Max(10_000)
  CONTACT_RATE_PER_MINUTE: number = 5;

  get mailSettings(): { smtpUrl: string; to: string; from: string } | null {
    if (!this.SMTP_URL || !this.CONTACT_TO || !this.CONTACT_FROM) return null;
    return { smtpUrl: this.SMTP_URL, to: this.CONTACT_TO, from: this.CONTACT_FROM };
  }
}

const MAIL_SETTINGS = ['SMTP_URL', 'CONTACT_TO', 'CONTACT_FROM'] as const;

/** The three mail settings come together or not at all (then the form answers 503). */
export function loadContactConfig(env: NodeJS.ProcessEnv = process.env): ContactConfig {
  const config = loadConfig(ContactConfig, env);
  const missing = MAIL_SETTINGS.filter((name) => !config[name]);
  if (missing.length > 0 && missing.length < MAIL_SETTINGS.length) {
    throw new ConfigError(
      `Invalid setting ${missing[0]}: SMTP_URL, CONTACT_TO and CONTACT_FROM are set together or not at all (missing: ${missing.join(', ')}).`,
    );
  }
  return config;
}
