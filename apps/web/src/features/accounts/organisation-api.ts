/**
 * The /api/organisation calls (decision 17): the Team page of the current organisation, invitations from
 * both sides, and switching between one's organisations. Only types come from the contracts package; the
 * calls go through lib/http, which applies the call, error and cache rules (every write clears the cached
 * answers and fetches those on screen again, so the team, the profile and the business lists follow).
 */
import type {
  BusinessDetailsAnswer,
  BusinessDetailsInput,
  InvoiceReminders,
  InvitationAnswer,
  InvitationSignUp,
  InviteRequest,
  ProfileAnswer,
  RenameOrganisation,
  SignedOutAnswer,
  TeamAnswer,
  UserAnswer,
} from '@app/contracts';
import { apiPatch, apiPost, apiPut, apiRequest } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';

const ORGANISATION = '/api/organisation';
const segment = encodeURIComponent;

export const TEAM_URL = `${ORGANISATION}/team`;

/** The members of the current organisation; its pending invitations too, for those who may invite. */
export const teamQuery = () => apiQuery<TeamAnswer>(TEAM_URL);

/** Who the current organisation's invoices are from, and whether the caller may change it (owners). */
export const businessDetailsQuery = () => apiQuery<BusinessDetailsAnswer>(`${ORGANISATION}/business-details`);

/** Owners only: the whole 'from' block of the invoices. */
export const saveBusinessDetails = (details: BusinessDetailsInput) =>
  apiPut<BusinessDetailsAnswer>(`${ORGANISATION}/business-details`, details);

/** Owners only: turn on, change or turn off the reminders of overdue invoices. */
export const saveInvoiceReminders = (reminders: InvoiceReminders) =>
  apiPut<BusinessDetailsAnswer>(`${ORGANISATION}/invoice-reminders`, reminders);

/** Owners only. */
export const renameOrganisation = (request: RenameOrganisation) =>
  apiPatch<TeamAnswer>(ORGANISATION, request);

export const invite = (request: InviteRequest) => apiPost<TeamAnswer>(`${ORGANISATION}/invitations`, request);

export const withdrawInvitation = (id: number) =>
  apiRequest<TeamAnswer>({ method: 'DELETE', url: `${ORGANISATION}/invitations/${id}` });

/**
 * Removes a member; with one's own id, leaves the organisation (the answer is then the team of the
 * organisation the server moved the caller to).
 */
export const removeMember = (userId: number) =>
  apiRequest<TeamAnswer>({ method: 'DELETE', url: `${ORGANISATION}/members/${userId}` });

/**
 * Ends every session of another member (administrators, by rank): they must log in again. One's own
 * sessions are ended on the profile.
 */
export const signOutMember = (userId: number) =>
  apiPost<SignedOutAnswer>(`${ORGANISATION}/members/${userId}/sign-out`);

/** Owners: ends every member's sessions but this one; the answer says how many ended. */
export const signOutEveryone = () => apiPost<SignedOutAnswer>(`${ORGANISATION}/sign-out-all`);

/** Work in another of one's organisations: the answer is one's profile there. */
export const switchOrganisation = (id: number) => apiPut<ProfileAnswer>(`${ORGANISATION}/current/${id}`);

const invitationUrl = (key: string) => `${ORGANISATION}/invitation/${segment(key)}`;

/** What an invitation's link invites to; public. Refused (400, with a reason) when no longer valid. */
export const invitationQuery = (key: string) => apiQuery<InvitationAnswer>(invitationUrl(key));

/** Joins with the signed-in account, which must have the invited address; the answer is one's new profile. */
export const acceptInvitation = (key: string) => apiPost<ProfileAnswer>(`${invitationUrl(key)}/accept`);

/** Creates the invited address's account from the link, already confirmed and a member; public. */
export const signUpFromInvitation = (key: string, request: InvitationSignUp) =>
  apiPost<UserAnswer>(`${invitationUrl(key)}/signup`, request);
