import { Link, useLocation } from 'react-router';
import type { QuranSearchMatch, QuranSearchResult } from '@app/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { screenStateOf } from '../../../lib/screen-state';
import { Highlighted } from '../components/Highlighted';
import { SearchForm } from '../components/SearchForm';
import { RESULTS_PER_PAGE, useQuranSearch } from '../quran-search-api';
import { resultsSummary, searchAddress, searchParamsOf } from '../search-address';
import '../quran-font.css';
import classes from './QuranSearchPage.module.css';

/**
 * One verse found: its reference linking to the reader at it, its texts with the words found marked. Drawn
 * empty in a <template> too, which the page's island fills when it searches without a connection.
 */
function Match({ match }: { match?: QuranSearchMatch }) {
  return (
    <li className={classes.match}>
      <h2 className={classes.reference}>
        <a href={match && `/coran/${match.chapter}/${match.verse}`} data-reference>
          {match && `${match.chapterName} ${match.chapter}:${match.verse}`}
        </a>
      </h2>
      <p lang="ar" dir="rtl" className={classes.arabic} data-field="arabic">
        {match && <Highlighted text={match.arabic} ranges={match.highlights.arabic} />}
      </p>
      <p className={classes.french} data-field="french">
        {match && <Highlighted text={match.french} ranges={match.highlights.french} />}
      </p>
      {(!match || match.highlights.transliteration.length > 0) && (
        <p className={classes.transliteration} data-field="transliteration">
          {match && <Highlighted text={match.transliteration} ranges={match.highlights.transliteration} />}
        </p>
      )}
    </li>
  );
}

function Chapters({ result }: { result: QuranSearchResult }) {
  if (result.chapters.length === 0) return null;
  return (
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
  );
}

function Results({ result, page }: { result: QuranSearchResult; page: number }) {
  const last = Math.max(1, Math.ceil(result.count / RESULTS_PER_PAGE));
  return (
    <>
      <Chapters result={result} />
      <p role="status" className={classes.count}>
        {resultsSummary(result, (page - 1) * RESULTS_PER_PAGE + 1)}
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
    </>
  );
}

/**
 * Searching the Quran (issue 23): words in French without caring for accents, in Arabic without diacritics,
 * in transliteration, or a reference; each verse found with its words marked and a link that opens the reader
 * at it. Drawn by the server for each query (decision 22): the form is a plain form, no script is needed.
 * Without a connection, the service worker gives this page as kept, drawn for no query, and its island
 * ('quran-search') searches the verses kept on the device the same way and fills the same markup.
 */
export function QuranSearchPage() {
  const { search } = useLocation();
  const { query, page } = searchParamsOf(search);
  const result = useQuranSearch(query, page);
  return (
    <div data-island="quran-search" data-query={query} data-page={page}>
      <PageTitle>Rechercher dans le Coran</PageTitle>
      <SearchForm query={query} label="Des mots, une référence (2:255) ou une sourate" />
      <div data-results>
        {query !== '' && (
          <ScreenStateView screen={screenStateOf(result)} loadingLabel="Recherche en cours">
            {(found) => <Results result={found} page={page} />}
          </ScreenStateView>
        )}
      </div>
      <template data-offline-results>
        <p role="status" className={classes.count} />
        <ol className={classes.matches} />
      </template>
      <template data-match>
        <Match />
      </template>
      <p className={classes.credit}>
        Traduction française de Muhammad Hamidullah, d'après Tanzil.net, pour un usage non commercial
        seulement (<Link to="/sources">sources et conditions</Link>).
      </p>
    </div>
  );
}
