import { z } from 'zod';
import {
  EmailSchema,
  RegisterRequestSchema,
  RoleNameSchema,
  type OrganisationSummary,
  type RoleName,
  type User,
} from './accounts.js';

/**
 * Organisations (decision 17): a business's own space. Its customers, invoices, totals and invoice numbers are its
 * own; people join it by invitation, with one role there, and work in one organisation at a time (the current one,
 * chosen from the profile menu). The seed's calls act within the caller's current organisation.
 */

export const ORGANISATION_NAME_MAX_LENGTH = 100;
/** How long an invitation's link may be used. */
export const INVITATION_VALID_DAYS = 7;

export const OrganisationNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the organisation name')
  .max(
    ORGANISATION_NAME_MAX_LENGTH,
    `The organisation name has at most ${ORGANISATION_NAME_MAX_LENGTH} characters`,
  );

export const RenameOrganisationSchema = z.object({ name: OrganisationNameSchema });
export type RenameOrganisation = z.infer<typeof RenameOrganisationSchema>;

export const InviteRequestSchema = z.object({ email: EmailSchema, roleName: RoleNameSchema });
export type InviteRequest = z.infer<typeof InviteRequestSchema>;

/** Creating an account from an invitation's link: the address is the invited one, proven by the link. */
export const InvitationSignUpSchema = RegisterRequestSchema.pick({
  firstName: true,
  lastName: true,
  password: true,
});
export type InvitationSignUp = z.infer<typeof InvitationSignUpSchema>;

export const InvitationKeySchema = z.string().min(16).max(200);

export type Member = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  imageUrl: string | null;
  roleName: RoleName;
  /** When they joined the organisation. */
  joinedAt: string;
};

export type PendingInvitation = {
  id: number;
  email: string;
  roleName: RoleName;
  /** The member who sent it, by name. */
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
};

/** GET /api/organisation/team: the members; the pending invitations only for those who may invite. */
export type TeamData = {
  user: User;
  organisation: OrganisationSummary;
  members: Member[];
  invitations: PendingInvitation[];
};

/** GET /api/organisation/invitation/{key}: what the link's holder is invited to. */
export type InvitationData = {
  invitation: {
    organisationName: string;
    email: string;
    roleName: RoleName;
    invitedBy: string;
    expiresAt: string;
  };
  /** Whether an account has the invited address already: the link then asks to log in, else to create one. */
  accountExists: boolean;
};

/**
 * POST /api/organisation/members/{userId}/sign-out and POST /api/organisation/sign-out-all: how many live
 * sessions were ended (each one's access and refresh tokens stop working at once; the accounts may log in again).
 */
export const SignedOutDataSchema = z.object({ endedSessions: z.number().int().nonnegative() });
export type SignedOutData = z.infer<typeof SignedOutDataSchema>;
