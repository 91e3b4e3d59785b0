import { lazy, Suspense, useRef } from 'react';
import { NativeSelect } from '@mantine/core';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { HadithListItem } from '@app/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { screenStateOf } from '../../../lib/screen-state';
import { useHydrated } from '../../../lib/use-hydrated';
import { DEFAULT_HADITH_CATEGORY, useHadithCategories, useHadithDetail, useHadithList } from '../hadith-api';
import classes from './HadithPage.module.css';

// The dialog (a modal with its focus trap and transitions) loads when a hadith is first opened, not with
// the list: a phone opening /hadith downloads and runs less before the page answers.
const HadithDialog = lazy(() =>
  import('../components/HadithDialog').then((m) => ({ default: m.HadithDialog })),
);

function HadithCards(props: { hadiths: HadithListItem[]; disabled: boolean; onOpen: (id: string) => void }) {
  const { hadiths, disabled, onOpen } = props;
  return (
    <ol className={classes.cards}>
      {hadiths.map((hadith, index) => (
        <li key={hadith.id} className={classes.card}>
          <span className={classes.position}>
            {index + 1} / {hadiths.length}
          </span>
          <h2 className={classes.title}>{hadith.title}</h2>
          <button
            type="button"
            className={classes.detail}
            disabled={disabled}
            onClick={() => onOpen(hadith.id)}
            aria-label={`Détail : ${hadith.title}`}
          >
            Détail
          </button>
        </li>
      ))}
    </ol>
  );
}

/**
 * The hadith browser (SPEC §2.1): a category, its hadith as numbered cards, and one hadith's detail in a
 * dialog. The category is in the query (?categorie=N) and the open hadith in the path (/hadith/<id>), so
 * both can be shared and survive a reload.
 */
export function HadithPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // The page's controls wait for the app when it was prerendered (see useHydrated).
  const hydrated = useHydrated();
  const categoryId = params.get('categorie') ?? DEFAULT_HADITH_CATEGORY;
  const categories = useHadithCategories();
  const list = useHadithList(categoryId);
  const detail = useHadithDetail(id);
  const base = pathname.startsWith('/embed/') ? '/embed/hadith' : '/hadith';

  const chooseCategory = (value: string) =>
    navigate({ pathname: base, search: `?categorie=${value}` }, { replace: true });
  // The dialog leaves the page when the address changes, before it could give focus back itself.
  const opener = useRef<HTMLElement | null>(null);
  const open = (hadithId: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    navigate({ pathname: `${base}/${hadithId}`, search });
  };
  // Closing clears the selection: back to the list's address, focus back on the 'Détail' button.
  const close = () => {
    navigate({ pathname: base, search });
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <>
      <PageTitle>Hadith</PageTitle>
      {/* SPEC §8: if the categories cannot be loaded, the selector is simply not shown. */}
      {categories.data && (
        <NativeSelect
          label="Catégorie"
          data={categories.data.map((c) => ({ value: c.id, label: `${c.title} (${c.hadeeths_count})` }))}
          value={categoryId}
          onChange={(event) => chooseCategory(event.currentTarget.value)}
          maw={480}
          disabled={!hydrated}
          mb="xl"
        />
      )}
      <ScreenStateView screen={screenStateOf(list)} loadingLabel="Chargement des hadiths">
        {(page) => <HadithCards hadiths={page.data} disabled={!hydrated} onOpen={open} />}
      </ScreenStateView>
      {/* The dialog opens once the detail has arrived; a failed detail call shows nothing (SPEC §8). */}
      {id && detail.data && (
        <Suspense fallback={null}>
          <HadithDialog hadith={detail.data} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
