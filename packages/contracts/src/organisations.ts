import { z } from './zod.js';
import {
  EmailSchema,
  RegisterRequestSchema,
  OrganisationSummarySchema,
  RoleNameSchema,
  UserSchema,
} from './accounts.js';
import { successEnvelope } from './envelope.js';

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

export const MemberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  roleName: RoleNameSchema,
  /** When they joined the organisation. */
  joinedAt: z.iso.datetime(),
});
export type Member = z.infer<typeof MemberSchema>;

export const PendingInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  roleName: RoleNameSchema,
  /** The member who sent it, by name. */
  invitedBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** GET /api/organisation/team: the members; the pending invitations only for those who may invite. */
export const TeamDataSchema = z.object({
  user: UserSchema,
  organisation: OrganisationSummarySchema,
  members: z.array(MemberSchema),
  invitations: z.array(PendingInvitationSchema),
});
export type TeamData = z.infer<typeof TeamDataSchema>;

/** GET /api/organisation/invitation/{key}: what the link's holder is invited to. */
export const InvitationDataSchema = z.object({
  invitation: z.object({
    organisationName: z.string(),
    email: z.string(),
    roleName: RoleNameSchema,
    invitedBy: z.string(),
    expiresAt: z.iso.datetime(),
  }),
  /** Whether an account has the invited address already: the link then asks to log in, else to create one. */
  accountExists: z.boolean(),
});
export type InvitationData = z.infer<typeof InvitationDataSchema>;

/**
 * POST /api/organisation/members/{userId}/sign-out and POST /api/organisation/sign-out-all: how many live
 * sessions were ended (each one's access and refresh tokens stop working at once; the accounts may log in again).
 */
export const SignedOutDataSchema = z.object({ endedSessions: z.number().int().nonnegative() });
export type SignedOutData = z.infer<typeof SignedOutDataSchema>;

/** The team and rename, invite, withdraw and remove calls: the team as it is now. */
export const TeamAnswerSchema = successEnvelope(TeamDataSchema);
export type TeamAnswer = z.infer<typeof TeamAnswerSchema>;

export const InvitationAnswerSchema = successEnvelope(InvitationDataSchema);
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;

export const SignedOutAnswerSchema = successEnvelope(SignedOutDataSchema);
export type SignedOutAnswer = z.infer<typeof SignedOutAnswerSchema>;
