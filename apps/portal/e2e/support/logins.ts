// The seeded customers the flows sign in as (apps/server/src/seed/demo-tenant.ts: DEMO_LOGIN and
// EXTRA_DEMO_USERS, password Demo@12345). A user may sign in 30 times in 15 minutes, so the flows
// are spread over them, each file signing its customer in once (session.ts); the run prints the
// count per user and fails above sign-in-log.ts's budget. Who carries which flows:
//
//   demo            solar + EV home, four services: insights, usage, assistant, notifications
//   maria.garcia    home on AutoPay: keyboard, my-account, account-info (read only)
//   sam.okafor      multi-family, late payer: routes (one wrong password too), contact
//   lee.bakery      commercial: admin (403), admin-settings (checkout fee), staff-queue
//   priya.martinez  home with an EV: gridx, service-requests (each files its own request)
//   omar.martin     home: payments only (it pays and sets AutoPay up; no other flow reads it)
//
// A flow that pays or changes a setting uses a customer no other flow reads, or reads its own
// before and after; everything a flow compares comes from the API for that customer.

export interface Login {
  username: string;
  password: string;
}

const seeded = (username: string): Login => ({ username, password: 'Demo@12345' });

export const DEMO = seeded('demo');
export const MARIA = seeded('maria.garcia');
export const SAM = seeded('sam.okafor');
export const LEE = seeded('lee.bakery');
export const PRIYA = seeded('priya.martinez');
export const OMAR = seeded('omar.martin');

export const ADMIN: Login = { username: 'admin', password: 'Admin@12345' };
export const AGENT: Login = { username: 'agent', password: 'Agent@12345' };
