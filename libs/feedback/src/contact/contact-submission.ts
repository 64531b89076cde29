/** One filled-in contact form, validated. */
export interface ContactSubmission {
  name: string;
  email: string;
  message: string;
  company?: string;
}

/** The answer once the mail server took the message. */
export interface ContactAccepted {
  accepted: true;
}
