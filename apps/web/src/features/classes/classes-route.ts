/**
 * What the route table (app/router.tsx) carries of Mes classes: the loader of its page, in its own
 * JavaScript chunk loaded when first visited, behind the sign-in guard; the page does not check sign-in.
 */
export const classesPage = () => import('./ClassesPage').then((m) => m.ClassesPage);
