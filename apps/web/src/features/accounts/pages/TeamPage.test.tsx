import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  companyNamed,
  REMINDERS_OFF,
  type InvoiceReminders,
  type Company,
  type Member,
  type PendingInvitation,
  type RoleName,
} from '@app/contracts';
import { queryClient } from '../../../lib/query-client';
import { mockApi, type RecordedCall } from '../../../test/api-mock';
import { DEMO_ORGANISATION, userWithRole } from '../../../test/own-profile';
import { renderRoutes } from '../../../test/render';
import { TeamPage } from './TeamPage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.team, element: <TeamPage /> }];
const JOINED = '2026-03-01T09:00:00.000Z';

function aMember(userId: number, firstName: string, lastName: string, roleName: RoleName): Member {
  const email = `${firstName.toLowerCase()}@example.com`;
  return { userId, firstName, lastName, email, imageUrl: null, roleName, joinedAt: JOINED };
}

/** The signed-in user is Amina Benali (#7), of `myRole`; the organisation has an owner, an admin and a user. */
function teamServer(myRole: RoleName, handlers: Parameters<typeof mockApi>[0] = {}) {
  const state = {
    name: DEMO_ORGANISATION.name,
    members: [
      aMember(4, 'Maryam', 'Laurent', 'ROLE_SYSADMIN'),
      aMember(3, 'Ibrahim', 'Dubois', 'ROLE_ADMIN'),
      aMember(7, 'Amina', 'Benali', myRole),
      aMember(1, 'Yusuf', 'Martin', 'ROLE_USER'),
    ],
    invitations: [] as PendingInvitation[],
    details: companyNamed(DEMO_ORGANISATION.name),
    reminders: REMINDERS_OFF as InvoiceReminders,
  };
  const administers = myRole === 'ROLE_ADMIN' || myRole === 'ROLE_SYSADMIN';
  const team = (message: string) => ({
    message,
    data: {
      user: userWithRole(myRole),
      organisation: { id: DEMO_ORGANISATION.id, name: state.name, roleName: myRole },
      members: state.members,
      invitations: administers ? state.invitations : [],
    },
  });
  const businessDetails = (message: string) => ({
    message,
    data: {
      user: userWithRole(myRole),
      details: state.details,
      reminders: state.reminders,
      editable: myRole === 'ROLE_SYSADMIN',
    },
  });
  const calls = mockApi({
    'GET /api/organisation/team': () => team('Team retrieved'),
    'GET /api/organisation/business-details': () => businessDetails('Business details retrieved'),
    'PUT /api/organisation/business-details': (call: RecordedCall) => {
      state.details = call.body as Company;
      return businessDetails('Business details saved');
    },
    'PUT /api/organisation/invoice-reminders': (call: RecordedCall) => {
      state.reminders = call.body as InvoiceReminders;
      return businessDetails('Reminders saved');
    },
    'PATCH /api/organisation': (call: RecordedCall) => {
      state.name = (call.body as { name: string }).name;
      return team('Organisation renamed');
    },
    'POST /api/organisation/invitations': (call: RecordedCall) => {
      const { email, roleName } = call.body as { email: string; roleName: RoleName };
      state.invitations = [
        ...state.invitations,
        { id: 31, email, roleName, invitedBy: 'Amina Benali', createdAt: JOINED, expiresAt: JOINED },
      ];
      return { status: 201, ...team(`Invitation sent to ${email}`) };
    },
    'DELETE /api/organisation/invitations/31': () => {
      state.invitations = [];
      return team('Invitation withdrawn');
    },
    'POST /api/organisation/members/1/sign-out': () => ({
      message: 'Member signed out',
      data: { endedSessions: 2 },
    }),
    'POST /api/organisation/members/3/sign-out': () => ({
      message: 'Member signed out',
      data: { endedSessions: 1 },
    }),
    'POST /api/organisation/sign-out-all': () => ({
      message: 'Everyone signed out: 5 sessions ended',
      data: { endedSessions: 5 },
    }),
    'DELETE /api/organisation/members/1': () => {
      state.members = state.members.filter((member) => member.userId !== 1);
      return team('Member removed');
    },
    'PATCH /api/user/update/role/ROLE_MANAGER?userId=1': () => {
      state.members = state.members.map((m) => (m.userId === 1 ? { ...m, roleName: 'ROLE_MANAGER' } : m));
      const user = userWithRole('ROLE_MANAGER', { id: 1, firstName: 'Yusuf', lastName: 'Martin' });
      return { message: 'Role updated successfully', data: { user, events: [], roles: [] } };
    },
    ...handlers,
  });
  return { calls, state };
}

const section = (name: string) => screen.getByRole('region', { name });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('TeamPage', () => {
  it("lets the owner write the invoices' 'from' block, address lines and all", async () => {
    const { calls } = teamServer('ROLE_SYSADMIN');
    renderRoutes(routes, PATHS.team);
    const details = await screen.findByRole('form', { name: 'Business details' });
    const field = (label: RegExp) => within(details).getByLabelText(label) as HTMLInputElement;
    await waitFor(() => expect(field(/^Business name/).value).toBe(DEMO_ORGANISATION.name));
    const save = within(details).getByRole('button', { name: 'Save details' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field(/^Business name/), { target: { value: ' Librairie An-Nour ' } });
    fireEvent.change(field(/^Address/), { target: { value: '12 rue des Écoles\n\n 75005 Paris ' } });
    fireEvent.change(field(/^Billing e-mail/), { target: { value: 'factures@' } });
    fireEvent.blur(field(/^Billing e-mail/));
    expect(within(details).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field(/^Billing e-mail/), { target: { value: 'factures@an-nour.example' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Business details saved'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Librairie An-Nour',
      addressLines: ['12 rue des Écoles', '75005 Paris'],
      phone: '',
      fax: '',
      website: '',
      billingEmail: 'factures@an-nour.example',
      logo: null,
    });
  });

  it('takes a PNG or JPEG logo for the invoices, refuses another image, and can remove it', async () => {
    const { calls } = teamServer('ROLE_SYSADMIN');
    renderRoutes(routes, PATHS.team);
    const details = await screen.findByRole('form', { name: 'Business details' });
    const fileInput = () => details.querySelector('input[type="file"]') as HTMLInputElement;
    await waitFor(() => expect(fileInput()).toBeTruthy());
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
      type: 'image/svg+xml',
    });
    fireEvent.change(fileInput(), { target: { files: [svg] } });
    expect((await within(details).findByRole('alert')).textContent).toBe(
      'The logo must be a PNG or JPEG image',
    );

    const png = new File([Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10])], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(fileInput(), { target: { files: [png] } });
    const preview = await within(details).findByRole('img', { name: 'The logo printed on the invoices' });
    expect(preview.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(details).queryByRole('alert')).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Business details saved'));
    expect((calls.find((c) => c.method === 'PUT')?.body as { logo: string }).logo).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );

    fireEvent.click(within(details).getByRole('button', { name: 'Remove logo' }));
    expect(within(details).queryByRole('img')).toBeNull();
  });

  it('lets the owner turn on reminders of overdue invoices, every N days, at most M', async () => {
    const { calls } = teamServer('ROLE_SYSADMIN');
    renderRoutes(routes, PATHS.team);
    const form = await screen.findByRole('form', { name: 'Reminders of overdue invoices' });
    const days = within(form).getByRole('textbox', { name: 'Every (days after the due date)' });
    expect((days as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole('checkbox', { name: /E-mail the customer the invoice again/ }));
    fireEvent.change(days, { target: { value: '95' } });
    expect(within(form).getByRole('alert').textContent).toBe('Days must be between 1 and 90');
    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'At most (reminders)' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Reminders saved'));
    const saved = calls.find((call) => call.url === '/api/organisation/invoice-reminders');
    expect(saved?.body).toEqual({ everyDays: 10, limit: 2 });
  });

  it('shows other members the business details without letting them change them', async () => {
    teamServer('ROLE_ADMIN');
    renderRoutes(routes, PATHS.team);
    const details = await screen.findByRole('form', { name: 'Business details' });
    await waitFor(() =>
      expect((within(details).getByLabelText(/^Business name/) as HTMLInputElement).disabled).toBe(true),
    );
    expect(screen.getByText('Only an owner of the organisation can change them.')).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Save details' })).toBeNull();
  });

  it('shows a ROLE_USER the organisation and its members, with no administration controls', async () => {
    teamServer('ROLE_USER');
    renderRoutes(routes, PATHS.team);
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    const members = await screen.findByRole('table', { name: 'Members of Coran-Hadith, Inc.' });
    expect(
      within(members)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'E-mail', 'Role', 'Joined']);
    expect(within(rowOf('Maryam Laurent')).getByText('Owner')).toBeTruthy();
    expect(within(rowOf('Amina Benali')).getByText('You')).toBeTruthy();
    expect(within(rowOf('Yusuf Martin')).getByText('yusuf@example.com')).toBeTruthy();

    const organisation = section('Organisation');
    expect(within(organisation).getByText('Coran-Hadith, Inc.')).toBeTruthy();
    expect(within(organisation).getByText('User')).toBeTruthy();
    expect(within(organisation).getByRole('button', { name: 'Leave organisation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sign out/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
  });

  it("lets an administrator change a lower member's role, never an owner's, another administrator's nor their own", async () => {
    const { calls } = teamServer('ROLE_ADMIN');
    renderRoutes(routes, PATHS.team);
    await screen.findByRole('table', { name: 'Members of Coran-Hadith, Inc.' });
    // The server refuses an administrator any change to an owner or to another administrator.
    for (const name of ['Maryam Laurent', 'Ibrahim Dubois', 'Amina Benali']) {
      expect(within(rowOf(name)).queryByRole('combobox')).toBeNull();
      expect(within(rowOf(name)).queryByRole('button', { name: /^Remove/ })).toBeNull();
    }

    const role = screen.getByRole('combobox', { name: 'Role of Yusuf Martin' }) as HTMLSelectElement;
    expect(Array.from(role.options).map((option) => option.textContent)).toEqual([
      'User',
      'Manager',
      'Administrator',
    ]);
    const change = screen.getByRole('button', { name: 'Change the role of Yusuf Martin' });
    expect(change.hasAttribute('disabled')).toBe(true);
    fireEvent.change(role, { target: { value: 'ROLE_MANAGER' } });
    fireEvent.click(change);

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Role updated successfully'));
    expect(
      calls.some((c) => c.method === 'PATCH' && c.url === '/api/user/update/role/ROLE_MANAGER?userId=1'),
    ).toBe(true);
    // The team is fetched again, and the row starts from the role the server now has.
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Role of Yusuf Martin' }) as HTMLSelectElement).value,
      ).toBe('ROLE_MANAGER'),
    );
    expect(
      screen.getByRole('button', { name: 'Change the role of Yusuf Martin' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('sends an invitation with the address and the role chosen, then lists it until withdrawn', async () => {
    const { calls } = teamServer('ROLE_ADMIN');
    renderRoutes(routes, PATHS.team);
    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    expect(within(section('Pending invitations')).getByText('No pending invitations.')).toBeTruthy();
    const role = within(invite).getByRole('combobox', { name: /^Role/ }) as HTMLSelectElement;
    expect(Array.from(role.options).map((option) => option.textContent)).toEqual([
      'User',
      'Manager',
      'Administrator',
    ]);
    const send = within(invite).getByRole('button', { name: 'Send invitation' });
    expect(send.hasAttribute('disabled')).toBe(true);

    const email = within(invite).getByRole('textbox', { name: /^E-mail/ });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.blur(email);
    expect(within(invite).getByText('Enter a valid e-mail address')).toBeTruthy();
    fireEvent.change(email, { target: { value: '  karim@example.com ' } });
    fireEvent.change(role, { target: { value: 'ROLE_MANAGER' } });
    fireEvent.click(send);

    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Invitation sent to karim@example.com'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'karim@example.com',
      roleName: 'ROLE_MANAGER',
    });
    expect((email as HTMLInputElement).value).toBe('');
    expect(role.value).toBe('ROLE_USER');
    const pending = await screen.findByRole('table', { name: '1 pending invitation' });
    expect(within(pending).getByText('karim@example.com')).toBeTruthy();
    expect(within(pending).getByText('Manager')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of karim@example.com' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Invitation withdrawn'));
    expect(await within(section('Pending invitations')).findByText('No pending invitations.')).toBeTruthy();
  });

  it('removes a member only once the administrator confirms', async () => {
    const { calls } = teamServer('ROLE_ADMIN');
    renderRoutes(routes, PATHS.team);
    await screen.findByRole('table', { name: 'Members of Coran-Hadith, Inc.' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Yusuf Martin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Yusuf Martin?' });
    expect(dialog.textContent).toContain('customers, invoices and team of Coran-Hadith, Inc.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Yusuf Martin' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Yusuf Martin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Member removed'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/organisation/members/1',
    ]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Yusuf Martin/ })).toBeNull());
  });

  it('signs a lower member out only once the administrator confirms, and offers it nowhere else', async () => {
    const { calls } = teamServer('ROLE_ADMIN');
    renderRoutes(routes, PATHS.team);
    await screen.findByRole('table', { name: 'Members of Coran-Hadith, Inc.' });
    // As the server rules: not an owner, not another administrator, not oneself (the profile's sessions).
    for (const name of ['Maryam Laurent', 'Ibrahim Dubois', 'Amina Benali']) {
      expect(within(rowOf(name)).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Sign out everyone' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Yusuf Martin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out Yusuf Martin?' });
    expect(dialog.textContent).toContain('signed out on every device and must log in again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Yusuf Martin' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out Yusuf Martin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Member signed out'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/organisation/members/1/sign-out',
    ]);
    // Signed out, still a member.
    expect(rowOf('Yusuf Martin')).toBeTruthy();
  });

  it('lets an owner sign out an administrator, and everyone at once once confirmed', async () => {
    const { calls } = teamServer('ROLE_SYSADMIN');
    renderRoutes(routes, PATHS.team);
    await screen.findByRole('table', { name: 'Members of Coran-Hadith, Inc.' });
    expect(
      within(rowOf('Maryam Laurent')).getByRole('button', { name: 'Sign out Maryam Laurent' }),
    ).toBeTruthy();
    expect(within(rowOf('Amina Benali')).queryByRole('button', { name: /^Sign out/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Ibrahim Dubois' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out Ibrahim Dubois?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Member signed out'));

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everyone' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out everyone?' });
    expect(dialog.textContent).toContain('Every member of Coran-Hadith, Inc. will be signed out');
    expect(dialog.textContent).toContain('This device stays signed in.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everyone' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Everyone signed out: 5 sessions ended'),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/organisation/members/3/sign-out',
      '/api/organisation/sign-out-all',
    ]);
  });

  it("shows the server's reason when signing a member out is refused", async () => {
    const reason = "You don't have enough permission";
    teamServer('ROLE_SYSADMIN', { 'POST /api/organisation/members/1/sign-out': { status: 403, reason } });
    renderRoutes(routes, PATHS.team);
    const members = await screen.findByRole('region', { name: 'Members' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out Yusuf Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out Yusuf Martin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect((await within(members).findByRole('alert')).textContent).toContain(reason);
    expect(notify).toHaveBeenCalledWith('error', reason);
  });

  it('lets an owner rename the organisation in place', async () => {
    const { calls } = teamServer('ROLE_SYSADMIN');
    renderRoutes(routes, PATHS.team);
    const organisation = await screen.findByRole('region', { name: 'Organisation' });
    fireEvent.click(within(organisation).getByRole('button', { name: 'Rename' }));
    const name = within(organisation).getByRole('textbox', { name: /^Organisation name/ });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.blur(name);
    expect(within(organisation).getByText('Enter the organisation name')).toBeTruthy();
    expect(within(organisation).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(name, { target: { value: ' Atelier Lumière ' } });
    fireEvent.click(within(organisation).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Organisation renamed'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Atelier Lumière' });
    expect(await within(organisation).findByText('Atelier Lumière')).toBeTruthy();
    expect(within(organisation).queryByRole('textbox')).toBeNull();
  });

  it("shows the server's reason when leaving is refused", async () => {
    const reason = 'An organisation keeps at least one active owner: make someone else owner first';
    teamServer('ROLE_SYSADMIN', { 'DELETE /api/organisation/members/7': { status: 400, reason } });
    renderRoutes(routes, PATHS.team);
    const organisation = await screen.findByRole('region', { name: 'Organisation' });
    fireEvent.click(within(organisation).getByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Coran-Hadith, Inc.?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    expect((await within(organisation).findByRole('alert')).textContent).toContain(reason);
    expect(notify).toHaveBeenCalledWith('error', reason);
  });
});
