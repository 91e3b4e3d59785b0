/**
 * Moving to another page from code that runs outside React (the HTTP layer, when a session cannot be
 * refreshed). main.tsx hands over the router's own navigate; before that, a full page load does the job.
 */
export type AppNavigate = (to: string, state?: unknown) => void;

let navigateImpl: AppNavigate = (to) => window.location.assign(to);

export function setAppNavigate(navigate: AppNavigate): void {
  navigateImpl = navigate;
}

export function navigateApp(to: string, state?: unknown): void {
  navigateImpl(to, state);
}

/** The address being shown, to come back to it after logging in again. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
