import type { FeedbackCategory, TriageStatus } from './feedback-statuses';

/** One private evidence file, readable only through a proxied route (`url`, relative). */
export interface FeedbackAttachmentView {
  feedback_attachment_id: string;
  filename: string;
  content_type: string;
  size: number;
  url: string;
}

/** What an intake or proposal agent stored: replaced whole on each store. */
export interface FeedbackProposalView {
  summary: string;
  plan: string | null;
  duplicate_of: string | null;
  updated_at: string;
}

/** A feedback report as the inbox, intake and proposal routes show it. */
export interface FeedbackReportView {
  id: string;
  status: TriageStatus;
  category: FeedbackCategory;
  message: string;
  page_path: string | null;
  user: { id: string; email: string; name: string };
  company: { id: string; name: string };
  created_at: string;
  has_pr: boolean;
  pull_request_url: string | null;
  attachments: FeedbackAttachmentView[];
  proposal: FeedbackProposalView | null;
}

/** Where the caller reads an evidence file: each audience has its own proxied route. */
export type AttachmentUrl = (feedbackId: string, attachmentId: string) => string;

export const inboxAttachmentUrl: AttachmentUrl = (feedbackId, attachmentId) =>
  `/api/feedback/${feedbackId}/attachments/${attachmentId}`;

export const intakeAttachmentUrl: AttachmentUrl = (feedbackId, attachmentId) =>
  `/api/feedback/intake/${feedbackId}/attachments/${attachmentId}`;

export const proposalAttachmentUrl: AttachmentUrl = (feedbackId, attachmentId) =>
  `/api/feedback/proposals/${feedbackId}/attachments/${attachmentId}`;
