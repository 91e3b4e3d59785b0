import { NativeSelect } from '@mantine/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { HadithListItem } from '@app/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { screenStateOf } from '../../../lib/screen-state';
import { DEFAULT_HADITH_CATEGORY, useHadithCategories, useHadithDetail, useHadithList } from '../hadith-api';
import { HadithDialog } from '../components/HadithDialog';
import classes from './HadithPage.module.css';

function HadithCards({ hadiths }: { hadiths: HadithListItem[] }) {
  return (
    <ol className={classes.cards}>
      {hadiths.map((hadith, index) => (
        <li key={hadith.id} className={classes.card}>
          <span className={classes.position}>
            {index + 1} / {hadiths.length}
          </span>
          <h2 className={classes.title}>{hadith.title}</h2>
          {/* Enabled by the island, which opens the hadith's dialog. */}
          <button
            type="button"
            className={classes.detail}
            data-hadith={hadith.id}
            disabled
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
 * both can be shared and survive a reload. Drawn by the server for each address (decision 22); the
 * 'hadith-browser' island (src/islands/hadith-browser.ts) makes the choice of category and the 'Détail'
 * buttons work, its controls disabled until then.
 */
export function HadithPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const categoryId = params.get('categorie') ?? DEFAULT_HADITH_CATEGORY;
  const categories = useHadithCategories();
  const list = useHadithList(categoryId);
  const detail = useHadithDetail(id);
  const base = pathname.startsWith('/embed/') ? '/embed/hadith' : '/hadith';

  return (
    <div data-island="hadith-browser" data-base={base}>
      <PageTitle>Hadith</PageTitle>
      {/* SPEC §8: if the categories cannot be loaded, the selector is simply not shown. */}
      {categories.data && (
        <NativeSelect
          label="Catégorie"
          data={categories.data.map((c) => ({ value: c.id, label: `${c.title} (${c.hadeeths_count})` }))}
          defaultValue={categoryId}
          maw={480}
          disabled
          mb="xl"
        />
      )}
      <ScreenStateView screen={screenStateOf(list)} loadingLabel="Chargement des hadiths">
        {(page) => <HadithCards hadiths={page.data} />}
      </ScreenStateView>
      {/* The address's hadith; a failed detail shows nothing (SPEC §8). */}
      {id && detail.data && <HadithDialog hadith={detail.data} />}
    </div>
  );
}
