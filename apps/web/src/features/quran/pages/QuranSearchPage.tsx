import { Link, useLocation } from 'react-router';
import type { QuranSearchMatch, QuranSearchResult } from '@app/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { screenStateOf } from '../../../lib/screen-state';
import { Highlighted } from '../components/Highlighted';
import { SearchForm } from '../components/SearchForm';
import { RESULTS_PER_PAGE, searchAddress, searchParamsOf, useQuranSearch } from '../quran-search-api';
import '../quran-font.css';
import classes from './QuranSearchPage.module.css';

function plural(count: number, one: string, many: string) {
  return `${count.toLocaleString('fr-FR')} ${count === 1 ? one : many}`;
}

function Match({ match }: { match: QuranSearchMatch }) {
  const reference = `${match.chapter}:${match.verse}`;
  return (
    <li className={classes.match}>
      <h2 className={classes.reference}>
        <a href={`/coran/${match.chapter}/${match.verse}`}>
          {match.chapterName} {reference}
        </a>
      </h2>
      <p lang="ar" dir="rtl" className={classes.arabic}>
        <Highlighted text={match.arabic} ranges={match.highlights.arabic} />
      </p>
      <p className={classes.french}>
        <Highlighted text={match.french} ranges={match.highlights.french} />
      </p>
      {match.highlights.transliteration.length > 0 && (
        <p className={classes.transliteration}>
          <Highlighted text={match.transliteration} ranges={match.highlights.transliteration} />
        </p>
      )}
    </li>
  );
}

function Results({ result, page }: { result: QuranSearchResult; page: number }) {
  const last = Math.max(1, Math.ceil(result.count / RESULTS_PER_PAGE));
  const first = (page - 1) * RESULTS_PER_PAGE + 1;
  return (
    <>
      {result.chapters.length > 0 && (
        <section aria-labelledby="sourates-trouvees" className={classes.chapters}>
          <h2 id="sourates-trouvees" className={classes.subtitle}>
            Sourates
          </h2>
          <ul>
            {result.chapters.map((chapter) => (
              <li key={chapter.number}>
                <a href={`/coran/${chapter.number}`}>
                  Sourate {chapter.number} · {chapter.englishName} · <span lang="ar">{chapter.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p role="status" className={classes.count}>
        {result.count === 0
          ? result.chapters.length > 0
            ? 'Aucun verset ne contient ces mots.'
            : `Aucun verset ne contient « ${result.query} ». Essayez sans un des mots, ou une référence comme 2:255.`
          : result.count > RESULTS_PER_PAGE
            ? `${plural(result.count, 'verset trouvé', 'versets trouvés')} : ${first} à ${first + result.matches.length - 1}`
            : plural(result.count, 'verset trouvé', 'versets trouvés')}
      </p>
      <ol className={classes.matches}>
        {result.matches.map((match) => (
          <Match key={`${match.chapter}:${match.verse}`} match={match} />
        ))}
      </ol>
      {last > 1 && (
        <nav aria-label="Pages de résultats" className={classes.pages}>
          {page > 1 && <a href={searchAddress(result.query, page - 1)}>← Versets précédents</a>}
          {page < last && <a href={searchAddress(result.query, page + 1)}>Versets suivants →</a>}
        </nav>
      )}
      {result.count > 0 && (
        <p className={classes.credit}>
          Traduction française de Muhammad Hamidullah, d'après Tanzil.net, pour un usage non commercial
          seulement (<Link to="/sources">sources et conditions</Link>).
        </p>
      )}
    </>
  );
}

/**
 * Searching the Quran (issue 23): words in French without caring for accents, in Arabic without diacritics,
 * in transliteration, or a reference; each verse found with its words marked and a link that opens the reader
 * at it. Drawn by the server for each query (decision 22): the form is a plain form, no script is needed.
 */
export function QuranSearchPage() {
  const { search } = useLocation();
  const { query, page } = searchParamsOf(search);
  const result = useQuranSearch(query, page);
  return (
    <div>
      <PageTitle>Rechercher dans le Coran</PageTitle>
      <SearchForm query={query} label="Des mots, une référence (2:255) ou une sourate" />
      {query !== '' && (
        <ScreenStateView screen={screenStateOf(result)} loadingLabel="Recherche en cours">
          {(found) => <Results result={found} page={page} />}
        </ScreenStateView>
      )}
    </div>
  );
}
