/**
 * A choice among sections that are all in the page's HTML (the invocations' categories): the select shows
 * the section it names and hides the others, and the address keeps the choice (?categorie=…), so it
 * survives a reload and can be shared. A choice made before this code ran is applied when it binds.
 */
const PARAM = 'categorie';

export function bind(root: HTMLElement): void {
  const select = root.querySelector('select');
  const sections = [...root.querySelectorAll<HTMLElement>('[data-category]')];
  if (!select || sections.length === 0) throw new Error('a category choice needs its select and sections');
  const show = (title: string) => {
    for (const section of sections) section.hidden = section.dataset.category !== title;
  };
  const remember = (title: string) => {
    const address = new URL(window.location.href);
    address.searchParams.set(PARAM, title);
    window.history.replaceState(window.history.state, '', address);
  };

  const drawn = select.querySelector<HTMLOptionElement>('option[selected]')?.value;
  const fromAddress = new URLSearchParams(window.location.search).get(PARAM);
  if (select.value !== drawn) remember(select.value);
  else if (sections.some((section) => section.dataset.category === fromAddress) && fromAddress)
    select.value = fromAddress;
  show(select.value);

  select.addEventListener('change', () => {
    show(select.value);
    remember(select.value);
  });
}
