import { NativeSelect } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { InvocationCategory } from '@app/contracts';
import { useHydrated } from '../../../lib/use-hydrated';
import { QuotationNotes } from '../../../components/TranslationNotes';
import { ArabicText } from '../../../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../../../components/MixedText';
import classes from '../components/learning.module.css';

const DEFAULT_CATEGORY = 'Invocations du quotidien';

function Invocations({ categories }: { categories: InvocationCategory[] }) {
  // The chosen category is in the address (?categorie=…), so it survives a reload and can be shared.
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const chosen =
    categories.find((c) => c.title === params.get('categorie')) ??
    categories.find((c) => c.title === DEFAULT_CATEGORY);
  const category = chosen ?? categories[0];
  if (!category) return null;

  return (
    <>
      <NativeSelect
        label="Choisissez une catégorie"
        data={categories.map((c) => c.title)}
        value={category.title}
        onChange={(event) => setParams({ categorie: event.currentTarget.value }, { replace: true })}
        disabled={!hydrated}
        maw={420}
        mb="xl"
      />
      <h2 className={classes.sectionTitle}>{category.title}</h2>
      <div className={classes.stack}>
        {category.invocations.map((invocation) => (
          <article key={invocation.invocation_arabe} className={classes.card}>
            <ArabicText size="lg">{invocation.invocation_arabe}</ArabicText>
            <p className={classes.text}>
              <em>{invocation.invocation_transliteration}</em>
            </p>
            <p className={classes.text} style={{ fontWeight: 500, fontSize: '1rem' }}>
              {invocation.invocation_francais}
            </p>
            {invocation.coran && (
              <QuotationNotes quotations={[{ ...invocation.coran, texte: invocation.invocation_francais }]} />
            )}
            <p className={classes.text}>
              <span className={classes.label}>Raison :</span> <MixedText>{invocation.raison}</MixedText>
            </p>
            <p className={classes.muted}>Source : {invocation.source}</p>
          </article>
        ))}
      </div>
    </>
  );
}

export function InvocationsPage() {
  return (
    <LearningPage<InvocationCategory[]>
      title="Invocations"
      intro="Des invocations authentiques pour chaque moment de la journée, tirées du Coran et de la Sunna, avec leur source."
      file="invocations.json"
    >
      {(categories) => <Invocations categories={categories} />}
    </LearningPage>
  );
}
