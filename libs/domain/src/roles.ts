export const MEMBERSHIP_ROLES = ['admin', 'member'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];
